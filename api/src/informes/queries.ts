// The reports' SQL: one function per report, each a few aggregate queries that the database
// answers with sums and counts; JavaScript only derives figures from those totals (net = gross −
// refunded, average = sum ÷ count). Time boundaries arrive as UTC instants already computed for
// the business's zone (tiempo.ts), as bound parameters: SQLite compares our ISO-8601 strings,
// PostgreSQL casts them to timestamptz, so both answer the same and use the fecha indexes.
//
// Money is counted when it moves. A pago is collected on its fecha, whatever happened to it
// afterwards; each refund of it (reembolsos: the whole pago or a part) is money given back on its
// own fecha, for its own importe. So a pago counts once in the gross of the period it was paid in
// and each refund once in the period it was made — never left out of the gross and subtracted as
// well, and a partial refund takes away what it gave back, not the whole pago.
import type { Knex } from 'knex';
// Each query's answer has its shape in the contract: the admin reads the same figures.
import type {
  AlumnosCurso,
  CifrasPagos,
  CifrasUsuarios,
  CuponUsado,
  FacturaSinPago,
  Lista,
  MatriculaPorCaducar,
  PagoPendiente,
  PagosEstado,
  PagosMetodo,
  Pendientes,
  PuntoIngresos,
  PuntoMatriculas,
  PuntoUsuarios,
  Resumen,
  VentasCurso,
} from '../../../contrato/informes.js';
import { isPg } from '../db/index.js';
import { readRows } from '../db/reader.js';
import pagosDef from '../resources/pagos/index.js';
import type { Intervalo } from '../base/tiempo.js';

/** A half-open span [inicio, fin) of UTC instants; `inicio` null means "since ever". */
export interface Rango {
  inicio: string | null;
  fin: string;
}

type Fila = Record<string, any>;

async function filas(db: Knex, sql: string, bindings: readonly unknown[]): Promise<Fila[]> {
  return readRows(db, sql, [...bindings]);
}

const instante = (db: Knex) => (isPg(db) ? '?::timestamptz' : '?');

/** `columna` within the range, as SQL and bindings. */
function enRango(db: Knex, columna: string, rango: Rango): { sql: string; bindings: string[] } {
  const t = instante(db);
  if (rango.inicio === null) return { sql: `${columna} < ${t}`, bindings: [rango.fin] };
  return { sql: `${columna} >= ${t} AND ${columna} < ${t}`, bindings: [rango.inicio, rango.fin] };
}

/**
 * The buckets as a VALUES list, so the database joins against them and a bucket without rows
 * still comes out (with zeros). PostgreSQL needs the types spelled out; SQLite has none to give.
 */
function tablaDeIntervalos(db: Knex, intervalos: readonly Intervalo[]): { sql: string; bindings: unknown[] } {
  const fila = isPg(db) ? '(?::int, ?::text, ?::timestamptz, ?::timestamptz)' : '(?, ?, ?, ?)';
  return {
    sql: `b(orden, clave, inicio, fin) AS (VALUES ${intervalos.map(() => fila).join(', ')})`,
    bindings: intervalos.flatMap((i, n) => [n, i.clave, i.inicio, i.fin]),
  };
}

/** A fixed list of categories (every método, every estado) as a VALUES list. */
function tablaDeValores(db: Knex, nombre: string, valores: readonly string[]): { sql: string; bindings: unknown[] } {
  const fila = isPg(db) ? '(?::int, ?::text)' : '(?, ?)';
  return {
    sql: `${nombre}(orden, valor) AS (VALUES ${valores.map(() => fila).join(', ')})`,
    bindings: valores.flatMap((v, n) => [n, v]),
  };
}

const ticketMedio = (importe: number, n: number) => (n > 0 ? Math.round(importe / n) : null);

/** Pagos that brought money in, whatever happened to them afterwards. */
const COBRADO = `p.estado IN ('completado', 'reembolsado')`;

/**
 * Money in and out per bucket: collections by the pago's fecha, refunds by the refund's, each its
 * own aggregate over its own index (0002's on pagos, 0008's on reembolsos), joined per bucket (a
 * refund often lands in a later bucket than its pago, so one join over pagos cannot place both).
 */
async function pagosPorIntervalo(db: Knex, intervalos: readonly Intervalo[]): Promise<(CifrasPagos & { clave: string })[]> {
  const b = tablaDeIntervalos(db, intervalos);
  const rows = await filas(
    db,
    `WITH ${b.sql},
     cobros AS (
       SELECT b.orden AS orden, COUNT(p.id) AS pagos, COALESCE(SUM(p.importe), 0) AS ingresos
       FROM b
       LEFT JOIN pagos p ON ${COBRADO} AND p.fecha >= b.inicio AND p.fecha < b.fin
       GROUP BY b.orden
     ),
     devoluciones AS (
       SELECT b.orden AS orden, COUNT(r.id) AS reembolsos, COALESCE(SUM(r.importe), 0) AS "importeReembolsado"
       FROM b
       LEFT JOIN reembolsos r ON r.fecha >= b.inicio AND r.fecha < b.fin
       GROUP BY b.orden
     )
     SELECT b.clave AS clave, c.pagos AS pagos, c.ingresos AS ingresos, r.reembolsos AS reembolsos, r."importeReembolsado" AS "importeReembolsado"
     FROM b
     JOIN cobros c ON c.orden = b.orden
     JOIN devoluciones r ON r.orden = b.orden
     ORDER BY b.orden`,
    b.bindings,
  );
  return rows.map((r) => ({
    clave: r.clave,
    pagos: r.pagos,
    ingresos: r.ingresos,
    reembolsos: r.reembolsos,
    importeReembolsado: r.importeReembolsado,
    ingresosNetos: r.ingresos - r.importeReembolsado,
    ticketMedio: ticketMedio(r.ingresos, r.pagos),
  }));
}

/**
 * Distinct cursos sold per bucket, among the same pagos as the gross: its own query, and DISTINCT
 * in a subquery rather than COUNT(DISTINCT), because COUNT(DISTINCT) makes PostgreSQL sort every
 * joined row (to disk, on a year of pagos) where DISTINCT and the plain sums hash-aggregate in
 * memory.
 */
async function cursosVendidosPorIntervalo(db: Knex, intervalos: readonly Intervalo[]): Promise<number[]> {
  const b = tablaDeIntervalos(db, intervalos);
  const rows = await filas(
    db,
    `WITH ${b.sql}
     SELECT b.orden AS orden, COUNT(v."cursoId") AS n
     FROM b
     LEFT JOIN (
       SELECT DISTINCT b.orden AS orden, p."cursoId" AS "cursoId"
       FROM b JOIN pagos p ON ${COBRADO} AND p.fecha >= b.inicio AND p.fecha < b.fin
     ) v ON v.orden = b.orden
     GROUP BY b.orden
     ORDER BY b.orden`,
    b.bindings,
  );
  return rows.map((r) => r.n);
}

async function usuariosPorIntervalo(db: Knex, intervalos: readonly Intervalo[]): Promise<(CifrasUsuarios & { clave: string })[]> {
  const b = tablaDeIntervalos(db, intervalos);
  const rows = await filas(
    db,
    `WITH ${b.sql}
     SELECT b.clave AS clave,
       COUNT(u.id) AS nuevos,
       COUNT(CASE WHEN EXISTS (
         SELECT 1 FROM pagos p WHERE p."usuarioId" = u.id AND p.estado = 'completado'
       ) THEN 1 END) AS compradores
     FROM b
     LEFT JOIN usuarios u ON u."createdAt" >= b.inicio AND u."createdAt" < b.fin
     GROUP BY b.orden, b.clave
     ORDER BY b.orden`,
    b.bindings,
  );
  return rows.map((r) => ({ clave: r.clave, nuevos: r.nuevos, compradores: r.compradores }));
}

/** The headline figures for a period and for the one before it, in three queries. */
export async function resumen(db: Knex, params: { actual: Rango & { inicio: string }; previo: Rango & { inicio: string } }): Promise<{ actual: Resumen; previo: Resumen }> {
  const intervalos = [
    { ...params.actual, clave: 'actual' },
    { ...params.previo, clave: 'previo' },
  ];
  const pagos = await pagosPorIntervalo(db, intervalos);
  const cursos = await cursosVendidosPorIntervalo(db, intervalos);
  const usuarios = await usuariosPorIntervalo(db, intervalos);
  const de = (n: number): Resumen => {
    const { clave: _, ...cifras } = pagos[n];
    return { ...cifras, cursosVendidos: cursos[n], usuariosNuevos: usuarios[n].nuevos };
  };
  return { actual: de(0), previo: de(1) };
}

/** Revenue per bucket, every bucket present. */
export async function ingresos(db: Knex, params: { intervalos: readonly Intervalo[] }): Promise<PuntoIngresos[]> {
  const rows = await pagosPorIntervalo(db, params.intervalos);
  return rows.map((r, n) => ({ ...r, inicio: params.intervalos[n].inicio }));
}

export async function usuariosNuevos(db: Knex, params: { intervalos: readonly Intervalo[] }): Promise<PuntoUsuarios[]> {
  const rows = await usuariosPorIntervalo(db, params.intervalos);
  return rows.map((r, n) => ({ ...r, inicio: params.intervalos[n].inicio }));
}

/** Per curso, sales by the pago's fecha and refunds by the refund's, each summed over its own index first. */
export async function ventasPorCurso(db: Knex, rango: Rango): Promise<VentasCurso[]> {
  const cobrado = enRango(db, 'p.fecha', rango);
  const reembolsado = enRango(db, 'r.fecha', rango);
  const rows = await filas(
    db,
    `SELECT v."cursoId" AS "cursoId", c.titulo AS titulo,
       SUM(v.ventas) AS ventas, SUM(v.ingresos) AS ingresos,
       SUM(v.reembolsos) AS reembolsos, SUM(v."importeReembolsado") AS "importeReembolsado"
     FROM (
       SELECT p."cursoId" AS "cursoId", COUNT(*) AS ventas, SUM(p.importe) AS ingresos, 0 AS reembolsos, 0 AS "importeReembolsado"
       FROM pagos p
       WHERE ${COBRADO} AND ${cobrado.sql}
       GROUP BY p."cursoId"
       UNION ALL
       SELECT p."cursoId", 0, 0, COUNT(*), SUM(r.importe)
       FROM reembolsos r
       JOIN pagos p ON p.id = r."pagoId"
       WHERE ${reembolsado.sql}
       GROUP BY p."cursoId"
     ) v
     LEFT JOIN cursos c ON c.id = v."cursoId"
     GROUP BY v."cursoId", c.titulo
     ORDER BY ingresos DESC, CASE WHEN v."cursoId" IS NULL THEN 1 ELSE 0 END, v."cursoId"`,
    [...cobrado.bindings, ...reembolsado.bindings],
  );
  return rows.map((row) => ({
    cursoId: row.cursoId,
    titulo: row.titulo,
    ventas: row.ventas,
    ingresos: row.ingresos,
    ticketMedio: ticketMedio(row.ingresos, row.ventas),
    reembolsos: row.reembolsos,
    importeReembolsado: row.importeReembolsado,
  }));
}

interface CifrasCategoria {
  valor: string;
  pagos: number;
  importe: number;
  completados: number;
  importeCompletado: number;
}

/** Pagos of every estado grouped by one enumerated column, every value listed even at zero. */
async function pagosPor(db: Knex, columna: 'metodo' | 'estado', rango: Rango): Promise<CifrasCategoria[]> {
  const v = tablaDeValores(db, 'v', pagosDef.fields[columna].enum as string[]);
  const r = enRango(db, 'p.fecha', rango);
  const rows = await filas(
    db,
    `WITH ${v.sql}
     SELECT v.valor AS valor,
       COUNT(p.id) AS pagos,
       COALESCE(SUM(p.importe), 0) AS importe,
       COUNT(CASE WHEN p.estado = 'completado' THEN 1 END) AS completados,
       COALESCE(SUM(CASE WHEN p.estado = 'completado' THEN p.importe END), 0) AS "importeCompletado"
     FROM v
     LEFT JOIN pagos p ON p.${columna} = v.valor AND ${r.sql}
     GROUP BY v.orden, v.valor
     ORDER BY v.orden`,
    [...v.bindings, ...r.bindings],
  );
  return rows as CifrasCategoria[];
}

export async function pagosPorMetodo(db: Knex, rango: Rango): Promise<PagosMetodo[]> {
  const rows = await pagosPor(db, 'metodo', rango);
  return rows.map(({ valor, ...cifras }) => ({ metodo: valor, ...cifras }));
}

export async function pagosPorEstado(db: Knex, rango: Rango): Promise<PagosEstado[]> {
  const rows = await pagosPor(db, 'estado', rango);
  return rows.map(({ valor, pagos, importe }) => ({ estado: valor, pagos, importe }));
}

/** PostgreSQL hands back Date objects, SQLite our stored strings: answer one format. */
const iso = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

async function listaDePagos(db: Knex, condicion: string, bindings: unknown[], limite: number): Promise<Lista<PagoPendiente>> {
  const [totales] = await filas(db, `SELECT COUNT(*) AS total, COALESCE(SUM(p.importe), 0) AS importe FROM pagos p WHERE ${condicion}`, bindings);
  const rows = await filas(
    db,
    `SELECT p.id, p.fecha, p."usuarioId", u.nombre, u.apellidos, p."cursoId", c.titulo, p.importe, p.metodo
     FROM pagos p
     JOIN usuarios u ON u.id = p."usuarioId"
     LEFT JOIN cursos c ON c.id = p."cursoId"
     WHERE ${condicion}
     ORDER BY p.fecha, p.id
     LIMIT ?`,
    [...bindings, limite],
  );
  return {
    total: totales.total,
    importe: totales.importe,
    filas: rows.map((r) => ({
      id: r.id,
      fecha: iso(r.fecha)!,
      usuarioId: r.usuarioId,
      usuario: [r.nombre, r.apellidos].filter(Boolean).join(' '),
      cursoId: r.cursoId,
      curso: r.titulo,
      importe: r.importe,
      metodo: r.metodo,
    })),
  };
}

/**
 * Money stuck: pagos still pendientes after `dias`, pagos completados without an invoice in force,
 * and issued facturas in force (ordinary ones, or the substitute of one) that no pago settles.
 * Oldest first, since those need chasing first.
 */
export async function pendientes(db: Knex, params: { rango: Rango; antesDe: string; limite: number }): Promise<Pendientes> {
  const t = instante(db);
  const enPeriodo = enRango(db, 'p.fecha', params.rango);
  const pendientesViejos = await listaDePagos(
    db,
    `p.estado = 'pendiente' AND p.fecha < ${t} AND ${enPeriodo.sql}`,
    [params.antesDe, ...enPeriodo.bindings],
    params.limite,
  );
  const sinFactura = await listaDePagos(db, `p.estado = 'completado' AND p."facturaId" IS NULL AND ${enPeriodo.sql}`, enPeriodo.bindings, params.limite);

  // A factura emitida may lack its fecha in old data: its creation date stands in for it.
  const fechaFactura = 'COALESCE(f.fecha, f."createdAt")';
  const r = enRango(db, fechaFactura, params.rango);
  // Every issued invoice in force that no pago settles, emitida or pagada alike: a «Pagada» one
  // whose pago is gone is money the books no longer show. A rectificativa por diferencias is
  // settled through the invoice it corrects (no pago ever points at one, and listing it would
  // make every correction look like a debt); a replaced invoice is without effect, its substitute
  // is owed in its place. One cancelled to zero has let its pago go on purpose: what is in force
  // is its total plus its rectificativas por diferencias and those of the invoices it
  // substitutes, down the line of substitutions (importesEnVigor, in SQL).
  const enVigor = `WITH RECURSIVE sin_pago AS (
       SELECT f.id, f.total FROM facturas f
       WHERE f.estado IN ('emitida', 'pagada') AND (f."rectificaId" IS NULL OR f."tipoRectificativa" = 'S') AND f."sustituidaPorId" IS NULL
         AND NOT EXISTS (SELECT 1 FROM pagos p WHERE p."facturaId" = f.id) AND ${r.sql}
     ),
     linaje(raiz, id) AS (
       SELECT id, id FROM sin_pago
       UNION ALL
       SELECT l.raiz, a."rectificaId" FROM linaje l JOIN facturas a ON a.id = l.id WHERE a."tipoRectificativa" = 'S' AND a."rectificaId" IS NOT NULL
     ),
     vigor AS (
       SELECT s.id, s.total + COALESCE((
         SELECT SUM(c.total) FROM linaje l JOIN facturas c ON c."rectificaId" = l.id AND c."tipoRectificativa" = 'I' AND c.estado IN ('emitida', 'pagada')
         WHERE l.raiz = s.id), 0) AS total
       FROM sin_pago s
     )`;
  const [totales] = await filas(db, `${enVigor} SELECT COUNT(*) AS total, COALESCE(SUM(f.total), 0) AS importe FROM facturas f JOIN vigor v ON v.id = f.id WHERE v.total <> 0`, r.bindings);
  const facturas = await filas(
    db,
    `${enVigor}
     SELECT f.id, f.serie, f.numero, f.fecha, f."usuarioId", f."clienteNombre", u.nombre, u.apellidos, f.concepto, f.total
     FROM facturas f
     JOIN vigor v ON v.id = f.id
     JOIN usuarios u ON u.id = f."usuarioId"
     WHERE v.total <> 0
     ORDER BY ${fechaFactura}, f.id
     LIMIT ?`,
    [...r.bindings, params.limite],
  );
  const facturasSinPago: Lista<FacturaSinPago> = {
    total: totales.total,
    importe: totales.importe,
    filas: facturas.map((f) => ({
      id: f.id,
      serie: f.serie,
      numero: f.numero,
      fecha: iso(f.fecha),
      usuarioId: f.usuarioId,
      cliente: f.clienteNombre || [f.nombre, f.apellidos].filter(Boolean).join(' '),
      concepto: f.concepto,
      total: f.total ?? 0,
    })),
  };
  return { pagosPendientes: pendientesViejos, pagosSinFactura: sinFactura, facturasSinPago };
}

/**
 * Per curso, the usuarios with an activa matrícula still running at `ahora` (no end, or an end
 * after it). A usuario holds at most one activa per curso (0022's partial unique index), so
 * counting rows counts students. An activa one whose end passed is left out even before the job
 * that marks it caducada reaches it.
 */
export async function alumnosPorCurso(db: Knex, params: { ahora: string }): Promise<AlumnosCurso[]> {
  const t = instante(db);
  const rows = await filas(
    db,
    `SELECT m."cursoId" AS "cursoId", c.titulo AS titulo, COUNT(*) AS alumnos
     FROM matriculas m
     JOIN cursos c ON c.id = m."cursoId"
     WHERE m.estado = 'activa' AND (m.hasta IS NULL OR m.hasta > ${t})
     GROUP BY m."cursoId", c.titulo
     ORDER BY alumnos DESC, m."cursoId"`,
    [params.ahora],
  );
  return rows.map((r) => ({ cursoId: r.cursoId, titulo: r.titulo, alumnos: r.alumnos }));
}

/** Matrículas created per bucket (by createdAt, whatever became of them since), every bucket present. */
export async function matriculasNuevas(db: Knex, params: { intervalos: readonly Intervalo[] }): Promise<PuntoMatriculas[]> {
  const b = tablaDeIntervalos(db, params.intervalos);
  const rows = await filas(
    db,
    `WITH ${b.sql}
     SELECT b.clave AS clave, COUNT(m.id) AS nuevas, COUNT(CASE WHEN m.origen = 'pago' THEN 1 END) AS "dePago"
     FROM b
     LEFT JOIN matriculas m ON m."createdAt" >= b.inicio AND m."createdAt" < b.fin
     GROUP BY b.orden, b.clave
     ORDER BY b.orden`,
    b.bindings,
  );
  return rows.map((r, n) => ({ clave: r.clave, inicio: params.intervalos[n].inicio, nuevas: r.nuevas, dePago: r.dePago }));
}

/** The activa matrículas whose access ends within [desde, hasta): how many, and the first `limite` of them, soonest first. */
export async function matriculasPorCaducar(db: Knex, params: { desde: string; hasta: string; limite: number }): Promise<{ total: number; matriculas: MatriculaPorCaducar[] }> {
  const t = instante(db);
  const condicion = `m.estado = 'activa' AND m.hasta >= ${t} AND m.hasta < ${t}`;
  const [totales] = await filas(db, `SELECT COUNT(*) AS total FROM matriculas m WHERE ${condicion}`, [params.desde, params.hasta]);
  const rows = await filas(
    db,
    `SELECT m.id, m."usuarioId", u.nombre, u.apellidos, m."cursoId", c.titulo, m.hasta
     FROM matriculas m
     JOIN usuarios u ON u.id = m."usuarioId"
     JOIN cursos c ON c.id = m."cursoId"
     WHERE ${condicion}
     ORDER BY m.hasta, m.id
     LIMIT ?`,
    [params.desde, params.hasta, params.limite],
  );
  return {
    total: totales.total,
    matriculas: rows.map((r) => ({
      id: r.id,
      usuarioId: r.usuarioId,
      usuario: [r.nombre, r.apellidos].filter(Boolean).join(' '),
      cursoId: r.cursoId,
      curso: r.titulo,
      hasta: iso(r.hasta)!,
    })),
  };
}

/**
 * Per cupón: its canjes in the period (by their fecha) and the discount they gave, and the pagos
 * completados that used it (by the pago's fecha) and what they brought in; each summed over its
 * own table first, as a canje and its pago may fall in different periods. The most used first.
 */
export async function cuponesUsados(db: Knex, rango: Rango): Promise<CuponUsado[]> {
  const canjeado = enRango(db, 'k.fecha', rango);
  const cobrado = enRango(db, 'p.fecha', rango);
  const rows = await filas(
    db,
    `SELECT v."cuponId" AS "cuponId", cu.codigo AS codigo,
       SUM(v.usos) AS usos, SUM(v.descuento) AS descuento, SUM(v.pagos) AS pagos, SUM(v.ingresos) AS ingresos
     FROM (
       SELECT k."cuponId" AS "cuponId", COUNT(*) AS usos, SUM(k.descuento) AS descuento, 0 AS pagos, 0 AS ingresos
       FROM canjes k
       WHERE ${canjeado.sql}
       GROUP BY k."cuponId"
       UNION ALL
       SELECT p."cuponId", 0, 0, COUNT(*), SUM(p.importe)
       FROM pagos p
       WHERE p."cuponId" IS NOT NULL AND p.estado = 'completado' AND ${cobrado.sql}
       GROUP BY p."cuponId"
     ) v
     JOIN cupones cu ON cu.id = v."cuponId"
     GROUP BY v."cuponId", cu.codigo
     ORDER BY usos DESC, ingresos DESC, v."cuponId"`,
    [...canjeado.bindings, ...cobrado.bindings],
  );
  return rows.map((r) => ({ cuponId: r.cuponId, codigo: r.codigo, usos: r.usos, descuento: r.descuento, pagos: r.pagos, ingresos: r.ingresos }));
}
