// Choices for SelectInput/SelectField of any enum field, from the API registry: the id is the wire
// value, the name the catalogue key of its label (providers/i18n/recursos.ts writes one for every
// label the registry declares), which react-admin translates when rendering.
import { valores } from '../../entidades';

export interface Choice {
  id: string | number;
  name: string;
}

/** Where the catalogue keeps the label of an enum's value: `aula.enum.<recurso>.<campo>.<valor>`. */
export const claveDeValor = (name: string, field: string, valor: string | number) => `aula.enum.${name}.${field}.${valor}`;

// Built once a field: inputs compare their choices by identity, and a render must not renew them.
const todas = new Map<string, Choice[]>();

/** The choices of an enum field: all its values, or only those given (the estados a pago may move to). */
export function choicesDe(name: string, field: string, values?: readonly (string | number)[]): Choice[] {
  const build = (ids: readonly (string | number)[]) => ids.map((id) => ({ id, name: claveDeValor(name, field, id) }));
  if (values) return build(values);
  const clave = `${name}.${field}`;
  let choices = todas.get(clave);
  if (!choices) todas.set(clave, (choices = build(valores(name, field))));
  return choices;
}
