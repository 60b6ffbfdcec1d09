// The scale generator for benchmarks (docs/arquitectura.md §10): N pagos, N/10 usuarios and about N/2
// facturas spread over the last eighteen months, on top of whatever catalogue the database
// holds (the demo's, or a minimal one created here). One transaction; rows go in through the
// bare driver, in multi-row prepared statements on SQLite and array-parameter (unnest)
// inserts on PostgreSQL, so a million pagos take about a minute.
import type { Knex } from 'knex';
import { categorias as categoriasDemo, cursos as cursosDemo } from './catalogo.js';
import { referencia } from './demo.js';
import { direccionFactura } from '../contrato/cliente.js';
import { dominios, persona, slug } from './personas.js';
import { Random, WeightedIndex } from './random.js';
import { desglose } from '../api/src/resources/facturas/index.js';
import { DAY, isPgDb, iso, monthsBefore, nextId, resetSequences } from './util.js';
import { reembolsosDePagosReembolsados } from '../migrations/0008_reembolsos_y_sustitucion.js';

export interface SeedScaleOptions {
  /** Default: the real now. Every date is at or before it. */
  now?: Date;
  seed?: number;
  /** Usuarios to add; default pagos / 10 (at least 1). */
  usuarios?: number;
  /** Share of the completed (or refunded) pagos that get an invoice; default ≈ half of all pagos. */
  facturaRatio?: number;
  /** Invoice serie of the generated facturas, numbered on from its highest number. Default `B`. */
  serie?: string;
  /** Progress lines; default console.log. Pass () => {} for silence. */
  log?: (msg: string) => void;
  /**
   * The issuer every invoice names, as an issued one must (the configuration's `emisor`). Without
   * it they name none, and the API's first start fills it in record by record, with a history
   * line each: minutes at a million pagos.
   */
  emisor?: { nif: string; nombre: string; domicilio: string };
}

export interface SeedScaleResult {
  usuarios: number;
  pagos: number;
  facturas: number;
  seconds: number;
}

type ColumnType = 'int' | 'text' | 'bool' | 'timestamptz';
type Spec = readonly (readonly [name: string, type: ColumnType])[];

const USUARIO: Spec = [
  ['id', 'int'], ['nombre', 'text'], ['apellidos', 'text'], ['email', 'text'], ['telefono', 'text'], ['nif', 'text'],
  ['direccion', 'text'], ['codigoPostal', 'text'], ['ciudad', 'text'], ['provincia', 'text'], ['pais', 'text'],
  ['activo', 'bool'], ['notas', 'text'], ['createdAt', 'timestamptz'], ['updatedAt', 'timestamptz'],
];
const FACTURA: Spec = [
  ['id', 'int'], ['serie', 'text'], ['numero', 'int'], ['fecha', 'timestamptz'], ['usuarioId', 'int'], ['clienteNombre', 'text'],
  ['clienteNif', 'text'], ['clienteDireccion', 'text'], ['concepto', 'text'], ['base', 'int'], ['tipoIva', 'int'], ['cuotaIva', 'int'],
  ['total', 'int'], ['estado', 'text'], ['tipo', 'text'], ['createdAt', 'timestamptz'], ['updatedAt', 'timestamptz'],
  ['emisorNif', 'text'], ['emisorNombre', 'text'], ['emisorDomicilio', 'text'],
];
const PAGO: Spec = [
  ['usuarioId', 'int'], ['cursoId', 'int'], ['facturaId', 'int'], ['importe', 'int'], ['moneda', 'text'], ['metodo', 'text'],
  ['estado', 'text'], ['referencia', 'text'], ['fecha', 'timestamptz'], ['notas', 'text'], ['fechaReembolso', 'timestamptz'],
  ['importeReembolsado', 'int'], ['createdAt', 'timestamptz'], ['updatedAt', 'timestamptz'],
];
const LOG: Spec = [
  ['tipo', 'text'], ['fecha', 'timestamptz'], ['datos', 'text'], ['loginId', 'int'], ['recurso', 'text'], ['recursoId', 'int'],
  ['ip', 'text'], ['cambios', 'text'], ['version', 'int'], ['createdAt', 'timestamptz'], ['updatedAt', 'timestamptz'],
];

type Value = string | number | boolean | null;

/** Rows collected column by column, flushed to the database in fixed-size statements. */
interface Bulk {
  insert(table: string, spec: Spec, rows: Value[][]): Promise<void>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
  release(): Promise<void>;
  batch: number;
}

const quote = (name: string) => `"${name}"`;

/** better-sqlite3, synchronous and in-process: prepared multi-row INSERTs, booleans as 1/0. */
async function sqliteBulk(db: Knex): Promise<Bulk> {
  const conn = await db.client.acquireConnection();
  const previousCache = conn.pragma('cache_size', { simple: true });
  // A bigger page cache for the load (the indexes of a million rows); restored afterwards.
  conn.pragma('cache_size = -262144');
  const statements = new Map<string, any>();
  const statement = (table: string, spec: Spec, rows: number) => {
    const key = `${table}:${rows}`;
    let stmt = statements.get(key);
    if (!stmt) {
      const tuple = `(${spec.map(() => '?').join(',')})`;
      stmt = conn.prepare(`INSERT INTO ${quote(table)} (${spec.map(([n]) => quote(n)).join(',')}) VALUES ${Array(rows).fill(tuple).join(',')}`);
      statements.set(key, stmt);
    }
    return stmt;
  };
  // ~500 rows a statement, within SQLite's limit of 32766 bound parameters.
  const batch = Math.min(500, Math.floor(30000 / Math.max(...[USUARIO, FACTURA, PAGO, LOG].map((s) => s.length))));
  return {
    batch,
    async insert(table, spec, rows) {
      for (let i = 0; i < rows.length; i += batch) {
        const chunk = rows.slice(i, i + batch);
        const flat: Value[] = [];
        for (const row of chunk) for (const v of row) flat.push(typeof v === 'boolean' ? (v ? 1 : 0) : v);
        statement(table, spec, chunk.length).run(flat);
      }
    },
    async begin() {
      conn.exec('BEGIN');
    },
    async commit() {
      conn.exec('COMMIT');
    },
    async rollback() {
      if (conn.inTransaction) conn.exec('ROLLBACK');
    },
    async release() {
      conn.pragma(`cache_size = ${Number(previousCache)}`);
      await db.client.releaseConnection(conn);
    },
  };
}

/** node-postgres: one statement per batch with one array parameter per column (unnest). */
async function pgBulk(db: Knex): Promise<Bulk> {
  const conn = await db.client.acquireConnection();
  const batch = 5000;
  return {
    batch,
    async insert(table, spec, rows) {
      const sql = `INSERT INTO ${quote(table)} (${spec.map(([n]) => quote(n)).join(',')}) SELECT * FROM unnest(${spec
        .map(([, type], i) => `$${i + 1}::${type === 'bool' ? 'boolean' : type === 'int' ? 'integer' : type}[]`)
        .join(',')})`;
      for (let i = 0; i < rows.length; i += batch) {
        const chunk = rows.slice(i, i + batch);
        await conn.query(sql, spec.map((_, c) => chunk.map((row) => row[c])));
      }
    },
    async begin() {
      await conn.query('BEGIN');
    },
    async commit() {
      await conn.query('COMMIT');
    },
    async rollback() {
      await conn.query('ROLLBACK').catch(() => undefined);
    },
    async release() {
      await db.client.releaseConnection(conn);
    },
  };
}

/** One transaction on a bulk connection: committed when `work` ends, rolled back if it throws. */
async function enTransaccion<T>(db: Knex, work: (bulk: Bulk) => Promise<T>): Promise<T> {
  const bulk = isPgDb(db) ? await pgBulk(db) : await sqliteBulk(db);
  try {
    await bulk.begin();
    const result = await work(bulk);
    await bulk.commit();
    return result;
  } catch (err) {
    await bulk.rollback();
    throw err;
  } finally {
    await bulk.release();
  }
}

/** `total` rows made and inserted by `lote(done, n)` a few statements at a time, with a progress line each tenth. */
async function porLotes(bulk: Bulk, total: number, lote: (done: number, n: number) => Promise<void>, progreso: (done: number) => string, log: (msg: string) => void) {
  let nextReport = 0.1;
  for (let done = 0; done < total; ) {
    const n = Math.min(bulk.batch * 4, total - done);
    await lote(done, n);
    done += n;
    if (done / total >= nextReport || done === total) {
      log(progreso(done));
      while (nextReport <= done / total) nextReport += 0.1;
    }
  }
}

interface CursoVenta {
  id: number;
  titulo: string;
  precio: number;
}

/** The cursos on sale, with a sales weight; creates a minimal catalogue when there is none. */
async function catalogue(db: Knex, now: number): Promise<{ cursos: CursoVenta[]; pesos: number[] }> {
  let rows = (await db('cursos').where('estado', 'publicado').select('id', 'titulo', 'precio').orderBy('id')) as CursoVenta[];
  if (!rows.length) {
    const at = iso(now - 20 * 30 * DAY);
    const existing = new Map<string, number>(((await db('categorias').select('id', 'nombre')) as { id: number; nombre: string }[]).map((c) => [c.nombre, c.id]));
    for (const c of categoriasDemo) {
      if (existing.has(c.nombre)) continue;
      const [r] = await db('categorias').insert({ nombre: c.nombre, descripcion: c.descripcion, orden: 0, createdAt: at, updatedAt: at }).returning('id');
      existing.set(c.nombre, typeof r === 'object' ? r.id : r);
    }
    for (const c of cursosDemo.filter((c) => c.estado === 'publicado')) {
      await db('cursos').insert({
        titulo: c.titulo,
        descripcion: c.descripcion,
        categoriaId: existing.get(c.categoria),
        precio: c.precio,
        moneda: 'EUR',
        nivel: c.nivel,
        estado: 'publicado',
        // No photo: a path here would name no file in storage (the demo's cursos have real ones).
        foto: null,
        createdAt: at,
        updatedAt: at,
      });
    }
    rows = (await db('cursos').where('estado', 'publicado').select('id', 'titulo', 'precio').orderBy('id')) as CursoVenta[];
  }
  const popularidad = new Map(cursosDemo.map((c) => [c.titulo, c.popularidad]));
  return { cursos: rows, pesos: rows.map((c) => popularidad.get(c.titulo) || 3) };
}

interface Cliente {
  id: number;
  createdAt: number;
  nombre: string;
  nif: string | null;
  direccion: string | null;
}

const motivos = ['Reembolso solicitado por el alumno.', 'Compra duplicada por error.'];

export async function seedScale(db: Knex, pagos: number, opts: SeedScaleOptions = {}): Promise<SeedScaleResult> {
  if (!Number.isInteger(pagos) || pagos < 1) throw new Error(`seedScale: pagos must be a positive integer (got ${pagos})`);
  const log = opts.log ?? ((m: string) => console.log(m));
  const t0 = performance.now();
  const elapsed = () => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
  const rng = new Random(opts.seed ?? 77);
  const nowMs = (opts.now ?? new Date()).getTime();
  const start = monthsBefore(new Date(nowMs), 18);
  const span = nowMs - start;
  const nUsuarios = opts.usuarios ?? Math.max(1, Math.round(pagos / 10));
  const serie = opts.serie ?? 'B';
  // Completed + refunded are ≈ 91 % of pagos: this ratio gives ≈ pagos / 2 invoices.
  const ratio = opts.facturaRatio ?? 0.55;

  const { cursos, pesos } = await catalogue(db, nowMs);
  const cursoPick = new WeightedIndex(pesos);
  const conceptos = cursos.map((c) => `Curso: ${c.titulo}`);
  const importesCurso = cursos.map((c) => desglose(c.precio, 21));

  // Who can buy: the usuarios already there plus the new ones, in sign-up order.
  const existentes = (await db('usuarios').select('id', 'nombre', 'apellidos', 'nif', 'direccion', 'codigoPostal', 'ciudad', 'provincia', 'pais', 'createdAt')) as any[];
  const clientes: Cliente[] = existentes.map((u) => ({
    id: u.id,
    createdAt: new Date(u.createdAt).getTime(),
    nombre: `${u.nombre} ${u.apellidos ?? ''}`.trim(),
    nif: u.nif,
    direccion: direccionFactura(u),
  }));
  let usuarioId = await nextId(db, 'usuarios');
  let facturaId = await nextId(db, 'facturas');
  const maxNumero = (await db('facturas').where('serie', serie).max({ m: 'numero' }).first()) as { m: number | null } | undefined;
  let numero = Number(maxNumero?.m ?? 0) + 1;

  let facturas = 0;
  await enTransaccion(db, async (bulk) => {
    // Usuarios, signing up evenly over the period.
    log(`seedScale: ${nUsuarios} usuarios…`);
    const nuevos: Value[][] = [];
    for (let i = 0; i < nUsuarios; i++) {
      const id = usuarioId++;
      const createdAt = start + Math.floor(((i + rng.next()) * span) / nUsuarios);
      const p = persona(rng);
      const email = `${slug(p.nombre.split(' ')[0])}.${slug(p.apellidos.split(' ')[0], '')}.${id}@${rng.pick(dominios)}`;
      const at = iso(createdAt);
      nuevos.push([id, p.nombre, p.apellidos, email, p.telefono, p.nif, p.direccion, p.codigoPostal, p.ciudad, p.provincia, p.pais, rng.chance(0.97), null, at, at]);
      clientes.push({ id, createdAt, nombre: `${p.nombre} ${p.apellidos}`, nif: p.nif, direccion: direccionFactura(p) });
      if (nuevos.length >= 20_000) await bulk.insert('usuarios', USUARIO, nuevos.splice(0));
    }
    await bulk.insert('usuarios', USUARIO, nuevos);
    clientes.sort((a, b) => a.createdAt - b.createdAt);
    log(`seedScale: usuarios listos (${elapsed()})`);

    // Pagos in date order (so invoice numbers follow dates), each by someone already signed up:
    // half of them by recent sign-ups (first purchases), half by anyone.
    let signedUp = 0;
    let last = 0;
    const lote = async (done: number, n: number) => {
      const pagoRows: Value[][] = [];
      const facturaRows: Value[][] = [];
      for (let j = 0; j < n; j++) {
        const i = done + j;
        const fecha = Math.max(last, start + Math.floor(((i + rng.next()) * span) / pagos));
        last = fecha;
        while (signedUp < clientes.length && clientes[signedUp].createdAt <= fecha) signedUp++;
        const k = Math.max(1, signedUp);
        const idx = rng.next() < 0.5 ? k - 1 - Math.floor(rng.next() * Math.max(1, k / 10)) : Math.floor(rng.next() * k);
        const cliente = clientes[Math.max(0, idx)];
        const c = cursoPick.pick(rng);
        const curso = cursos[c];
        const metodo = rng.weighted([['tarjeta', 56], ['paypal', 20], ['bizum', 14], ['transferencia', 8], ['efectivo', 2]] as const);
        const age = nowMs - fecha;
        const estado =
          metodo === 'transferencia' && age < 4 * DAY
            ? 'pendiente'
            : rng.weighted([['completado', 86], ['fallido', 7], ['reembolsado', 5], ['pendiente', 2]] as const);
        const at = iso(fecha);
        const updatedAt = estado === 'reembolsado' ? iso(Math.min(nowMs, fecha + 7 * DAY)) : at;
        let fid: number | null = null;
        if ((estado === 'completado' || estado === 'reembolsado') && rng.next() < ratio) {
          fid = facturaId++;
          const imp = importesCurso[c];
          facturaRows.push([
            fid, serie, numero++, at, cliente.id, cliente.nombre, cliente.nif, cliente.direccion, conceptos[c],
            // Paid and kept: the bench's invoices have no rectificativas or VeriFactu records.
            imp.base, imp.tipoIva, imp.cuotaIva, imp.total, 'pagada', cliente.nif ? 'F1' : 'F2', at, updatedAt,
            opts.emisor?.nif ?? null, opts.emisor?.nombre ?? null, opts.emisor?.domicilio ?? null,
          ]);
        }
        pagoRows.push([
          cliente.id, curso.id, fid, curso.precio, 'EUR', metodo, estado, referencia(rng, metodo, fecha, i + 1), at,
          estado === 'reembolsado' ? rng.pick(motivos) : null, estado === 'reembolsado' ? updatedAt : null,
          estado === 'reembolsado' ? curso.precio : 0, at, updatedAt,
        ]);
      }
      await bulk.insert('facturas', FACTURA, facturaRows);
      await bulk.insert('pagos', PAGO, pagoRows);
      facturas += facturaRows.length;
    };
    const progreso = (done: number) => `seedScale: ${done.toLocaleString('es-ES')} / ${pagos.toLocaleString('es-ES')} pagos, ${facturas.toLocaleString('es-ES')} facturas (${elapsed()})`;
    await porLotes(bulk, pagos, lote, progreso, log);
  });
  // Each refunded pago's refund row, as the reports read refunds (one statement, in the database).
  await reembolsosDePagosReembolsados(db);
  await resetSequences(db, ['usuarios', 'facturas', 'pagos']);
  const seconds = (performance.now() - t0) / 1000;
  log(`seedScale: ${pagos} pagos, ${nUsuarios} usuarios y ${facturas} facturas en ${seconds.toFixed(1)} s`);
  return { usuarios: nUsuarios, pagos, facturas, seconds };
}

export interface SeedHistorialOptions {
  /** Default: the real now. Every date is at or before it. */
  now?: Date;
  seed?: number;
  log?: (msg: string) => void;
}

/** One record's history: its resource, its id and how many audit rows it has. */
export interface HistorialDe {
  recurso: string;
  id: number;
  filas: number;
}

export interface SeedHistorialResult {
  filas: number;
  /** The catalogue record with the longest history (a curso), and a usuario with a short one. */
  largo: HistorialDe;
  corto: HistorialDe;
  seconds: number;
}

/**
 * How an academy's activity spreads over its audit log (share of rows, rows per record): many
 * pagos, facturas and usuarios with a short history each, a catalogue of a few dozen cursos and
 * clases edited again and again over the months, and account events (not a record's history).
 */
const ACTIVIDAD = [
  { recurso: 'pagos', parte: 0.4, porRegistro: 2 },
  { recurso: 'facturas', parte: 0.18, porRegistro: 1.5 },
  { recurso: 'usuarios', parte: 0.22, porRegistro: 3 },
  { recurso: 'clases', parte: 0.1 },
  { recurso: 'cursos', parte: 0.05 },
  { recurso: 'categorias', parte: 0.01 },
  { recurso: 'logins', parte: 0.04 },
] as const;

/** What one write of each resource changed, {campo: [antes, después]} as logs.cambios keeps it. */
function cambiosDe(recurso: string, crea: boolean, rng: Random): Record<string, [unknown, unknown]> {
  const importe = rng.int(19, 400) * 100 + 90;
  switch (recurso) {
    case 'pagos':
      return crea ? { importe: [null, importe], metodo: [null, 'tarjeta'], estado: [null, 'pendiente'] } : { estado: ['pendiente', rng.pick(['completado', 'fallido', 'reembolsado'])] };
    case 'facturas':
      return crea ? { numero: [null, rng.int(1, 500_000)], total: [null, importe], estado: [null, 'emitida'] } : { estado: ['emitida', 'pagada'] };
    case 'usuarios':
      return crea ? { nombre: [null, persona(rng).nombre], email: [null, `alumno.${rng.digits(6)}@${rng.pick(dominios)}`] } : { telefono: [`6${rng.digits(8)}`, `6${rng.digits(8)}`] };
    case 'cursos':
      return rng.chance(0.3)
        ? { precio: [importe, importe + 1000] }
        : { descripcion: [`Temario revisado: ${rng.chars(60, 'abcdefghijklmnopqrstuvwxyz ')}`, `Temario revisado: ${rng.chars(60, 'abcdefghijklmnopqrstuvwxyz ')}`] };
    case 'clases':
      return rng.chance(0.5) ? { orden: [rng.int(1, 30), rng.int(1, 30)] } : { titulo: [`Clase ${rng.int(1, 30)}`, `Clase ${rng.int(1, 30)}: práctica`] };
    default:
      return { orden: [rng.int(0, 10), rng.int(0, 10)] };
  }
}

/**
 * N audit rows in `logs` over the last eighteen months, oldest first, through the same bulk
 * inserts as seedScale. Pagos, facturas and usuarios are numbered as a busy academy's would be
 * (their rows fall in the weeks after each record's creation), each one's first row its CREATE;
 * cursos, clases and categorías are the catalogue the database holds, created before the period,
 * so their rows are all UPDATEs and their histories long. Each row carries the version it left.
 */
export async function seedHistorial(db: Knex, filas: number, opts: SeedHistorialOptions = {}): Promise<SeedHistorialResult> {
  if (!Number.isInteger(filas) || filas < 1) throw new Error(`seedHistorial: filas must be a positive integer (got ${filas})`);
  const log = opts.log ?? ((m: string) => console.log(m));
  const t0 = performance.now();
  const rng = new Random(opts.seed ?? 24);
  const nowMs = (opts.now ?? new Date()).getTime();
  const start = monthsBefore(new Date(nowMs), 18);
  const span = nowMs - start;

  const idsDe = async (tabla: string) => ((await db(tabla).select('id').orderBy('id')) as { id: number }[]).map((r) => Number(r.id));
  const logins = await idsDe('logins');
  if (!logins.length) throw new Error('seedHistorial: the database has no logins (seed the demo or an administrator first)');
  const fuentes = await Promise.all(
    ACTIVIDAD.map(async (a) => {
      const existentes = 'porRegistro' in a ? [] : await idsDe(a.recurso);
      const total = 'porRegistro' in a ? Math.max(1, Math.round((filas * a.parte) / a.porRegistro)) : existentes.length;
      if (!total) throw new Error(`seedHistorial: the database has no ${a.recurso}`);
      return { ...a, existentes, total, versiones: new Int32Array(total) };
    }),
  );
  const elegir = new WeightedIndex(fuentes.map((f) => f.parte));
  const ips = Array.from({ length: 40 }, () => `83.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`);

  await enTransaccion(db, async (bulk) => {
    const lote = async (done: number, n: number) => {
      const rows: Value[][] = [];
      for (let j = 0; j < n; j++) {
        const t = (done + j + rng.next()) / filas;
        const at = iso(start + Math.floor(t * span));
        const f = fuentes[elegir.pick(rng)];
        // A numbered record is busy in the weeks after it is created (about a tenth of the period).
        const k = f.existentes.length ? rng.int(0, f.total - 1) : Math.min(f.total - 1, Math.max(0, Math.floor((t - rng.next() * Math.min(t, 0.1)) * f.total)));
        const id = f.existentes.length ? f.existentes[k] : k + 1;
        const loginId = rng.chance(0.05) ? null : rng.pick(logins);
        const ip = rng.pick(ips);
        if (f.recurso === 'logins') {
          // Account events: in the log, never in a record's history.
          rows.push([rng.pick(['CONTRASENA', 'SESIONES-CERRADAS', 'ROL']), at, null, loginId, 'logins', rng.pick(logins), ip, null, null, at, at]);
          continue;
        }
        const crea = ++f.versiones[k] === 1 && !f.existentes.length;
        // A record already there was at version 1 before its first change here.
        const version = f.versiones[k] + (f.existentes.length ? 1 : 0);
        const datos = f.recurso === 'pagos' && !crea && rng.chance(0.03) ? JSON.stringify({ accion: 'reembolsar' }) : null;
        rows.push([crea ? 'CREATE' : 'UPDATE', at, datos, loginId, f.recurso, id, ip, JSON.stringify(cambiosDe(f.recurso, crea, rng)), version, at, at]);
      }
      await bulk.insert('logs', LOG, rows);
    };
    const progreso = (done: number) => `seedHistorial: ${done.toLocaleString('es-ES')} / ${filas.toLocaleString('es-ES')} filas de logs (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
    await porLotes(bulk, filas, lote, progreso, log);
  });
  const historialDe = (recurso: string, k: number): HistorialDe => {
    const f = fuentes.find((x) => x.recurso === recurso)!;
    return { recurso, id: f.existentes.length ? f.existentes[k] : k + 1, filas: f.versiones[k] };
  };
  const cursos = fuentes.find((f) => f.recurso === 'cursos')!.versiones;
  const usuarios = fuentes.find((f) => f.recurso === 'usuarios')!.versiones;
  const largo = historialDe('cursos', cursos.indexOf(Math.max(...cursos)));
  // A usuario with three rows, as most have: created, then edited a couple of times.
  const corto = historialDe('usuarios', Math.max(0, usuarios.indexOf(3)));
  const seconds = (performance.now() - t0) / 1000;
  log(`seedHistorial: ${filas} filas de logs en ${seconds.toFixed(1)} s`);
  return { filas, largo, corto, seconds };
}
