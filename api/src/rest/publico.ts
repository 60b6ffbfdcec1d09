// What a client may know of the registry: each entity's names, its fields with their labels and
// rules, its search fields, the nested routes it is reached through and what each role may do
// with it (its `acceso`, the same declaration the API enforces). Plain data, no server behaviour, so the
// admin's build can embed it (admin/registro.vite.ts) and its forms check what the API checks.
import type { Nombre } from '../base/nombre.js';
import type { Acceso, Etiquetas, Field, Resource } from '../base/types.js';

export type { Etiquetas, Nombre };
export { nombrar } from '../base/nombre.js';

export type CampoPublico = Pick<
  Field,
  | 'type' | 'label' | 'enumLabels' | 'required' | 'default' | 'minLength' | 'maxLength' | 'minimum' | 'exclusiveMinimum' | 'enum' | 'format' | 'pattern'
  | 'readOnly' | 'writeOnly' | 'references' | 'transiciones' | 'money'
>;

export interface RecursoPublico {
  labels: Etiquetas;
  fields: Record<string, CampoPublico>;
  searchFields: string[];
  /** Foreign key → parent resource, for each `/parent/{id}/<this>` route. */
  nestedUnder: Record<string, string>;
  /**
   * Per role: whether it reads the rows (all, none, its own), writes them (create, change,
   * delete and every action of the entity) and which fields alone it reads. The admin hides what
   * the API would refuse; a role not named may do nothing.
   */
  acceso: Acceso;
  /** The field that names the account a row belongs to, where a role reads only its own. */
  propio?: string;
  /** How people name one of its records (base/nombre.ts), as the CSV names it. */
  nombre?: Nombre;
  /** Its records can be restored to a version of their history (docs/arquitectura.md §17). */
  restaurable?: boolean;
}

export type RegistroPublico = Record<string, RecursoPublico>;

type Where = Record<string, unknown>;

// `like` patterns treat % and _ as wildcards, with \ as the escape.
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The admin's search box as a LoopBack where: every word must appear in some search field (a
 * field of the record or of one it points at: `usuario.apellidos`), so «Nuria Cort» finds
 * Nuria Cortés (nombre + apellidos) while one word still reads as one `or`. Undefined when
 * there is nothing to look for. What the admin sends, the bench measures and the tests ask.
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

const PUBLICOS = ['type', 'label', 'enumLabels', 'required', 'default', 'minLength', 'maxLength', 'minimum', 'exclusiveMinimum', 'enum', 'format', 'pattern', 'readOnly', 'writeOnly', 'references', 'transiciones', 'money'] as const;

const campoPublico = (field: Field): CampoPublico =>
  Object.fromEntries(PUBLICOS.filter((regla) => field[regla] !== undefined).map((regla) => [regla, field[regla]])) as CampoPublico;

export function registroPublico(resources: Record<string, Resource>): RegistroPublico {
  const nestedUnder = (name: string) =>
    Object.fromEntries(
      Object.values(resources).flatMap((parent) =>
        Object.values(parent.relations)
          .filter((r) => r.type === 'hasMany' && r.nested && r.target === name)
          .map((r) => [r.foreignKey, parent.name]),
      ),
    );
  return Object.fromEntries(
    Object.values(resources).map((r) => [
      r.name,
      {
        labels: r.labels,
        fields: Object.fromEntries(Object.entries(r.fields).map(([name, field]) => [name, campoPublico(field)])),
        searchFields: [...r.searchFields],
        nestedUnder: nestedUnder(r.name),
        acceso: structuredClone(r.acceso),
        ...(r.propio ? { propio: r.propio } : {}),
        ...(r.nombre ? { nombre: r.nombre } : {}),
        ...(r.restaurable ? { restaurable: true } : {}),
      },
    ]),
  );
}
