// What a client may know of the registry: each entity's fields and their rules, its search
// fields and the nested routes it is reached through. Plain data, no server behaviour, so the
// admin's build can embed it (admin/registro.vite.ts) and its forms check what the API checks.
import type { Field, Resource } from './types.js';

export type CampoPublico = Pick<
  Field,
  'type' | 'required' | 'default' | 'minLength' | 'maxLength' | 'minimum' | 'exclusiveMinimum' | 'enum' | 'format' | 'pattern' | 'readOnly' | 'writeOnly' | 'references' | 'transiciones'
>;

export interface RecursoPublico {
  fields: Record<string, CampoPublico>;
  searchFields: string[];
  /** Foreign key → parent resource, for each `/parent/{id}/<this>` route. */
  nestedUnder: Record<string, string>;
}

export type RegistroPublico = Record<string, RecursoPublico>;

const REGLAS = ['type', 'required', 'default', 'minLength', 'maxLength', 'minimum', 'exclusiveMinimum', 'enum', 'format', 'pattern', 'readOnly', 'writeOnly', 'references', 'transiciones'] as const;

const campoPublico = (field: Field): CampoPublico =>
  Object.fromEntries(REGLAS.filter((regla) => field[regla] !== undefined).map((regla) => [regla, field[regla]])) as CampoPublico;

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
        fields: Object.fromEntries(Object.entries(r.fields).map(([name, field]) => [name, campoPublico(field)])),
        searchFields: [...r.searchFields],
        nestedUnder: nestedUnder(r.name),
      },
    ]),
  );
}
