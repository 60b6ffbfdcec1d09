// The public registry (its shape: contrato/entidades.ts) made from the entity definitions: each
// entity's names, its fields' public rules, its search fields, the nested routes it is reached
// through and what each role may do with it (its `acceso`, the same declaration the API enforces).
// Plain data, no server behaviour, so the admin's build can embed it (admin/entidades.vite.ts).
import type { CampoPublico, EntidadesPublicas } from '../../../contrato/entidades.js';
import type { Field, Resource } from '../base/types.js';

// Every rule the contract names, and only those: one it adds and this list forgot would never
// reach the admin, so the typecheck asks for each (a Record of all its keys).
const REGLAS: Record<keyof CampoPublico, true> = {
  type: true, label: true, enumLabels: true, required: true, default: true, minLength: true, maxLength: true, minimum: true, maximum: true, exclusiveMinimum: true,
  enum: true, format: true, pattern: true, readOnly: true, writeOnly: true, references: true, transiciones: true, money: true,
};
const PUBLICOS = Object.keys(REGLAS) as (keyof CampoPublico)[];

const campoPublico = (field: Field): CampoPublico => ({
  type: field.type,
  ...Object.fromEntries(PUBLICOS.filter((regla) => field[regla] !== undefined).map((regla) => [regla, field[regla]])),
});

export function entidadesPublicas(resources: Record<string, Resource>): EntidadesPublicas {
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
