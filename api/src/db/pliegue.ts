// How text is folded for search (`ilike`, the admin's search box): a Latin letter loses its
// accents («García» reads «garcia», «Núñez» «nunez»), then everything is lower-cased. Other
// scripts keep their marks (й, ά and 한 are letters of their own, not accented ones). One
// definition, written twice: in JavaScript for SQLite (a function registered on every
// connection, db/index.ts) and in SQL for PostgreSQL (the function `pliegue`, migration 0009).
// The substring indexes are built on it, so changing it takes a migration that rebuilds them.

// A Latin letter followed by combining marks (after NFD): the marks go, the letter stays.
const ACENTOS = /([A-Za-z])[\u0300-\u036f]+/g;
const ASCII = /^[\x00-\x7f]*$/;

/** The folded text: what `pliegue(x)` returns on both databases. */
export function foldTexto(texto: string): string {
  // Most of what is searched is plain ASCII, which has no accents to lose.
  if (ASCII.test(texto)) return texto.toLowerCase();
  return texto.normalize('NFD').replace(ACENTOS, '$1').normalize('NFC').toLowerCase();
}

/**
 * `pliegue(text)` for PostgreSQL: the same steps, as an immutable function an index can use. A
 * text whose every character is one byte (UTF-8: ASCII) takes the short way there too: checking
 * each row of a page with the whole recipe cost ten times as much on e-mail addresses.
 */
export const PLIEGUE_PG = `CREATE OR REPLACE FUNCTION pliegue(texto text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT CASE WHEN octet_length(texto) = char_length(texto) THEN lower(texto)
    ELSE lower(normalize(regexp_replace(normalize(texto, NFD), '([A-Za-z])[\\u0300-\\u036f]+', '\\1', 'g'), NFC)) END $$`;
