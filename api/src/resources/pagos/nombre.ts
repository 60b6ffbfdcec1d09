// How people name a pago: its gateway's or bank's reference, or «#id» without one. The entity's
// `nombre` and every message that names a pago (a refusal, a statement's proposal) read it here.
import { formatNombre } from '../../../../contrato/nombre.js';

export const NOMBRE_PAGO = ['{referencia}', '#{id}'];

export const nombrePago = (pago: object) => formatNombre(NOMBRE_PAGO, pago as Record<string, unknown>)!;
