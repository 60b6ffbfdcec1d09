// How people name one row of an entity (in the contract: the API declares it, the admin reads it) («Programación», «A-12», «Nuria Cortés»), declared once on
// its definition as plain data, so that the same declaration reads as SQL (the CSV's references,
// api/src/rest/columnas.ts) and as a function of a record (the admin, the log's line, a PDF's title).

/**
 * Templates over the row's fields, `{campo}` for a field's value and anything else as written;
 * the first whose fields all have a value (not null, not empty) names the row:
 * `['{serie}-{numero}', 'Borrador #{id}']`. A single template may be given as a string.
 */
export type Nombre = string | readonly string[];

/** A template as its pieces: text as written, and `{ campo }` where a field's value goes. */
export type Pieza = string | { campo: string };

const CAMPO = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export const plantillas = (nombre: Nombre): readonly string[] => (typeof nombre === 'string' ? [nombre] : nombre);

export function piezas(plantilla: string): Pieza[] {
  const partes: Pieza[] = [];
  let desde = 0;
  for (const m of plantilla.matchAll(CAMPO)) {
    if (m.index > desde) partes.push(plantilla.slice(desde, m.index));
    partes.push({ campo: m[1] });
    desde = m.index + m[0].length;
  }
  if (desde < plantilla.length) partes.push(plantilla.slice(desde));
  return partes;
}

/** The fields a declaration reads, for a test to check that each exists. */
export const camposDelNombre = (nombre: Nombre): string[] => [
  ...new Set(plantillas(nombre).flatMap((p) => piezas(p).flatMap((pieza) => (typeof pieza === 'string' ? [] : [pieza.campo])))),
];

const tieneValor = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * A record's name by its entity's declaration, or undefined when no template's fields all have a
 * value in it (the caller says «#id»). The same choice as the SQL of api/src/rest/columnas.ts.
 */
export function formatNombre(nombre: Nombre | undefined, record: Record<string, unknown>): string | undefined {
  for (const plantilla of plantillas(nombre ?? [])) {
    const partes = piezas(plantilla);
    if (partes.every((p) => typeof p === 'string' || tieneValor(record[p.campo]))) {
      return partes.map((p) => (typeof p === 'string' ? p : String(record[p.campo]))).join('');
    }
  }
  return undefined;
}
