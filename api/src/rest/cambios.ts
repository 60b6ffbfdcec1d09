// What a write changed in one record, as its history keeps it (logs.cambios, docs/arquitectura.md §17):
// {campo: [antes, después]} in the API's representation, only the fields that differ. A secret
// (a write-only field: logins.pass) never leaves its hash in the log, only that it changed.
import type { Resource } from '../base/types.js';
import { fromDb } from '../base/values.js';
import { mensajes } from '../mensajes.js';

type Row = Record<string, unknown>;
export type Cambios = Record<string, [unknown, unknown] | string>;

/** Stamped by the server on every write: their change is the write itself, not part of what it changed. */
const SELLOS = new Set(['id', 'createdAt', 'updatedAt', 'version']);

/** Rows as the database gives them; `antes` absent for a creation, `despues` for a deletion. */
export function cambiosDe(resource: Resource, antes: Row | undefined, despues: Row | undefined): Cambios {
  const cambios: Cambios = {};
  for (const [name, field] of Object.entries(resource.fields)) {
    if (SELLOS.has(name)) continue;
    const a = antes ? fromDb(field, antes[name]) : null;
    const d = despues ? fromDb(field, despues[name]) : null;
    if (JSON.stringify(a) === JSON.stringify(d)) continue;
    cambios[name] = field.writeOnly ? mensajes.historial.cambiada : [a, d];
  }
  return cambios;
}
