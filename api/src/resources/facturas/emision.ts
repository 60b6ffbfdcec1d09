// Issuing, correcting and cancelling invoices (docs/arquitectura.md §11). Each function writes through
// the caller's Escritor (an action's: rest/escritura.ts), inside its transaction: the number, the
// invoice and its VeriFactu record are committed together or not at all, so an aborted emission
// leaves no gap in its serie; and every change of an invoice or a pago has its history row, named
// after the step that made it (`emitir`) or the action that ran (`facturar`, `rectificar`…).
import type { Knex } from 'knex';
import { lockRow } from '../../db/filas.js';
import { diaEn } from '../../base/tiempo.js';
import { mensajes } from '../../mensajes.js';
import { conflict, validationFailed, type ErrorDetail } from '../../base/errors.js';
import { clienteDe } from '../../../../contrato/cliente.js';
import { nifValido, normalizeNif } from './nif.js';
import type { Escritor, Facturacion } from '../../base/types.js';
import { appendRegistro } from './cadena.js';
import { esSerie, fechaExpedicion, numSerieFactura } from './formato.js';
import { describeDescuento } from '../cupones/canje.js';

type Db = Knex | Knex.Transaction;
type Row = Record<string, any>;

export const TIPOS_FACTURA = ['F1', 'F2', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;
/** The AEAT's TipoFactura codes, each with what it means (RD 1619/2012, art. 80 LIVA). */
export const ETIQUETAS_TIPO_FACTURA = { F1: 'F1 · Factura completa', F2: 'F2 · Factura simplificada', R1: 'R1 · Rectificativa por error fundado en derecho (art. 80 Uno, Dos y Seis LIVA)', R2: 'R2 · Rectificativa por concurso de acreedores (art. 80 Tres LIVA)', R3: 'R3 · Rectificativa por crédito incobrable (art. 80 Cuatro LIVA)', R4: 'R4 · Rectificativa por otras causas', R5: 'R5 · Rectificativa de factura simplificada' };
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

/** Issued and in force as far as its estado says: what may be rectified, paid or anulada. */
const EMITIDAS = ['emitida', 'pagada'];
export const esEmitida = (estado: string) => EMITIDAS.includes(estado);

/** The serie's counter row, created at 0 the first time and locked for the transaction. */
async function contador(trx: Db, serie: string): Promise<Row> {
  await trx('contadores').insert({ serie, ultimoNumero: 0, ultimaFecha: null }).onConflict('serie').ignore();
  return (await lockRow(trx, 'contadores', { serie }))!;
}

/** Kinds that may go without the customer's identity: a simplified invoice and its rectificativas. */
const esSimplificada = (tipo: string) => tipo === 'F2' || tipo === 'R5';

/**
 * What an invoice of its kind lacks to be issued: the customer's data on a complete one, the limit
 * on a simplified one (an F2, or the R5 that substitutes one: a whole simplified invoice again).
 */
function incompleta(f: Row): ErrorDetail[] {
  const details: ErrorDetail[] = [];
  if (!esSimplificada(f.tipo)) {
    for (const campo of ['clienteNombre', 'clienteNif', 'clienteDireccion']) {
      if (!f[campo] || !String(f[campo]).trim()) details.push({ path: `/${campo}`, code: 'required', message: mensajes.facturacion.falta(campo) });
    }
    const nif = f.clienteNif ? normalizeNif(String(f.clienteNif)) : '';
    // A Spanish identifier must carry its right control character; a foreign one is taken as typed.
    if (/^[0-9XYZKLMABCDEFGHJNPQRSUVW]\d{7}[0-9A-Z]$/.test(nif) && !nifValido(nif)) {
      details.push({ path: '/clienteNif', code: 'nif', message: mensajes.facturacion.nifNoValido(String(f.clienteNif)) });
    }
  } else if ((f.tipo === 'F2' || f.tipoRectificativa === 'S') && Number(f.total) > MAXIMO_SIMPLIFICADA) {
    details.push({ path: '/clienteNif', code: 'simplificada', message: mensajes.facturacion.simplificadaMaxima });
  }
  return details;
}

/** `aaaa-mm-dd` as a person reads it: `dd/mm/aaaa`. */
const diaEs = (dia: string) => dia.split('-').reverse().join('/');

/**
 * What the AEAT refuses of a FechaOperacion under ClaveRegimen 01 (validaciones, FechaOperacion
 * and FechaExpedicionFactura): later than the issue (only regimes 14 and 15 invoice an operation
 * yet to come), or more than twenty years back. Days in the business's zone, `aaaa-mm-dd`.
 */
function fueraDePlazo(operacion: string, expedicion: string): ErrorDetail[] {
  if (operacion > expedicion) return [{ path: '/fechaOperacion', code: 'posterior', message: mensajes.facturacion.operacionPosterior(diaEs(operacion), diaEs(expedicion)) }];
  const limite = `${Number(expedicion.slice(0, 4)) - 20}${expedicion.slice(4)}`;
  if (operacion < limite) return [{ path: '/fechaOperacion', code: 'antigua', message: mensajes.facturacion.operacionAntigua(diaEs(operacion)) }];
  return [];
}

/**
 * `POST /facturas/{id}/emitir`: the next number of its serie, the date (now, or the one given if
 * not before the serie's last), the issuer and the customer as they are now, and the record.
 * `factura` is the draft as stored, locked in this transaction (the action's own record, or one
 * just created in it). Answers it as stored now.
 */
export async function emitir(w: Escritor, factura: Row, { fecha }: { fecha?: string }, f: Facturacion, ahora = new Date()): Promise<Row> {
  const trx = w.db;
  if (factura.estado !== 'borrador') throw conflict(mensajes.facturacion.yaEmitida(numSerieFactura(factura.serie, factura.numero)));

  // The customer as printed: what the draft says, completed from the usuario where it says
  // nothing. A rectificativa carries exactly the customer it was made with (the rectified
  // invoice's, or the corrected one of a substitution).
  const desdeUsuario: Partial<ReturnType<typeof clienteDe>> = factura.rectificaId ? {} : clienteDe((await trx('usuarios').where('id', factura.usuarioId).first()) as Row);
  const nif = factura.clienteNif || desdeUsuario.clienteNif;
  const cliente = {
    clienteNombre: factura.clienteNombre || desdeUsuario.clienteNombre || null,
    clienteNif: nif ? normalizeNif(nif) : null,
    clienteDireccion: factura.clienteDireccion || desdeUsuario.clienteDireccion || null,
  };
  const tipo = factura.rectificaId ? factura.tipo : tipoOrdinaria(cliente.clienteNif);
  const details = incompleta({ ...factura, ...cliente, tipo });
  // A draft saved before series were checked may hold one that is not an identifier (« A»
  // would be issued as a second A-1): it is corrected on the draft, never issued as it is.
  if (!esSerie(factura.serie)) details.push({ path: '/serie', code: 'pattern', message: mensajes.validacion.patron.serie });

  const cuando = fecha ? new Date(fecha) : ahora;
  const dia = diaEn(cuando, f.timeZone);
  if (dia > diaEn(ahora, f.timeZone)) details.push({ path: '/fecha', code: 'futura', message: mensajes.facturacion.fechaFutura });
  if (factura.fechaOperacion) details.push(...fueraDePlazo(diaEn(new Date(factura.fechaOperacion), f.timeZone), dia));
  const cont = await contador(trx, factura.serie);
  const ultimoDia = cont.ultimaFecha ? diaEn(new Date(cont.ultimaFecha), f.timeZone) : undefined;
  if (ultimoDia && dia < ultimoDia) details.push({ path: '/fecha', code: 'anterior', message: mensajes.facturacion.fechaAnterior(fechaExpedicion(cont.ultimaFecha, f.timeZone, '/')) });
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
  };
  // The record first, from the invoice as it will be: the emission's history row names it.
  const registro = await appendRegistro(w, { ...factura, ...emitida }, 'alta', f, ahora);
  return w.update('facturas', Number(factura.id), emitida, { accion: 'emitir', datos: { registroId: registro.id } });
}

export const TIPOS_RECTIFICATIVA = ['I', 'S'] as const;
const CAMPOS_CLIENTE = ['clienteNombre', 'clienteNif', 'clienteDireccion'] as const;

export interface Rectificacion {
  /** I (default): por diferencias, the amounts that change; S: por sustitución, the whole invoice corrected. */
  tipoRectificativa?: (typeof TIPOS_RECTIFICATIVA)[number];
  motivo: (typeof MOTIVOS_RECTIFICACION)[number];
  descripcion: string;
  /**
   * I: the difference in base (negative to take away), or, left out, all that is in force is
   * cancelled. S: the corrected invoice's base, or, left out, the rectified one's.
   */
  base?: number;
  tipoIva?: number;
  concepto?: string;
  /** S only: the customer as corrected; a field left out stays as on the rectified invoice. */
  clienteNombre?: string | null;
  clienteNif?: string | null;
  clienteDireccion?: string | null;
}

/** The rectified invoice's number as printed: «A-7». */
const numeroDe = (f: Row) => numSerieFactura(f.serie, f.numero);

/**
 * What an issued invoice amounts to now: its own amounts and those of its rectificativas por
 * diferencias, counting the ones made to the invoices it substitutes (a partial refund made
 * before the customer's address was corrected still takes away from the substitute).
 */
export async function importesEnVigor(trx: Db, factura: Row): Promise<{ base: number; cuotaIva: number; total: number }> {
  const ids = [Number(factura.id)];
  for (let f = factura; f.tipoRectificativa === 'S' && f.rectificaId; ) {
    ids.push(Number(f.rectificaId));
    f = (await trx('facturas').where('id', f.rectificaId).first('id', 'rectificaId', 'tipoRectificativa')) as Row;
  }
  const [suma] = (await trx('facturas')
    .whereIn('rectificaId', ids)
    .where('tipoRectificativa', 'I')
    .whereIn('estado', EMITIDAS)
    .sum({ base: 'base', cuotaIva: 'cuotaIva', total: 'total' })) as Row[];
  return {
    base: Number(factura.base) + Number(suma?.base ?? 0),
    cuotaIva: Number(factura.cuotaIva) + Number(suma?.cuotaIva ?? 0),
    total: Number(factura.total) + Number(suma?.total ?? 0),
  };
}

/** The rectified invoice, locked, if it may be rectified: issued, and still in force (not replaced). */
async function rectificable(w: Escritor, id: number): Promise<Row> {
  const trx = w.db;
  const original = await w.lock('facturas', id);
  if (!esEmitida(original.estado)) throw conflict(mensajes.facturacion.noRectificable(original.numero ? numeroDe(original) : `(borrador ${id})`, original.estado));
  if (original.sustituidaPorId) {
    const sucesora = (await trx('facturas').where('id', original.sustituidaPorId).first('serie', 'numero')) as Row;
    throw conflict(mensajes.facturacion.yaSustituida(numeroDe(original), numeroDe(sucesora)));
  }
  return original;
}

interface NuevaRectificativa {
  tipoRectificativa: 'I' | 'S';
  tipo: string;
  cliente: Record<(typeof CAMPOS_CLIENTE)[number], string | null>;
  concepto: string;
  base: number;
  tipoIva: number;
  cuotaIva: number;
  motivoRectificacion: string;
  /** ISO instant of the operation, when it is not the day of issue (a substitute's is the original's). */
  fechaOperacion?: string | null;
}

/**
 * Writes the rectificativa of `original` as a draft and issues it at once (numbered in the
 * rectificativas serie, with its VeriFactu record); the original then names it as its latest.
 */
async function emitirRectificativa(w: Escritor, original: Row, r: NuevaRectificativa, f: Facturacion, ahora: Date): Promise<number> {
  const sustitucion = r.tipoRectificativa === 'S';
  // Their columns hold 500 characters; a descripción of 500 behind «Rectificación de la factura…» would not fit.
  const cabe = (texto: string) => texto.slice(0, 500);
  const nuevaId = await w.create('facturas', {
    serie: f.series.rectificativas,
    usuarioId: original.usuarioId,
    ...r.cliente,
    concepto: cabe(r.concepto),
    base: r.base,
    tipoIva: r.tipoIva,
    cuotaIva: r.cuotaIva,
    estado: 'borrador',
    rectificaId: original.id,
    tipo: r.tipo,
    motivoRectificacion: cabe(r.motivoRectificacion),
    tipoRectificativa: r.tipoRectificativa,
    baseRectificada: sustitucion ? original.base : null,
    cuotaRectificada: sustitucion ? original.cuotaIva : null,
    fechaOperacion: r.fechaOperacion ?? null,
  });
  await emitir(w, await w.lock('facturas', nuevaId), {}, f, ahora);
  // The substitute is the invoice in force: as settled as the one it replaces.
  if (sustitucion && original.estado === 'pagada') await w.update('facturas', nuevaId, { estado: 'pagada' });
  await w.update('facturas', Number(original.id), { rectificadaPorId: nuevaId, ...(sustitucion ? { sustituidaPorId: nuevaId } : {}) });
  return nuevaId;
}

/**
 * A completed pago's invoice cancelled to zero while the money stayed: the pago has no invoice
 * in force, so it loses the link and may be invoiced again. A refunded pago keeps it.
 */
async function unlinkSiQuedaACero(w: Escritor, factura: Row) {
  if ((await importesEnVigor(w.db, factura)).total !== 0) return;
  await w.updateWhere('pagos', { facturaId: factura.id, estado: 'completado' }, { facturaId: null });
}

/** The rectificativa's kind: a simplified invoice's is R5 (VeriFactu: it names no customer), else the motivo. */
const tipoRectificativaDe = (original: Row, motivo: string) => (esSimplificada(original.tipo) ? 'R5' : motivo);

/**
 * `POST /facturas/{id}/rectificar` por diferencias: a rectificativa in the rectificativas serie
 * with the amounts that change, issued at once. Left without amounts it cancels what is in force,
 * céntimo for céntimo. Returns the new invoice's id.
 */
async function rectificarDiferencias(w: Escritor, original: Row, r: Rectificacion, f: Facturacion, ahora: Date): Promise<number> {
  const cliente = CAMPOS_CLIENTE.filter((campo) => campo in r);
  if (cliente.length) throw validationFailed(cliente.map((campo) => ({ path: `/${campo}`, code: 'sustitucion', message: mensajes.facturacion.clienteSoloPorSustitucion })));
  const tipoIva = r.tipoIva ?? Number(original.tipoIva);
  let base: number;
  let cuota: number;
  if (r.base === undefined && tipoIva === Number(original.tipoIva)) {
    const vigor = await importesEnVigor(w.db, original);
    if (vigor.total === 0 && vigor.base === 0) throw conflict(mensajes.facturacion.yaACero(numeroDe(original)));
    base = -vigor.base;
    cuota = -vigor.cuotaIva;
  } else {
    base = r.base ?? -Number(original.base);
    cuota = cuotaIva(base, tipoIva);
  }
  const id = await emitirRectificativa(
    w,
    original,
    {
      tipoRectificativa: 'I',
      tipo: tipoRectificativaDe(original, r.motivo),
      cliente: { clienteNombre: original.clienteNombre, clienteNif: original.clienteNif, clienteDireccion: original.clienteDireccion },
      concepto: r.concepto ?? mensajes.facturacion.conceptoRectificacion(numeroDe(original), r.descripcion),
      base,
      tipoIva,
      cuotaIva: cuota,
      motivoRectificacion: r.descripcion,
    },
    f,
    ahora,
  );
  await unlinkSiQuedaACero(w, original);
  return id;
}

/**
 * `POST /facturas/{id}/rectificar` por sustitución (RD 1619/2012 art. 15; VeriFactu
 * TipoRectificativa S): a whole new invoice with the customer's data corrected (and the amounts,
 * if given), issued in the rectificativas serie; it names the amounts it replaces
 * (baseRectificada, cuotaRectificada) and from then on it is the invoice in force: the pagos of
 * the rectified one point at it. Checked as an emission checks: a complete invoice needs the
 * customer's name, a valid NIF and address; a NIF added to a simplified one makes it complete.
 */
async function rectificarSustitucion(w: Escritor, original: Row, r: Rectificacion, f: Facturacion, ahora: Date): Promise<number> {
  const num = numeroDe(original);
  if (original.tipoRectificativa === 'I') throw conflict(mensajes.facturacion.diferenciasNoSustituibles(num));
  const corregido = (campo: (typeof CAMPOS_CLIENTE)[number]) => {
    const valor = campo in r ? r[campo] : original[campo];
    return typeof valor === 'string' && valor.trim() ? valor.trim() : null;
  };
  const nif = corregido('clienteNif');
  const cliente = { clienteNombre: corregido('clienteNombre'), clienteNif: nif && normalizeNif(nif), clienteDireccion: corregido('clienteDireccion') };
  const base = r.base ?? Number(original.base);
  const tipoIva = r.tipoIva ?? Number(original.tipoIva);
  const mismosImportes = base === Number(original.base) && tipoIva === Number(original.tipoIva);
  const cuota = mismosImportes ? Number(original.cuotaIva) : cuotaIva(base, tipoIva);
  const concepto = r.concepto ?? original.concepto;
  const tipo = !esSimplificada(original.tipo) || cliente.clienteNif ? r.motivo : 'R5';

  const details: ErrorDetail[] = [];
  if (base < 0) details.push({ path: '/base', code: 'minimum', message: mensajes.facturacion.baseSustitucionNegativa });
  details.push(...incompleta({ ...cliente, tipo, tipoRectificativa: 'S', total: base + cuota }));
  const igual = mismosImportes && concepto === original.concepto && CAMPOS_CLIENTE.every((c) => cliente[c] === (original[c] ?? null));
  if (igual) details.push({ path: '', code: 'sinCambios', message: mensajes.facturacion.sustitucionSinCambios(num) });
  if (details.length) throw validationFailed(details);

  // The same operation invoiced again: its date is the one the original said, or the original's issue.
  const fechaOperacion = new Date(original.fechaOperacion ?? original.fecha).toISOString();
  const id = await emitirRectificativa(w, original, { tipoRectificativa: 'S', tipo, cliente, concepto, base, tipoIva, cuotaIva: cuota, motivoRectificacion: r.descripcion, fechaOperacion }, f, ahora);
  // The substitute is the invoice in force of the pagos the original had: each says so in its history.
  await w.updateWhere('pagos', { facturaId: original.id }, { facturaId: id });
  return id;
}

/** `POST /facturas/{id}/rectificar`: por diferencias or por sustitución. Returns the new invoice's id. */
export async function rectificar(w: Escritor, id: number, r: Rectificacion, f: Facturacion, ahora = new Date()): Promise<number> {
  const original = await rectificable(w, id);
  return r.tipoRectificativa === 'S' ? rectificarSustitucion(w, original, r, f, ahora) : rectificarDiferencias(w, original, r, f, ahora);
}

/**
 * The rectificativa of a refund of `importe` (IVA included) on the pago's invoice in force: what
 * is left of the invoice when the refund takes it all (so refunds in parts add up to exactly the
 * invoice), else the IVA split of the amount. Returns its id.
 */
export async function rectificarReembolso(w: Escritor, facturaId: number, importe: number, descripcion: string, f: Facturacion, ahora = new Date()): Promise<number> {
  const original = await rectificable(w, facturaId);
  const vigor = await importesEnVigor(w.db, original);
  const parte = vigor.total === importe ? vigor : desglose(importe, Number(original.tipoIva));
  return emitirRectificativa(
    w,
    original,
    {
      tipoRectificativa: 'I',
      tipo: tipoRectificativaDe(original, 'R4'),
      cliente: { clienteNombre: original.clienteNombre, clienteNif: original.clienteNif, clienteDireccion: original.clienteDireccion },
      concepto: mensajes.facturacion.conceptoRectificacion(numeroDe(original), descripcion),
      base: -parte.base,
      tipoIva: Number(original.tipoIva),
      cuotaIva: -parte.cuotaIva,
      motivoRectificacion: descripcion,
    },
    f,
    ahora,
  );
}

/** `POST /facturas/{id}/anular`: for an invoice issued by mistake; its number stays used. */
export async function anular(w: Escritor, factura: Row, f: Facturacion, ahora = new Date()): Promise<Row> {
  const id = Number(factura.id);
  if (!esEmitida(factura.estado)) throw conflict(mensajes.facturacion.noAnulable(factura.estado));
  const rectificativa = await w.db('facturas').where('rectificaId', id).whereNot('estado', 'anulada').whereNot('estado', 'borrador').first('id');
  if (rectificativa) throw conflict(mensajes.facturacion.tieneRectificativas(numSerieFactura(factura.serie, factura.numero)));
  const registro = await appendRegistro(w, factura, 'anulacion', f, ahora);
  const anulada = await w.update('facturas', id, { estado: 'anulada' }, { datos: { registroId: registro.id } });
  // A substitute issued by mistake: the invoice it replaced is in force again, with its pagos.
  if (factura.tipoRectificativa === 'S' && factura.rectificaId) {
    await w.updateWhere('facturas', { id: factura.rectificaId, sustituidaPorId: id }, { sustituidaPorId: null });
    await w.updateWhere('pagos', { facturaId: id }, { facturaId: factura.rectificaId });
  }
  return anulada;
}

/**
 * What would stop `facturarPago` from issuing this pago's invoice now (the customer's data on a
 * complete one, the limit on a simplified one), found before anything is written: a caller that
 * must not fail for it (money a gateway or a bank statement says arrived, resources/pagos/cobro.ts)
 * completes the pago and leaves the invoice to a person. Empty when it can be invoiced.
 */
export async function checkFacturable(w: Escritor, pago: Row): Promise<ErrorDetail[]> {
  const cliente = clienteDe((await w.db('usuarios').where('id', pago.usuarioId).first()) as Row);
  const nif = cliente.clienteNif ? normalizeNif(cliente.clienteNif) : null;
  const { base, cuotaIva } = desglose(Number(pago.importe) - Number(pago.importeReembolsado ?? 0), 21);
  return incompleta({ ...cliente, clienteNif: nif, tipo: tipoOrdinaria(nif), total: base + cuotaIva });
}

/**
 * `POST /pagos/{id}/facturar`: the invoice of a completed pago, made out to its usuario, issued
 * and marked paid, whose total is exactly what the pago kept: its importe less what was refunded
 * of it. Returns the invoice's id.
 */
export async function facturarPago(w: Escritor, pago: Row, opts: { tipoIva?: number; concepto?: string }, f: Facturacion, ahora = new Date()): Promise<number> {
  const trx = w.db;
  const usuario = (await trx('usuarios').where('id', pago.usuarioId).first()) as Row;
  const curso = pago.cursoId ? ((await trx('cursos').where('id', pago.cursoId).first('titulo')) as Row | undefined) : undefined;
  const { base, tipoIva, cuotaIva: cuota } = desglose(Number(pago.importe) - Number(pago.importeReembolsado ?? 0), opts.tipoIva ?? 21);
  const facturaId = await w.create('facturas', {
    serie: f.series.facturas,
    usuarioId: pago.usuarioId,
    ...clienteDe(usuario),
    // What the customer reads: the curso, or the pago's own reference (the bank's or the
    // gateway's, which the customer also has), never our id of it.
    // A discount (a cupón, §23) is said in it: the base is what was paid.
    concepto: opts.concepto ?? (await describeDescuento(trx, pago, curso ? `Curso: ${curso.titulo}` : mensajes.facturacion.conceptoPago(pago.referencia))),
    base,
    tipoIva,
    cuotaIva: cuota,
    // The operation is the payment: an invoice issued days later still says when it happened.
    fechaOperacion: new Date(pago.fecha).toISOString(),
    estado: 'borrador',
  });
  await emitir(w, await w.lock('facturas', facturaId), {}, f, ahora);
  await w.update('facturas', facturaId, { estado: 'pagada' });
  return facturaId;
}
