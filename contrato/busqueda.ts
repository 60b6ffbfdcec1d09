// The admin's search box as the API reads it: what the admin sends, the bench measures and the
// tests ask, written once for both sides.

type Where = Record<string, unknown>;

// `like` patterns treat % and _ as wildcards, with \ as the escape.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The search box as a LoopBack where: every word must appear in some search field (a field of
 * the record or of one it points at: `usuario.apellidos`), so «Nuria Cort» finds Nuria Cortés
 * (nombre + apellidos) while one word still reads as one `or`. Undefined when there is nothing
 * to look for.
 */
export function whereDeBusqueda(campos: string[], texto: string): Where | undefined {
  const palabras = texto.split(/\s+/).filter(Boolean);
  if (campos.length === 0 || palabras.length === 0) return undefined;
  const enAlguno = (palabra: string): Where => {
    const patron = `%${escapeLike(palabra)}%`;
    return { or: campos.map((campo) => ({ [campo]: { ilike: patron } })) };
  };
  return palabras.length === 1 ? enAlguno(palabras[0]) : { and: palabras.map(enAlguno) };
}
