// The demo and scale seeds and the first-start preparation, on the dialect under test: the data
// respects the schema and the invoicing rules, is deterministic, and production never gets demo
// data.
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { buildApp } from '../src/app.js';
import { hashPassword, verifyPassword } from '../src/auth/passwords.js';
import type { Config } from '../src/config/index.js';
import { createAlmacen } from '../src/media/almacen.js';
import { checkAlmacen } from '../src/media/comprobar.js';
import { verifyCadena } from '../src/resources/facturas/cadena.js';
import { cuotaIva } from '../src/resources/facturas/index.js';
import { registry } from '../src/resources/index.js';
import { seedDemo } from '../../seeds/demo.js';
import { sembrarDemo } from '../../seeds/prepare.js';
import { isEmpty } from '../src/db/preparar.js';
import { prepareDatabase } from '../src/preparacion.js';
import { seedHistorial, seedScale } from '../../seeds/scale.js';
import { createTestDb, EMISOR, testConfig, type TestDb } from './support/db.js';

const scrypt = { N: 1024, r: 8, p: 1 };
const now = new Date('2026-03-15T12:00:00.000Z');
const open: TestDb[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.destroy();
});

async function fresh() {
  const t = await createTestDb();
  open.push(t);
  return t;
}

const count = async (db: Knex, table: string, where: Record<string, unknown> = {}) =>
  Number(((await db(table).where(where).count({ n: '*' })) as { n: number }[])[0].n);

/** Invoice numbers of a serie, in date order, are 1..n with no gap. */
async function correlative(db: Knex, serie: string) {
  const rows = await db('facturas').where('serie', serie).whereNotNull('numero').orderBy([{ column: 'fecha' }, { column: 'numero' }]).select('numero');
  return rows.map((r: { numero: number }) => r.numero);
}

describe('seedDemo', () => {
  it('fills an empty database with consistent Spanish demo data', async () => {
    const { db } = await fresh();
    expect(await isEmpty(db)).toBe(true);
    const result = await seedDemo(db, { adminPasswordHash: await hashPassword('admin', scrypt), now });
    expect(await isEmpty(db)).toBe(false);

    expect(result.categorias).toBeGreaterThanOrEqual(8);
    expect(result.cursos).toBeGreaterThanOrEqual(18);
    expect(await count(db, 'usuarios')).toBe(400);
    expect(await count(db, 'pagos')).toBe(4000);
    expect(result.facturas).toBeGreaterThan(2500);
    expect(result.facturas).toBeLessThan(3800);

    // Every curso has 5–15 clases numbered 1..n, the first a free preview.
    const clases = await db('clases').whereNotNull('cursoId').whereNull('usuarioId').orderBy(['cursoId', 'orden']);
    const byCurso = new Map<number, { orden: number; gratuita: unknown; video: string | null; miniatura: string | null }[]>();
    for (const c of clases) byCurso.set(c.cursoId, [...(byCurso.get(c.cursoId) ?? []), c]);
    expect(byCurso.size).toBe(result.cursos);
    for (const list of byCurso.values()) {
      expect(list.length).toBeGreaterThanOrEqual(5);
      expect(list.length).toBeLessThanOrEqual(15);
      expect(list.map((c) => c.orden)).toEqual(list.map((_, i) => i + 1));
      expect(list.map((c) => Boolean(c.gratuita))).toEqual(list.map((_, i) => i === 0));
      // Without media given, no path that would name no file.
      for (const c of list) expect([c.video, c.miniatura]).toEqual([null, null]);
    }
    expect(await count(db, 'cursos', { foto: null })).toBe(result.cursos);
    expect(await count(db, 'clases', { cursoId: null })).toBeGreaterThan(0);

    // Pagos: in the past, priced as the curso, mostly completed.
    const future = await db('pagos').where('fecha', '>', now.toISOString()).count({ n: '*' });
    expect(Number((future as { n: number }[])[0].n)).toBe(0);
    const mismatched = await db('pagos').join('cursos', 'cursos.id', 'pagos.cursoId').whereRaw('"pagos"."importe" <> "cursos"."precio"').count({ n: '*' });
    expect(Number((mismatched as { n: number }[])[0].n)).toBe(0);
    expect(await count(db, 'pagos', { estado: 'completado' })).toBeGreaterThan(3000);
    for (const estado of ['pendiente', 'fallido', 'reembolsado']) expect(await count(db, 'pagos', { estado })).toBeGreaterThan(0);

    // Facturas: correlative per serie in date order, totals adding up to the céntimo, a paid
    // invoice's total exactly its pago's importe, drafts without a number.
    const numerosA = await correlative(db, 'A');
    expect(numerosA).toEqual(numerosA.map((_, i) => i + 1));
    for (const f of await db('facturas').select('base', 'tipoIva', 'cuotaIva', 'total')) {
      // IVA included in the price: the cuota is what is left of it, at most a céntimo off base × tipo.
      expect(Math.abs(f.cuotaIva - cuotaIva(f.base, f.tipoIva))).toBeLessThanOrEqual(1);
      expect(f.total).toBe(f.base + f.cuotaIva);
    }
    expect(await count(db, 'facturas', { estado: 'borrador', numero: null })).toBeGreaterThan(0);
    const linked = await db('pagos')
      .join('facturas', 'facturas.id', 'pagos.facturaId')
      .select('pagos.usuarioId as pu', 'facturas.usuarioId as fu', 'pagos.fecha as pf', 'facturas.fecha as ff', 'pagos.importe', 'facturas.total', 'facturas.numero');
    expect(linked.length).toBeGreaterThan(2500);
    for (const l of linked) {
      expect(l.fu).toBe(l.pu);
      if (l.numero === null) continue;
      expect(new Date(l.ff).toISOString()).toBe(new Date(l.pf).toISOString());
      expect(l.total).toBe(l.importe);
    }

    // A refunded pago is dated; if it was invoiced, its refund issued a rectificativa (serie R,
    // R4, numbered in the order of the refunds) that negates its invoice, which stays issued.
    expect(await count(db, 'pagos', { estado: 'reembolsado', fechaReembolso: null })).toBe(0);
    expect(Number(((await db('pagos').whereNot('estado', 'reembolsado').whereNotNull('fechaReembolso').count({ n: '*' })) as { n: number }[])[0].n)).toBe(0);
    const numerosR = await correlative(db, 'R');
    expect(numerosR).toEqual(numerosR.map((_, i) => i + 1));
    const reembolsadosFacturados = await db('pagos').where('estado', 'reembolsado').whereNotNull('facturaId').select('facturaId', 'fechaReembolso');
    expect(numerosR.length).toBe(reembolsadosFacturados.length);
    expect(numerosR.length).toBeGreaterThan(0);
    for (const p of reembolsadosFacturados) {
      const original = await db('facturas').where('id', p.facturaId).first();
      const r = await db('facturas').where('rectificaId', p.facturaId).first();
      expect(['emitida', 'pagada']).toContain(original.estado);
      expect(r).toMatchObject({ serie: 'R', tipo: 'R4', base: -original.base, cuotaIva: -original.cuotaIva, total: -original.total });
      expect(new Date(r.fecha).toISOString()).toBe(new Date(p.fechaReembolso).toISOString());
    }
    // Each refund has its row: the whole pago, on its date, by an administrator, tied to the
    // rectificativa it issued (por diferencias), which the invoice names as its latest.
    const reembolsados = await db('pagos').where('estado', 'reembolsado').select('id', 'importe', 'importeReembolsado', 'fechaReembolso', 'facturaId');
    const reembolsos = new Map((await db('reembolsos').select('*')).map((r: Record<string, any>) => [r.pagoId, r]));
    expect(reembolsos.size).toBe(reembolsados.length);
    for (const p of reembolsados) {
      const r = reembolsos.get(p.id)!;
      expect([r.importe, p.importeReembolsado, new Date(r.fecha).toISOString()]).toEqual([p.importe, p.importe, new Date(p.fechaReembolso).toISOString()]);
      expect(r.motivo).toBeTruthy();
      expect(r.loginId).not.toBeNull();
      if (p.facturaId === null) {
        expect(r.facturaId).toBeNull();
        continue;
      }
      expect(await db('facturas').where('id', r.facturaId).first()).toMatchObject({ rectificaId: p.facturaId, tipoRectificativa: 'I' });
      expect((await db('facturas').where('id', p.facturaId).first()).rectificadaPorId).toBe(r.facturaId);
    }
    expect(await count(db, 'pagos', { estado: 'completado', importeReembolsado: 0 })).toBe(await count(db, 'pagos', { estado: 'completado' }));

    // Usuarios: unique e-mails (case-insensitively), valid DNI letters.
    const usuarios = await db('usuarios').select('email', 'nif');
    expect(new Set(usuarios.map((u: { email: string }) => u.email.toLowerCase())).size).toBe(400);
    for (const { nif } of usuarios) {
      if (!nif) continue;
      const m = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(nif)!;
      expect(m).not.toBeNull();
      const n = Number(('XYZ'.indexOf(m[1]) >= 0 ? String('XYZ'.indexOf(m[1])) : '') + m[2]);
      expect(m[3]).toBe('TRWAGMYFPDXBNJZSQVHLCKE'[n % 23]);
    }

    // Administrators: admin with the given hash, lucia / lucia.
    const lucia = await db('logins').where('usuario', 'lucia').first();
    expect(await verifyPassword('lucia', lucia.pass)).toBe(true);
    expect((await db('logins').where('usuario', 'admin').first()).nombre).toBe('Administrador');
    expect(await count(db, 'logs', { tipo: 'BACK-LOGIN' })).toBeGreaterThan(0);

    // Matrículas of every estado, none activa past its end; some cursos give a limited access.
    for (const estado of ['activa', 'caducada', 'revocada']) expect(await count(db, 'matriculas', { estado })).toBeGreaterThan(0);
    expect(await count(db, 'matriculas', { origen: 'manual' })).toBeGreaterThan(0);
    expect(Number(((await db('cursos').whereNotNull('accesoDias').count({ n: '*' })) as { n: number }[])[0].n)).toBeGreaterThan(0);
    const vencidas = await db('matriculas').where('estado', 'activa').whereNotNull('hasta').select('hasta');
    for (const { hasta } of vencidas) expect(new Date(hasta).getTime()).toBeGreaterThan(now.getTime());
    const revocada = await db('matriculas').where('estado', 'revocada').first();
    expect(revocada.motivoRevocacion).toBeTruthy();
    expect(revocada.revocadaPor).toBe(lucia.id);

    // Cupones, so their section is not empty: one used, whose uses are its canjes, two of them
    // spent by a pago completado for exactly their total, with the cupón and its discount.
    expect(await count(db, 'cupones')).toBeGreaterThanOrEqual(2);
    const usado = await db('cupones').where('codigo', 'BIENVENIDA').first();
    expect(usado.usos).toBe(await count(db, 'canjes', { cuponId: usado.id }));
    const pagados = await db('canjes').join('pagos', 'pagos.canjeId', 'canjes.id').select('canjes.total', 'canjes.descuento', 'pagos.importe', 'pagos.cuponId', 'pagos.descuento as descuentoPago', 'pagos.estado');
    expect(pagados.length).toBe(2);
    for (const c of pagados) expect([c.importe, c.cuponId, c.descuentoPago, c.estado]).toEqual([c.total, usado.id, c.descuento, 'completado']);

    // New rows after the seed get fresh ids (sequences moved past the seeded ids).
    const at = new Date().toISOString();
    await db('categorias').insert({ nombre: 'Después de la semilla', createdAt: at, updatedAt: at });
  });

  it('is deterministic for the same seed and now', async () => {
    const a = await fresh();
    const b = await fresh();
    const hash = await hashPassword('admin', scrypt);
    await seedDemo(a.db, { adminPasswordHash: hash, luciaPasswordHash: hash, now, usuarios: 60, pagos: 300 });
    await seedDemo(b.db, { adminPasswordHash: hash, luciaPasswordHash: hash, now, usuarios: 60, pagos: 300 });
    for (const table of ['usuarios', 'pagos', 'facturas', 'clases']) {
      expect(await b.db(table).orderBy('id')).toEqual(await a.db(table).orderBy('id'));
    }
  });
});

describe('seedScale', () => {
  it('adds N pagos, N/10 usuarios and about N/2 facturas, numbered on in their own serie', async () => {
    const { db } = await fresh();
    await seedDemo(db, { adminPasswordHash: await hashPassword('admin', scrypt), now, usuarios: 50, pagos: 200 });
    const before = { pagos: await count(db, 'pagos'), usuarios: await count(db, 'usuarios') };
    const result = await seedScale(db, 3000, { now, log: () => {} });
    expect(await count(db, 'pagos')).toBe(before.pagos + 3000);
    expect(await count(db, 'usuarios')).toBe(before.usuarios + 300);
    expect(result.facturas).toBeGreaterThan(1200);
    expect(result.facturas).toBeLessThan(1800);
    const numeros = await correlative(db, 'B');
    expect(numeros).toEqual(numeros.map((_, i) => i + 1));
    const future = await db('pagos').where('fecha', '>', now.toISOString()).count({ n: '*' });
    expect(Number((future as { n: number }[])[0].n)).toBe(0);
    // Every refunded pago has its refund row, whole, which is what the reports sum.
    const reembolsados = await count(db, 'pagos', { estado: 'reembolsado' });
    expect(reembolsados).toBeGreaterThan(before.pagos / 100);
    expect(await count(db, 'reembolsos')).toBe(reembolsados);
    const [sumas] = await db('pagos').where('estado', 'reembolsado').sum({ importe: 'importe', devuelto: 'importeReembolsado' });
    const [devuelto] = await db('reembolsos').sum({ importe: 'importe' });
    expect([Number(sumas.devuelto), Number(devuelto.importe)]).toEqual([Number(sumas.importe), Number(sumas.importe)]);
    // Rows created afterwards through knex get ids past the generated ones.
    const at = new Date().toISOString();
    await db('usuarios').insert({ nombre: 'Nueva', email: 'nueva.despues@example.es', createdAt: at, updatedAt: at });
    await db('facturas').insert({ serie: 'B', usuarioId: 1, concepto: 'x', base: 1, tipoIva: 21, createdAt: at, updatedAt: at });
  });

  it('creates a minimal catalogue when the database has none', async () => {
    const { db } = await fresh();
    await seedScale(db, 500, { now, log: () => {} });
    expect(await count(db, 'cursos', { estado: 'publicado' })).toBeGreaterThan(0);
    // No file is made for them, so no path either.
    expect(await count(db, 'cursos', { foto: null })).toBe(await count(db, 'cursos'));
    expect(await count(db, 'pagos')).toBe(500);
  });
});

describe('seedHistorial', () => {
  it('adds N audit rows whose histories read as the API serves them: versions in order, a long curso, a short usuario', async () => {
    const t = await fresh();
    const { db } = t;
    await seedDemo(db, { adminPasswordHash: await hashPassword('admin', scrypt), now, usuarios: 50, pagos: 200 });
    const antes = await count(db, 'logs');
    const { largo, corto } = await seedHistorial(db, 20_000, { now, log: () => {} });
    expect(await count(db, 'logs')).toBe(antes + 20_000);
    const futuras = (await db('logs').where('fecha', '>', now.toISOString()).count({ n: '*' })) as { n: number }[];
    expect(Number(futuras[0].n)).toBe(0);

    // Each record's rows, oldest first, leave versions one after another; a numbered one starts with its CREATE.
    const filas = (await db('logs').where('id', '>', antes).whereIn('tipo', ['CREATE', 'UPDATE']).orderBy('id').select('recurso', 'recursoId', 'tipo', 'version', 'cambios')) as Row[];
    const ultima = new Map<string, number>();
    for (const f of filas) {
      const clave = `${f.recurso}/${f.recursoId}`;
      const anterior = ultima.get(clave);
      if (anterior === undefined && f.tipo === 'CREATE') expect(Number(f.version), clave).toBe(1);
      if (anterior !== undefined) expect([clave, Number(f.version)]).toEqual([clave, anterior + 1]);
      ultima.set(clave, Number(f.version));
      expect(typeof JSON.parse(f.cambios)).toBe('object');
    }
    const por = (recurso: string) => [...ultima.keys()].filter((k) => k.startsWith(`${recurso}/`)).length;
    expect(por('pagos')).toBeGreaterThan(2000);
    expect(por('cursos')).toBe(await count(db, 'cursos'));

    // The curso named as the long history has the most rows of all cursos; the usuario, three.
    const [{ n: maximo }] = (await db('logs').where({ recurso: 'cursos' }).where('id', '>', antes).groupBy('recursoId').count({ n: '*' }).orderBy('n', 'desc').limit(1)) as { n: number }[];
    expect(largo).toMatchObject({ recurso: 'cursos', filas: Number(maximo) });
    expect(largo.filas).toBeGreaterThan(20);
    expect(await count(db, 'logs', { recurso: corto.recurso, recursoId: corto.id })).toBeGreaterThanOrEqual(3);
    expect(corto).toMatchObject({ recurso: 'usuarios', filas: 3 });

    const app = await buildApp({ config: configDe(t), db });
    try {
      const login = await app.inject({ method: 'POST', url: '/logins/login', payload: { usuario: 'admin', pass: 'admin' } });
      const cookie = String(login.headers['set-cookie']).split(';')[0];
      const res = await app.inject({ method: 'GET', url: `/cursos/${largo.id}/historial?filter=${encodeURIComponent('{"limit":50}')}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      const historial = res.json() as Row[];
      expect(historial).toHaveLength(50);
      expect(historial.map((h) => h.version)).toEqual([...historial.map((h) => h.version)].sort((a, b) => b - a));
      expect(historial.every((h) => h.accion === 'modificar')).toBe(true);
      expect(Object.keys(historial[0].cambios).length).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

/** The storage folder of each config a test made, removed afterwards. */
const carpetas: string[] = [];
afterEach(async () => {
  while (carpetas.length) await rm(carpetas.pop()!, { recursive: true, force: true });
});

function configDe(t: TestDb, overrides: Record<string, string> = {}) {
  const config = testConfig(t.database, overrides);
  carpetas.push(config.storageDir);
  return config;
}

/**
 * Every clases.video/miniatura and cursos.foto names a `listo` archivo of its folder whose file
 * storage has, and storage:check finds nothing wrong. Answers the clases' and cursos' rows.
 */
async function mediosReales(db: Knex, config: Config) {
  const almacen = await createAlmacen(config.storage, 24);
  const clases = (await db('clases').select('id', 'video', 'miniatura', 'duracion', 'estado')) as Row[];
  const cursos = (await db('cursos').select('id', 'foto', 'categoriaId')) as Row[];
  const rutas = [
    ...clases.flatMap((c) => [[c.video, 'videos'], [c.miniatura, 'photos']]),
    ...cursos.map((c) => [c.foto, 'photos']),
  ].filter(([ruta]) => ruta !== null) as [string, string][];
  expect(rutas.length).toBeGreaterThan(clases.length);
  for (const ruta of new Set(rutas.map(([r]) => r))) {
    const archivo = await db('archivos').where('ruta', ruta).first();
    expect(archivo, ruta).toMatchObject({ estado: 'listo', carpeta: rutas.find(([r]) => r === ruta)![1] });
    expect(archivo.sha256, ruta).toMatch(/^[0-9a-f]{64}$/);
    expect(Number(archivo.tamano), ruta).toBeGreaterThan(0);
    expect(await almacen.existe(ruta.slice(1)), ruta).toBe(true);
  }
  const informe = await checkAlmacen(db, registry, almacen);
  expect(informe).toMatchObject({ huerfanos: [], perdidos: [], rotas: [] });
  await seSirven(db, config, [...new Set(rutas.map(([r]) => r))]);
  return { clases, cursos };
}

/** The API serves each path to the demo's admin, as the admin's players and previews ask for it. */
async function seSirven(db: Knex, config: Config, rutas: string[]) {
  const app = await buildApp({ config, db });
  try {
    const login = await app.inject({ method: 'POST', url: '/logins/login', payload: { usuario: 'admin', pass: 'admin' } });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    for (const ruta of rutas) {
      const res = await app.inject({ method: 'GET', url: ruta, headers: { cookie, range: 'bytes=0-99' } });
      expect(res.statusCode, ruta).toBe(206);
      expect(res.headers['content-type'], ruta).toMatch(ruta.startsWith('/videos/') ? /^video\// : /^image\//);
    }
  } finally {
    await app.close();
  }
}

type Row = Record<string, any>;

describe('prepareDatabase', () => {
  it('seeds demo data with admin / admin on an empty database outside production, once, with real media made by ffmpeg', async () => {
    const t = await fresh();
    const config = configDe(t);
    const lines: string[] = [];
    const first = await prepareDatabase(t.db, config, { log: (m) => lines.push(m), demo: sembrarDemo });
    expect(first.seeded).toBe('demo');
    expect(lines).toContain('Administrador de demostración: admin / admin');
    const admin = await t.db('logins').where('usuario', 'admin').first();
    expect(await verifyPassword('admin', admin.pass)).toBe(true);
    const again = await prepareDatabase(t.db, config, { log: () => {}, demo: sembrarDemo });
    expect(again).toEqual({ migrations: [], seeded: null });
    // admin and lucia, and one account per other role sharing admin's password: carmen (contable), pablo (editor).
    expect(await count(t.db, 'logins')).toBe(4);
    const app = await buildApp({ config, db: t.db });
    try {
      for (const [usuario, rol] of [['carmen', 'contable'], ['pablo', 'editor']]) {
        const entrada = await app.inject({ method: 'POST', url: '/logins/login', payload: { usuario, pass: 'admin' } });
        expect(entrada.json()).toMatchObject({ usuario, rol, fase: null });
      }
    } finally {
      await app.close();
    }
    expect(lines).toContain('Contable y editor de demostración: carmen / admin y pablo / admin');

    // Its issued invoices are on the VeriFactu chain, in order of issue, with the demo issuer.
    const emitidas = Number(((await t.db('facturas').whereNot('estado', 'borrador').count({ n: '*' })) as { n: number }[])[0].n);
    expect(lines.some((l) => l.startsWith('Registros VeriFactu escritos para'))).toBe(true);
    expect(await verifyCadena(t.db, config)).toEqual({ ok: true, registros: emitidas + (await count(t.db, 'facturas', { estado: 'anulada' })) });
    expect(await count(t.db, 'facturas', { emisorNif: config.emisor.nif })).toBe(emitidas);
    const contadores = await t.db('contadores').orderBy('serie');
    for (const c of contadores) expect(Number(c.ultimoNumero)).toBe((await correlative(t.db, c.serie)).length);
    expect(contadores.map((c: { serie: string }) => c.serie)).toEqual(['A', 'R']);

    // Media: clips with their duration and thumbnail, one photo per categoría.
    const { clases, cursos } = await mediosReales(t.db, config);
    const conVideo = clases.filter((c) => c.video);
    expect(conVideo.length).toBeGreaterThan(clases.length / 2);
    for (const c of conVideo) {
      const video = await t.db('archivos').where('ruta', c.video).first();
      expect(video.duracion).toBeGreaterThanOrEqual(3);
      expect(c.duracion).toBe(video.duracion);
      expect(c.miniatura).toBe(video.miniatura);
    }
    // Clases still being prepared have no video, and no path in its place.
    for (const c of clases.filter((c) => c.estado === 'borrador')) expect([c.video, c.miniatura]).toEqual([null, null]);
    const fotoPorCategoria = new Map<number, Set<string>>();
    for (const c of cursos) fotoPorCategoria.set(c.categoriaId, (fotoPorCategoria.get(c.categoriaId) ?? new Set()).add(c.foto));
    for (const fotos of fotoPorCategoria.values()) expect(fotos.size).toBe(1);
    expect(new Set(cursos.map((c) => c.foto)).size).toBe(fotoPorCategoria.size);
    // ffmpeg makes a dozen files before the seed: more than the default limit on a busy machine.
  }, 90_000);

  it('without ffmpeg stores the shipped clip and photos, with no duration or thumbnail', async () => {
    const t = await fresh();
    const config = configDe(t, { FFMPEG_PATH: '/no/existe/ffmpeg', FFPROBE_PATH: '/no/existe/ffprobe' });
    const lines: string[] = [];
    expect((await prepareDatabase(t.db, config, { log: (m) => lines.push(m), demo: sembrarDemo })).seeded).toBe('demo');
    expect(lines.join('\n')).toMatch(/incluidos en seeds\/media/);
    const { clases, cursos } = await mediosReales(t.db, config);
    expect(clases.filter((c) => c.video).length).toBeGreaterThan(clases.length / 2);
    expect(clases.filter((c) => c.miniatura)).toEqual([]);
    expect(await t.db('archivos').whereNotNull('duracion')).toEqual([]);
    expect(new Set(cursos.map((c) => c.foto)).size).toBe(2);
  });

  it('in production creates only the first administrator from ADMIN_USUARIO / ADMIN_PASSWORD', async () => {
    const t = await fresh();
    const config = testConfig(t.database, { NODE_ENV: 'production', ...EMISOR, VERIFACTU: 'desactivado', ADMIN_USUARIO: 'jefa', ADMIN_PASSWORD: 'una clave larga' });
    const result = await prepareDatabase(t.db, config, { log: () => {}, demo: sembrarDemo });
    expect(result.seeded).toBe('admin');
    expect(await t.db('logins').pluck('usuario')).toEqual(['jefa']);
    expect(await verifyPassword('una clave larga', (await t.db('logins').first()).pass)).toBe(true);
    expect(await count(t.db, 'cursos')).toBe(0);
    expect(await count(t.db, 'usuarios')).toBe(0);
  });

  it('in production without ADMIN_USUARIO leaves the database empty and says how to proceed', async () => {
    const t = await fresh();
    const lines: string[] = [];
    const result = await prepareDatabase(t.db, testConfig(t.database, { NODE_ENV: 'production', ...EMISOR, VERIFACTU: 'desactivado' }), { log: (m) => lines.push(m), demo: sembrarDemo });
    expect(result.seeded).toBeNull();
    expect(await isEmpty(t.db)).toBe(true);
    expect(lines.join('\n')).toMatch(/ADMIN_USUARIO/);
  });
});
