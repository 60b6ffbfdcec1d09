// The value lists of the API's enum fields, read from its registry, for selects and filters.
import { valores } from '../registro';

export const nivelesCurso = valores('cursos', 'nivel');
export const estadosCurso = valores('cursos', 'estado');
export const estadosClase = valores('clases', 'estado');
export const metodosPago = valores('pagos', 'metodo');
export const estadosPago = valores('pagos', 'estado');
export const estadosFactura = valores('facturas', 'estado');
export const tiposFactura = valores('facturas', 'tipo');
export const tiposRectificativa = valores('facturas', 'tipoRectificativa');
export const tiposRegistro = valores('registros', 'tipo');
export const tiposIva = valores<number>('facturas', 'tipoIva');
/** The log tipos the API and the admin write (docs/arquitectura.md §4); tipo itself is free text. */
export const tiposLog = ['BACK-LOGIN', 'CREATE', 'UPDATE', 'DELETE'] as const;
