// `POST /registros/{id}/subsanar`: a record the AEAT rejected or accepted with
// errors is never changed; its correction is a new record of the same invoice, as the invoice is
// now, chained at the end of the issuer's chain, with the flags of the AEAT's table of admissible
// operations (validaciones v1.2.2, anexo 6; descripción del servicio, anexo II):
//
//   corrects                         the AEAT holds the invoice?  new record
//   alta rejected                    no                            alta por rechazo: Subsanacion=S, RechazoPrevio=X
//   alta accepted with errors        yes                           alta de subsanación: Subsanacion=S
//   alta rejected as a duplicate     yes (someone's)               alta de subsanación: Subsanacion=S
//   a subsanación rejected           yes                           alta por rechazo de subsanación: Subsanacion=S, RechazoPrevio=S
//   anulación rejected               yes                           anulación por rechazo: RechazoPrevio=S
//   anulación rejected               no                            anulación sin registro previo: SinRegistroPrevio=S
//   that one rejected again          no                            anulación por rechazo sin registro previo: SinRegistroPrevio=S, RechazoPrevio=S
//   anulación accepted with errors   —                             anulación (no flags: it replaces the data)
//
// Where the AEAT refused the client's fiscal identity, the call may carry the corrected
// clienteNif/clienteNombre: the one change an issued invoice ever admits, audited with the call.
import type { Knex } from 'knex';
import { mensajes } from '../../mensajes.js';
import { conflict, validationFailed, type ErrorDetail } from '../../base/errors.js';
import { appendRegistro } from './cadena.js';
import { numSerieFactura } from './formato.js';
import { nifValido, normalizeNif } from './nif.js';
import type { Escritor, Facturacion } from '../../base/types.js';
import { REGISTRADO, remisionBloqueada, type Operacion } from './remision.js';

type Row = Record<string, any>;

/**
 * The AEAT's errors about the client's identity (the Destinatarios block): NIF not in its census,
 * malformed, missing name. Only these let a correction carry new client data.
 */
export const ERRORES_DEL_CLIENTE = new Set([1109, 1110, 1121, 1123, 1193, 1239, 1283, 1290, 2001]);
const CON_DESTINATARIO = new Set(['F1', 'R1', 'R2', 'R3', 'R4']);

export interface DatosSubsanacion {
  clienteNif?: string;
  clienteNombre?: string;
}

/** Whether the AEAT holds any alta of the invoice: one accepted, or one refused because the key exists. */
async function registradaEnAeat(trx: Knex.Transaction, facturaId: number): Promise<boolean> {
  const altas = (await trx('remisiones as m')
    .join('registros as r', 'r.id', 'm.registroId')
    .where('r.facturaId', facturaId)
    .where('r.tipo', 'alta')
    .select('m.estado', 'm.codigoError')) as Row[];
  return altas.some((a) => (REGISTRADO as readonly string[]).includes(a.estado) || (a.estado === 'incorrecto' && Number(a.codigoError) === 3000));
}

export function operacionDeCorreccion(tipo: 'alta' | 'anulacion', corregido: Row, registrada: boolean): Operacion {
  if (tipo === 'alta') {
    if (!registrada) return { subsanacion: 'S', rechazoPrevio: 'X' };
    return corregido.estado === 'incorrecto' && corregido.subsanacion === 'S' ? { subsanacion: 'S', rechazoPrevio: 'S' } : { subsanacion: 'S' };
  }
  if (corregido.estado !== 'incorrecto') return {};
  if (registrada) return { rechazoPrevio: 'S' };
  return corregido.sinRegistroPrevio === 'S' ? { sinRegistroPrevio: 'S', rechazoPrevio: 'S' } : { sinRegistroPrevio: 'S' };
}

/**
 * Writes the correcting record; answers its id. Runs in the action's transaction, through its
 * Escritor, with `registro` (the action's record) locked; the factura it touches gets a history
 * row naming the new record, with the client's data if they were corrected.
 */
export async function subsanar(w: Escritor, registro: Row, datos: DatosSubsanacion, f: Facturacion, ahora = new Date()): Promise<number> {
  const trx = w.db;
  const registroId = Number(registro.id);
  const remision = (await remisionBloqueada(trx, registroId))!;
  const factura = await w.lock('facturas', Number(registro.facturaId));
  const num = numSerieFactura(factura.serie, factura.numero);
  if (remision.estado !== 'incorrecto' && remision.estado !== 'aceptadoConErrores') throw conflict(mensajes.verifactu.noSubsanable(remision.estado));
  if (registro.tipo === 'alta' && factura.estado === 'anulada') throw conflict(mensajes.verifactu.altaDeAnulada(num));
  if (!remision.vigente) {
    const posterior = (await trx('remisiones as m').join('registros as r', 'r.id', 'm.registroId').where('m.corrigeId', registroId).orderBy('m.id', 'desc').first('r.numSerieFactura', 'r.id')) as Row | undefined;
    throw conflict(mensajes.verifactu.yaSubsanado(posterior ? `registro ${posterior.id} de ${posterior.numSerieFactura}` : num));
  }

  const cliente: Row = {};
  if (datos.clienteNif !== undefined || datos.clienteNombre !== undefined) {
    const details: ErrorDetail[] = [];
    const campo = datos.clienteNif !== undefined ? '/clienteNif' : '/clienteNombre';
    if (registro.tipo !== 'alta' || !CON_DESTINATARIO.has(factura.tipo)) throw validationFailed([{ path: campo, code: 'cliente', message: mensajes.verifactu.clienteNoAdmitido }]);
    if (!ERRORES_DEL_CLIENTE.has(Number(remision.codigoError))) {
      throw validationFailed([{ path: campo, code: 'cliente', message: mensajes.verifactu.clienteSinRechazo(remision.codigoError === null ? null : Number(remision.codigoError)) }]);
    }
    if (datos.clienteNif !== undefined) {
      const nif = normalizeNif(datos.clienteNif);
      if (/^[0-9XYZKLMABCDEFGHJNPQRSUVW]\d{7}[0-9A-Z]$/.test(nif) && !nifValido(nif)) details.push({ path: '/clienteNif', code: 'nif', message: mensajes.facturacion.nifNoValido(datos.clienteNif) });
      else if (!nif) details.push({ path: '/clienteNif', code: 'required', message: mensajes.facturacion.falta('clienteNif') });
      cliente.clienteNif = nif;
    }
    if (datos.clienteNombre !== undefined) {
      if (!datos.clienteNombre.trim()) details.push({ path: '/clienteNombre', code: 'required', message: mensajes.verifactu.nombreVacio });
      cliente.clienteNombre = datos.clienteNombre.trim();
    }
    if (details.length) throw validationFailed(details);
  }

  const operacion = operacionDeCorreccion(registro.tipo, remision, await registradaEnAeat(trx, Number(factura.id)));
  const nuevo = await appendRegistro(w, { ...factura, ...cliente }, registro.tipo, f, ahora, { ...operacion, corrigeId: registroId });
  await w.updateWhere('remisiones', { registroId }, { vigente: false });
  await w.update('facturas', Number(factura.id), cliente, { datos: { registroId: Number(nuevo.id), corrige: registroId } });
  return Number(nuevo.id);
}
