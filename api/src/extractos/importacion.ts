// Importing a statement (docs/arquitectura.md §21): the file read whole first (norma43.ts; a bad
// one is refused with its line, nothing written), then, in one transaction, the extracto and its
// movements with Aula's proposal. The same bytes twice answer the first extracto and write nothing;
// an overlapping file is a new extracto whose movements already applied say so.
import { createHash } from 'node:crypto';
import { HttpError } from '../base/errors.js';
import type { Actor, Escritor, Escritura } from '../base/types.js';
import { isPg, type Db } from '../db/index.js';
import { mensajes } from '../mensajes.js';
import { Norma43Error, parseNorma43, type CuentaNorma43, type MovimientoNorma43 } from './norma43.js';
import { proposeMatches, type PagoPendiente } from './propuesta.js';
import { nombrePago } from '../resources/pagos/nombre.js';

type Row = Record<string, any>;

export interface Importacion {
  duplicado: boolean;
  extracto: Record<string, unknown>;
  movimientos: Record<string, unknown>[];
}

/** What makes a movement the same one in another (overlapping) file of the same account. */
export function buildClaves(cuenta: CuentaNorma43): string[] {
  const vistas = new Map<string, number>();
  return cuenta.movimientos.map((m) => {
    const base = [
      `${cuenta.entidad}${cuenta.oficina}${cuenta.cuenta}`,
      m.fechaOperacion,
      m.fechaValor,
      m.importe,
      m.conceptoComun,
      m.conceptoPropio,
      m.documento,
      m.referencia1,
      m.referencia2,
      m.conceptos.join('\u0001'),
    ].join('\u0000');
    // Two identical movements in one file (two equal transfers the same day) are two.
    const ordinal = vistas.get(base) ?? 0;
    vistas.set(base, ordinal + 1);
    return createHash('sha256').update(`${base}\u0000${ordinal}`).digest('hex');
  });
}

/** The refusal of a file that is no Norma 43: 422, its line in the message and in `info`. */
function refuseArchivo(err: Norma43Error) {
  return new HttpError(422, `${mensajes.extractos.titulo}. ${err.message}`, 'VALIDATION_FAILED', [
    { path: '/archivo', code: 'norma43', message: err.message, info: { linea: err.linea, motivo: err.motivo } },
  ]);
}

const conceptosDe = (m: MovimientoNorma43) => m.conceptos.join(' · ').slice(0, 1000) || null;

export async function importExtracto(db: Db, escritura: Escritura, actor: Actor, bytes: Buffer, nombreArchivo: string | null): Promise<Importacion> {
  let cuenta: CuentaNorma43;
  try {
    const leido = parseNorma43(bytes);
    if (leido.cuentas.length > 1) throw new Norma43Error(leido.cuentas[1].linea, mensajes.extractos.variasCuentas(leido.cuentas.length));
    cuenta = leido.cuentas[0];
  } catch (err) {
    throw err instanceof Norma43Error ? refuseArchivo(err) : err;
  }
  const huella = createHash('sha256').update(bytes).digest('hex');
  const claves = buildClaves(cuenta);

  return escritura.transaction(
    actor,
    async (w) => {
      // One import at a time (SQLite writes one transaction at a time already): the same file sent
      // twice at once finds the first one's extracto instead of failing on its unique huella.
      if (isPg(db)) await w.db.raw('SELECT pg_advisory_xact_lock(hashtext(?))', ['aula:extractos']);
      const previo = (await w.db('extractos').where({ huella }).first('id')) as Row | undefined;
      if (previo) return { duplicado: true, ...(await readExtracto(w, Number(previo.id))) };

      const pendientes = (await w
        .db('pagos')
        .join('usuarios', 'usuarios.id', 'pagos.usuarioId')
        .where({ 'pagos.estado': 'pendiente', 'pagos.metodo': 'transferencia' })
        .orderBy('pagos.id')
        .select('pagos.id', 'pagos.referencia', 'pagos.importe', 'pagos.moneda', 'usuarios.nombre', 'usuarios.apellidos')) as Row[];
      const aplicados = new Map<string, number>();
      for (let i = 0; i < claves.length; i += 500) {
        const filas = (await w.db('movimientos').whereIn('clave', claves.slice(i, i + 500)).where('estado', 'aplicado').select('clave', 'extractoId')) as Row[];
        for (const f of filas) aplicados.set(String(f.clave), Number(f.extractoId));
      }
      const propuestas = proposeMatches(
        cuenta.movimientos,
        claves,
        cuenta.moneda,
        pendientes.map((p): PagoPendiente => ({ id: Number(p.id), referencia: p.referencia ?? null, importe: Number(p.importe), moneda: String(p.moneda), nombre: String(p.nombre ?? ''), apellidos: String(p.apellidos ?? '') })),
        aplicados,
      );

      const extractoId = await w.create('extractos', {
        entidad: cuenta.entidad,
        oficina: cuenta.oficina,
        cuenta: cuenta.cuenta,
        titular: cuenta.nombre || null,
        desde: cuenta.desde,
        hasta: cuenta.hasta,
        saldoInicial: cuenta.saldoInicial,
        saldoFinal: cuenta.saldoFinal,
        moneda: cuenta.moneda,
        nombreArchivo: nombreArchivo?.slice(0, 255) || null,
        huella,
        estado: 'propuesto',
        movimientos: cuenta.movimientos.length,
        loginId: actor.loginId,
      });
      await w.createMany(
        'movimientos',
        cuenta.movimientos.map((m, i) => ({
          extractoId,
          linea: m.linea,
          fechaOperacion: m.fechaOperacion,
          fechaValor: m.fechaValor,
          importe: m.importe,
          moneda: cuenta.moneda,
          conceptoComun: m.conceptoComun,
          conceptoPropio: m.conceptoPropio || null,
          documento: m.documento || null,
          referencia1: m.referencia1 || null,
          referencia2: m.referencia2 || null,
          conceptos: conceptosDe(m),
          clave: claves[i],
          estado: propuestas[i].estado,
          pagoPropuestoId: propuestas[i].pagoPropuestoId,
          motivo: propuestas[i].motivo,
        })),
      );
      return { duplicado: false, ...(await readExtracto(w, extractoId)) };
    },
    { accion: 'importar' },
  );
}

/**
 * The extracto and its movements as the contable reviews them: each with the proposed (or
 * applied) pago's name, amount and payer.
 */
async function readExtracto(w: Escritor, id: number) {
  const trx = w.db;
  const extracto = await w.findById('extractos', id);
  const filas = await w.findWhere('movimientos', 'extractoId', id, 'linea');
  const pagoIds = [...new Set(filas.flatMap((f) => [f.pagoPropuestoId, f.pagoId]).filter((v) => v != null).map(Number))];
  const pagos = new Map<number, Row>();
  if (pagoIds.length) {
    const rows = (await trx('pagos')
      .join('usuarios', 'usuarios.id', 'pagos.usuarioId')
      .whereIn('pagos.id', pagoIds)
      .select('pagos.id', 'pagos.referencia', 'pagos.importe', 'pagos.moneda', 'pagos.estado', 'usuarios.nombre', 'usuarios.apellidos')) as Row[];
    for (const r of rows) pagos.set(Number(r.id), { id: Number(r.id), nombre: nombrePago(r), importe: Number(r.importe), moneda: r.moneda, estado: r.estado, usuario: `${r.nombre ?? ''} ${r.apellidos ?? ''}`.trim() });
  }
  const pagoDe = (v: unknown) => (v == null ? null : (pagos.get(Number(v)) ?? null));
  return { extracto, movimientos: filas.map((f) => ({ ...f, pagoPropuesto: pagoDe(f.pagoPropuestoId), pago: pagoDe(f.pagoId) })) };
}
