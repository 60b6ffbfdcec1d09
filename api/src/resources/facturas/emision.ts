// Issuing, correcting and cancelling invoices (DESIGN §11). Each function runs inside the
// caller's write transaction: the number, the invoice and its VeriFactu record are committed
// together or not at all, so an aborted emission leaves no gap in its serie.
import type { Knex } from 'knex';
import { isPg } from '../../db/index.js';
import { diaEn } from '../../informes/tiempo.js';
import { mensajes } from '../../mensajes.js';
import { conflict, validationFailed, type ErrorDetail } from '../../rest/errors.js';
import { clienteDe } from '../cliente.js';
import { nifValido, normalizarNif } from '../nif.js';
import type { Facturacion } from '../types.js';
import { anadirRegistro } from './cadena.js';
import { esSerie, numSerieFactura } from './formato.js';

type Db = Knex | Knex.Transaction;
type Row = Record<string, any>;

export const TIPOS_FACTURA = ['F1', 'F2', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;
export const MOTIVOS_RECTIFICACION = ['R1', 'R2', 'R3', 'R4'] as const;
/** Art. 4 RD 1619/2012: a simplified invoice without the customer's NIF, up to 400 € IVA included. */
export const MAXIMO_SIMPLIFICADA = 40_000;

/** IVA owed on a base, both in céntimos: rounded half away from zero, as tax law rounds. */
export const cuotaIva = (base: number, tipoIva: number) => Math.sign(base) * Math.round((Math.abs(base) * tipoIva) / 100);

/**
 * Base and cuota of a price that includes IVA, adding up to the price exactly. The base is
 * price / (1 + tipo), or a neighbour whose rounded cuota lands on the price; some prices have no
 * such base (the total jumps by 2 céntimos there), and then the cuota is what is left.
 */
export function desglose(precioConIva: number, tipoIva: number) {
  const aprox = Math.round(precioConIva / (1 + tipoIva / 100));
  const base = [aprox, aprox - 1, aprox + 1].find((b) => b + cuotaIva(b, tipoIva) === precioConIva) ?? aprox;
  return { base, tipoIva, cuotaIva: precioConIva - base, total: precioConIva };
}

/** F1 when the customer is identified by NIF, F2 (simplificada) otherwise. */
export const tipoOrdinaria = (clienteNif: unknown) => (typeof clienteNif === 'string' && clienteNif.trim() ? 'F1' : 'F2');

const esEmitida = (estado: string) => estado === 'emitida' || estado === 'pagada';

async function facturaBloqueada(trx: Db, id: number): Promise<Row> {
  const qb = trx('facturas').where('id', id).first();
  if (isPg(trx as Knex)) qb.forUpdate();
  return (await qb) as Row;
}

/** The serie's counter row, created at 0 the first time and locked for the transaction. */
async function contador(trx: Db, serie: string): Promise<Row> {
  await trx('contadores').insert({ serie, ultimoNumero: 0, ultimaFecha: null }).onConflict('serie').ignore();
  const qb = trx('contadores').where('serie', serie).first();
  if (isPg(trx as Knex)) qb.forUpdate();
  return (await qb) as Row;
}

const fechaEs = (dia: string) => dia.split('-').reverse().join('/');

/** What an invoice of its kind lacks to be issued: the customer's data on a complete one, the limit on a simplified one. */
function incompleta(f: Row, original?: Row): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  const completa = f.tipo === 'F1' || (f.tipo !== 'F2' && f.tipo !== 'R5' && original?.tipo !== 'F2');
  if (completa) {
    for (const campo of ['clienteNombre', 'clienteNif', 'clienteDireccion']) {
      if (!f[campo] || !String(f[campo]).trim()) details.push({ path: `/${campo}`, code: 'required', message: mensajes.facturacion.falta(campo) });
    }
    const nif = f.clienteNif ? normalizarNif(String(f.clienteNif)) : '';
    // A Spanish identifier must carry its right control character; a foreign one is taken as typed.
    if (/^[0-9XYZKLMABCDEFGHJNPQRSUVW]\d{7}[0-9A-Z]$/.test(nif) && !nifValido(nif)) {
      details.push({ path: '/clienteNif', code: 'nif', message: mensajes.facturacion.nifNoValido(String(f.clienteNif)) });
    }
  } else if (f.tipo === 'F2' && Number(f.total) > MAXIMO_SIMPLIFICADA) {
    details.push({ path: '/clienteNif', code: 'simplificada', message: mensajes.facturacion.simplificadaMaxima });
  }
  return details;
}

/**
 * `POST /facturas/{id}/emitir`: the next number of its serie, the date (now, or the one given if
 * not before the serie's last), the issuer and the customer as they are now, and the record.
 */
export async function emitir(trx: Db, id: number, { fecha }: { fecha?: string }, f: Facturacion, ahora = new Date()): Promise<void> {
  const factura = await facturaBloqueada(trx, id);
  if (factura.estado !== 'borrador') throw conflict(mensajes.facturacion.yaEmitida(numSerieFactura(factura.serie, factura.numero)));

  // The customer as printed: what the draft says, completed from the usuario where it says nothing.
  const usuario = (await trx('usuarios').where('id', factura.usuarioId).first()) as Row;
  const desdeUsuario = clienteDe(usuario);
  const cliente = {
    clienteNombre: factura.clienteNombre || desdeUsuario.clienteNombre,
    clienteNif: factura.clienteNif ? normalizarNif(factura.clienteNif) : desdeUsuario.clienteNif ? normalizarNif(desdeUsuario.clienteNif) : null,
    clienteDireccion: factura.clienteDireccion || desdeUsuario.clienteDireccion,
  };
  const original = factura.rectificaId ? ((await trx('facturas').where('id', factura.rectificaId).first()) as Row) : undefined;
  const tipo = factura.rectificaId ? factura.tipo : tipoOrdinaria(cliente.clienteNif);
  const details = incompleta({ ...factura, ...cliente, tipo }, original);
  // A draft saved before series were checked may hold one that is not an identifier (« A»
  // would be issued as a second A-1): it is corrected on the draft, never issued as it is.
  if (!esSerie(factura.serie)) details.push({ path: '/serie', code: 'pattern', message: mensajes.validacion.patron.serie });

  const cuando = fecha ? new Date(fecha) : ahora;
  const dia = diaEn(cuando, f.timeZone);
  if (dia > diaEn(ahora, f.timeZone)) details.push({ path: '/fecha', code: 'futura', message: mensajes.facturacion.fechaFutura });
  const cont = await contador(trx, factura.serie);
  const ultimoDia = cont.ultimaFecha ? diaEn(new Date(cont.ultimaFecha), f.timeZone) : undefined;
  if (ultimoDia && dia < ultimoDia) details.push({ path: '/fecha', code: 'anterior', message: mensajes.facturacion.fechaAnterior(fechaEs(ultimoDia)) });
  if (details.length) throw validationFailed(details);

  const numero = Number(cont.ultimoNumero) + 1;
  const fechaIso = cuando.toISOString();
  const ultimaFecha = cont.ultimaFecha && new Date(cont.ultimaFecha) > cuando ? cont.ultimaFecha : fechaIso;
  await trx('contadores').where('serie', factura.serie).update({ ultimoNumero: numero, ultimaFecha });
  const emitida = {
    ...cliente,
    numero,
    fecha: fechaIso,
    tipo,
    estado: 'emitida',
    emisorNif: f.emisor.nif,
    emisorNombre: f.emisor.nombre,
    emisorDomicilio: f.emisor.domicilio,
    updatedAt: ahora.toISOString(),
  };
  await trx('facturas').where('id', id).update(emitida);
  await anadirRegistro(trx, { ...factura, ...emitida }, 'alta', f, ahora);
}

export interface Rectificacion {
  motivo: (typeof MOTIVOS_RECTIFICACION)[number];
  descripcion: string;
  /** The difference in base (negative to take away); left out, the whole invoice is cancelled. */
  base?: number;
  tipoIva?: number;
  concepto?: string;
}

/**
 * `POST /facturas/{id}/rectificar`: a rectificativa por diferencias in the rectificativas serie,
 * issued at once. Left without amounts it cancels the whole invoice, céntimo for céntimo.
 * Returns the new invoice's id.
 */
export async function rectificar(trx: Db, id: number, r: Rectificacion, f: Facturacion, ahora = new Date()): Promise<number> {
  const original = await facturaBloqueada(trx, id);
  const num = numSerieFactura(original.serie, original.numero);
  if (!esEmitida(original.estado)) throw conflict(mensajes.facturacion.noRectificable(original.numero ? num : `(borrador ${id})`, original.estado));
  const tipoIva = r.tipoIva ?? Number(original.tipoIva);
  const entera = r.base === undefined && tipoIva === Number(original.tipoIva);
  const base = r.base ?? -Number(original.base);
  const cuota = entera ? -Number(original.cuotaIva) : cuotaIva(base, tipoIva);
  const iso = ahora.toISOString();
  const [insertado] = await trx('facturas')
    .insert({
      serie: f.series.rectificativas,
      numero: null,
      fecha: null,
      usuarioId: original.usuarioId,
      clienteNombre: original.clienteNombre,
      clienteNif: original.clienteNif,
      clienteDireccion: original.clienteDireccion,
      concepto: r.concepto ?? mensajes.facturacion.conceptoRectificacion(num, r.descripcion),
      base,
      tipoIva,
      cuotaIva: cuota,
      total: base + cuota,
      estado: 'borrador',
      rectificaId: id,
      tipo: original.tipo === 'F2' || original.tipo === 'R5' ? 'R5' : r.motivo,
      motivoRectificacion: r.descripcion,
      createdAt: iso,
      updatedAt: iso,
    })
    .returning('id');
  const nuevaId = Number(typeof insertado === 'object' ? insertado.id : insertado);
  await emitir(trx, nuevaId, {}, f, ahora);
  return nuevaId;
}

/** `POST /facturas/{id}/anular`: for an invoice issued by mistake; its number stays used. */
export async function anular(trx: Db, id: number, f: Facturacion, ahora = new Date()): Promise<void> {
  const factura = await facturaBloqueada(trx, id);
  if (!esEmitida(factura.estado)) throw conflict(mensajes.facturacion.noAnulable(factura.estado));
  const rectificativa = await trx('facturas').where('rectificaId', id).whereNot('estado', 'anulada').whereNot('estado', 'borrador').first('id');
  if (rectificativa) throw conflict(mensajes.facturacion.tieneRectificativas(numSerieFactura(factura.serie, factura.numero)));
  await trx('facturas').where('id', id).update({ estado: 'anulada', updatedAt: ahora.toISOString() });
  await anadirRegistro(trx, factura, 'anulacion', f, ahora);
}

/**
 * `POST /pagos/{id}/facturar`: the invoice of a completed pago, made out to its usuario, issued
 * and marked paid, whose total is the pago's importe exactly. Returns the invoice's id.
 */
export async function facturarPago(trx: Db, pago: Row, opts: { tipoIva?: number; concepto?: string }, f: Facturacion, ahora = new Date()): Promise<number> {
  const usuario = (await trx('usuarios').where('id', pago.usuarioId).first()) as Row;
  const curso = pago.cursoId ? ((await trx('cursos').where('id', pago.cursoId).first('titulo')) as Row | undefined) : undefined;
  const iso = ahora.toISOString();
  const [insertado] = await trx('facturas')
    .insert({
      serie: f.series.facturas,
      usuarioId: pago.usuarioId,
      ...clienteDe(usuario),
      concepto: opts.concepto ?? (curso ? `Curso: ${curso.titulo}` : mensajes.facturacion.conceptoPago(Number(pago.id))),
      ...desglose(Number(pago.importe), opts.tipoIva ?? 21),
      estado: 'borrador',
      tipo: tipoOrdinaria(usuario.nif),
      createdAt: iso,
      updatedAt: iso,
    })
    .returning('id');
  const facturaId = Number(typeof insertado === 'object' ? insertado.id : insertado);
  await emitir(trx, facturaId, {}, f, ahora);
  await trx('facturas').where('id', facturaId).update({ estado: 'pagada' });
  return facturaId;
}
