// Choices for SelectInput/SelectField, built once from the enum lists: the id is the wire value,
// the name a translation key under `aula.<grupo>` that react-admin translates when rendering.
import {
  estadosClase,
  estadosCurso,
  estadosFactura,
  estadosPago,
  metodosPago,
  nivelesCurso,
  tiposFactura,
  tiposRectificativa,
  tiposIva,
  tiposRegistro,
  tiposLog,
} from './enums';

export interface Choice {
  id: string | number;
  name: string;
}

export const choicesFor = (grupo: string, values: readonly string[]): Choice[] =>
  values.map((id) => ({ id, name: `aula.${grupo}.${id}` }));

export const nivelChoices = choicesFor('nivel', nivelesCurso);
export const estadoCursoChoices = choicesFor('estadoCurso', estadosCurso);
export const estadoClaseChoices = choicesFor('estadoClase', estadosClase);
export const metodoChoices = choicesFor('metodo', metodosPago);
export const estadoPagoChoices = choicesFor('estadoPago', estadosPago);
export const estadoFacturaChoices = choicesFor('estadoFactura', estadosFactura);
export const tipoFacturaChoices = choicesFor('tipoFactura', tiposFactura);
export const tipoRectificativaChoices = choicesFor('tipoRectificativa', tiposRectificativa);
export const tipoRegistroChoices = choicesFor('tipoRegistro', tiposRegistro);
export const tipoLogChoices = choicesFor('tipoLog', tiposLog);
// A percentage needs no translation: use with translateChoice={false}.
export const tipoIvaChoices: Choice[] = tiposIva.map((id) => ({ id, name: `${id} %` }));
