// Redeeming a cupón (docs/arquitectura.md §23): the rules, with the cupón's row locked, and the
// pago that spends a canje. Everything in the caller's transaction, through its Escritor.
import { HttpError, notFound, validationFailed } from '../../base/errors.js';
import type { Escritor, Facturacion } from '../../base/types.js';
import { fechaHoraCorta, millisDe } from '../../base/tiempo.js';
import { mensajes } from '../../mensajes.js';
import { importeEs } from '../facturas/formato.js';
import { grantMatricula } from '../matriculas/conceder.js';
import { normalizeCodigo } from './index.js';

type Row = Record<string, any>;

export interface Canjeo {
  codigo: string;
  usuarioId: number;
  cursoId: number;
}

export interface ResultadoCanje {
  cuponId: number;
  canjeId: number;
  codigo: string;
  precio: number;
  descuento: number;
  total: number;
  moneda: string;
  /** Whether a pago must follow (total > 0) with `canjeId`; with none, the matrícula is granted. */
  requierePago: boolean;
  matriculaId: number | null;
}

const rechazo = (status: number, code: string, message: string) => new HttpError(status, message, code);

/** What the cupón takes off a price: never more than the price itself. */
export function computeDescuento(cupon: Row, precio: number): number {
  const bruto = cupon.tipo === 'porcentaje' ? Math.round((precio * Number(cupon.valor)) / 100) : Number(cupon.valor);
  return Math.max(0, Math.min(precio, bruto));
}

/**
 * Reserves one use of the cupón for a usuario and a curso: a canje row and `usos + 1`, checked
 * with the cupón locked (PostgreSQL: the row lock; SQLite writes one transaction at a time), so
 * concurrent redemptions of its last use give it to one. A total of 0 grants the matrícula now.
 */
export async function redeemCupon(w: Escritor, c: Canjeo, f: Pick<Facturacion, 'timeZone'>): Promise<ResultadoCanje> {
  const codigo = normalizeCodigo(c.codigo);
  const encontrado = (await w.db('cupones').where('codigo', codigo).first('id')) as Row | undefined;
  if (!encontrado) throw rechazo(422, 'CUPON_NO_VALIDO', mensajes.cupones.noValido);
  const cupon = await w.lock('cupones', Number(encontrado.id));
  const [curso, usuario] = await Promise.all([
    w.db('cursos').where('id', c.cursoId).first('id', 'titulo', 'precio', 'moneda', 'categoriaId') as Promise<Row | undefined>,
    w.db('usuarios').where('id', c.usuarioId).first('id') as Promise<Row | undefined>,
  ]);
  if (!curso) throw notFound('Curso', c.cursoId);
  if (!usuario) throw notFound('Usuario', c.usuarioId);

  const ahora = Date.now();
  const fecha = (v: unknown) => fechaHoraCorta(new Date(millisDe(v)), f.timeZone);
  if (!cupon.activo) throw rechazo(409, 'CUPON_INACTIVO', mensajes.cupones.inactivo(codigo));
  if (cupon.desde != null && millisDe(cupon.desde) > ahora) throw rechazo(409, 'CUPON_AUN_NO', mensajes.cupones.aunNo(codigo, fecha(cupon.desde)));
  if (cupon.hasta != null && millisDe(cupon.hasta) <= ahora) throw rechazo(409, 'CUPON_CADUCADO', mensajes.cupones.caducado(codigo, fecha(cupon.hasta)));
  if (cupon.ambito === 'curso' && Number(cupon.cursoId) !== Number(curso.id)) throw rechazo(409, 'CUPON_OTRO_CURSO', mensajes.cupones.otroCurso(codigo, String(curso.titulo)));
  if (cupon.ambito === 'categoria' && (curso.categoriaId == null || Number(cupon.categoriaId) !== Number(curso.categoriaId))) {
    throw rechazo(409, 'CUPON_OTRO_CURSO', mensajes.cupones.otroCurso(codigo, String(curso.titulo)));
  }
  if (cupon.tipo === 'importe' && cupon.moneda !== curso.moneda) throw rechazo(409, 'CUPON_OTRO_CURSO', mensajes.cupones.otraMoneda(codigo, cupon.moneda, curso.moneda));
  if (cupon.maxUsos != null && Number(cupon.usos) >= Number(cupon.maxUsos)) throw rechazo(409, 'CUPON_AGOTADO', mensajes.cupones.agotado(codigo));
  if (cupon.maxUsosPorUsuario != null) {
    const hechos = (await w.db('canjes').where({ cuponId: cupon.id, usuarioId: c.usuarioId }).count({ n: '*' }).first()) as Row;
    if (Number(hechos.n) >= Number(cupon.maxUsosPorUsuario)) throw rechazo(409, 'CUPON_YA_USADO', mensajes.cupones.yaUsado(codigo, Number(cupon.maxUsosPorUsuario)));
  }

  const precio = Number(curso.precio);
  const descuento = computeDescuento(cupon, precio);
  const total = precio - descuento;
  await w.update('cupones', Number(cupon.id), { usos: Number(cupon.usos) + 1 });
  const matriculaId =
    total === 0 ? (await grantMatricula(w, { usuarioId: c.usuarioId, cursoId: c.cursoId, origen: 'cupon', siYaActiva: 'extender' })).id : null;
  const canjeId = await w.create('canjes', {
    cuponId: Number(cupon.id),
    usuarioId: c.usuarioId,
    cursoId: c.cursoId,
    precio,
    descuento,
    total,
    moneda: curso.moneda,
    fecha: new Date(ahora).toISOString(),
    matriculaId,
    tokenId: w.actor.tokenId ?? null,
  });
  return { cuponId: Number(cupon.id), canjeId, codigo, precio, descuento, total, moneda: String(curso.moneda), requierePago: total > 0, matriculaId };
}

/**
 * A pago created with a canje (pagos' beforeWrite): of the canje's usuario and curso, for exactly
 * its total and in its currency; it takes the cupón and the discount from it. One pago per canje
 * (pagos.canjeId is unique).
 */
export async function checkCanjeDePago(db: Escritor['db'], data: Row, tokenId: number | undefined): Promise<Row> {
  const canje = (await db('canjes').where('id', Number(data.canjeId)).first()) as Row | undefined;
  if (!canje) throw validationFailed([{ path: '/canjeId', code: 'canje', message: mensajes.cupones.noValido }]);
  const falla = (path: string, message: string) => validationFailed([{ path, code: 'canje', message }]);
  if (Number(canje.total) === 0) throw falla('/canjeId', mensajes.cupones.canjeGratis);
  if (tokenId !== undefined && Number(canje.tokenId) !== tokenId) throw falla('/canjeId', mensajes.cupones.canjeOtraTienda);
  if (Number(data.usuarioId) !== Number(canje.usuarioId)) throw falla('/usuarioId', mensajes.cupones.canjeOtroUsuario);
  if (data.cursoId != null && Number(data.cursoId) !== Number(canje.cursoId)) throw falla('/cursoId', mensajes.cupones.canjeOtroCurso);
  if ((data.moneda ?? 'EUR') !== canje.moneda) throw falla('/moneda', mensajes.cupones.canjeMoneda(String(canje.moneda)));
  if (Number(data.importe) !== Number(canje.total)) throw falla('/importe', mensajes.cupones.canjeImporte(importeEs(Number(canje.total))));
  return { ...data, cursoId: Number(canje.cursoId), cuponId: Number(canje.cuponId), descuento: Number(canje.descuento) };
}

/** The invoice's concepto of a pago with a discount: the price before it and the cupón that took it off. */
export async function describeDescuento(db: Escritor['db'], pago: Row, concepto: string): Promise<string> {
  if (pago.cuponId == null || !Number(pago.descuento)) return concepto;
  const cupon = (await db('cupones').where('id', pago.cuponId).first('codigo')) as Row | undefined;
  const precio = Number(pago.importe) + Number(pago.descuento);
  return mensajes.cupones.conceptoConDescuento(concepto, importeEs(precio), String(cupon?.codigo ?? ''), importeEs(Number(pago.descuento)));
}
