// The job runner's contract, on the dialect under test, with kinds made for each case and short
// leases: a queued job runs once and only if what queued it committed; a holder whose lease was
// taken cannot commit; failures wait a doubling pause and end `fallido` with their reason; the time
// limit aborts a run; a recurring kind keeps running; and of a one-at-a-time kind, runners with
// connections of their own (as separate processes) never run two at once.
import type { Knex } from 'knex';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../src/db/index.js';
import { createCorredor, type Corredor, type OpcionesCorredor } from '../../src/trabajos/corredor.js';
import { ArriendoPerdido, defineTrabajo, FalloDefinitivo, type Trabajo } from '../../src/trabajos/definir.js';
import { enqueue } from '../../src/trabajos/encolar.js';
import { createTestDb, repositoryOf, type TestDb } from '../support/db.js';

let t: TestDb;
const log = { info() {}, warn() {}, error() {} };
const corredores: Corredor[] = [];
const otrasConexiones: Knex[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  t = await createTestDb();
  await t.db.schema.createTable('marcas', (tb) => {
    tb.increments('id');
    tb.string('quien', 40);
  });
});
afterEach(async () => {
  for (const c of corredores.splice(0)) await c.stop();
  for (const db of otrasConexiones.splice(0)) await db.destroy();
  await t.db('trabajos').delete();
  await t.db('marcas').delete();
});
afterAll(() => t?.destroy());

const rapido: OpcionesCorredor = { sondeoMs: 25, arriendoMs: 1000, latidoMs: 100 };

function correr(lista: Trabajo[], opciones: OpcionesCorredor = {}, db: Knex = t.db): Corredor {
  const c = createCorredor(db, repositoryOf(db), lista, { db }, log, { ...rapido, ...opciones });
  corredores.push(c);
  c.start();
  return c;
}

/** A runner with a pool of connections of its own, as another process or machine would have. */
function otroProceso(lista: Trabajo[], opciones: OpcionesCorredor = {}): Corredor {
  const db = createDb(t.database);
  otrasConexiones.push(db);
  return correr(lista, opciones, db);
}

const fila = (id: number) => t.db('trabajos').where({ id }).first();
const tipo = (def: Partial<Trabajo> & Pick<Trabajo, 'nombre' | 'run'>): Trabajo =>
  defineTrabajo({ etiqueta: def.nombre, unoALaVez: false, concurrencia: 1, reintentos: { maximo: 0, pausaMs: 10, maximaMs: 10 }, limiteMs: 10_000, ...def });

function diferido() {
  let resolver!: () => void;
  const promesa = new Promise<void>((r) => (resolver = r));
  return { promesa, resolver };
}

describe('queueing', () => {
  it('runs a committed job once, and never one whose transaction rolled back', async () => {
    const hechos: string[] = [];
    const anotar = tipo({ nombre: 'anotar', run: async ({ quien }: { quien: string }) => void hechos.push(quien) });
    await t.db.transaction((trx) => enqueue(trx, 'anotar', { quien: 'confirmado' }));
    await t.db
      .transaction(async (trx) => {
        await enqueue(trx, 'anotar', { quien: 'deshecho' });
        throw new Error('la escritura que lo pedía falló');
      })
      .catch(() => undefined);
    correr([anotar]);
    await expect.poll(async () => (await t.db('trabajos').where({ estado: 'hecho' })).length).toBe(1);
    await sleep(100);
    expect(hechos).toEqual(['confirmado']);
    expect(await t.db('trabajos').select('estado', 'intentos', 'generacion')).toEqual([{ estado: 'hecho', intentos: 1, generacion: 1 }]);
  });

  it('queues one job per clave while one is waiting or running, and a new one after it ends', async () => {
    const anotar = tipo({ nombre: 'anotar', run: async () => undefined });
    const primero = await enqueue(t.db, 'anotar', {}, { clave: 'subida-1' });
    expect(await enqueue(t.db, 'anotar', {}, { clave: 'subida-1' })).toBeNull();
    expect(await enqueue(t.db, 'anotar', {}, { clave: 'subida-2' })).not.toBeNull();
    correr([anotar]);
    await expect.poll(async () => (await fila(primero!)).estado).toBe('hecho');
    expect(await enqueue(t.db, 'anotar', {}, { clave: 'subida-1' })).not.toBeNull();
    expect(await t.db('trabajos').where({ clave: 'subida-1' }).count({ n: '*' })).toEqual([{ n: 2 }]);
  });
});

describe('the lease and its fence', () => {
  it('lets no holder commit once another process has taken its job', async () => {
    const empezado = diferido();
    const seguir = diferido();
    let error: unknown;
    let abortada = false;
    const vallado = tipo({
      nombre: 'vallado',
      async run(_datos, ctx) {
        empezado.resolver();
        await seguir.promesa;
        try {
          await ctx.transaction((w) => w.db('marcas').insert({ quien: 'el que perdió el arriendo' }));
        } catch (err) {
          error = err;
        }
        abortada = ctx.signal.aborted;
      },
    });
    const id = (await enqueue(t.db, 'vallado', {}))!;
    correr([vallado], { latidoMs: 60_000 });
    await empezado.promesa;
    // What another process's claim leaves: the next generation, under its own lease.
    const enUnMinuto = new Date(Date.now() + 60_000).toISOString();
    await t.db('trabajos').where({ id }).update({ generacion: 2, titular: 'otra-maquina|7|x', arriendoHasta: enUnMinuto });
    seguir.resolver();
    await expect.poll(() => error).toBeInstanceOf(ArriendoPerdido);
    expect(abortada).toBe(true);
    expect(await t.db('marcas').select('quien')).toEqual([]);
    // Nor does it write how its run ended over the new holder's row.
    await sleep(100);
    expect(await fila(id)).toMatchObject({ estado: 'ejecutando', generacion: 2, titular: 'otra-maquina|7|x' });
  });

  it('commits through the fence while the lease is its own, renewing it as it works', async () => {
    const vallado = tipo({
      nombre: 'vallado',
      async run(_datos, ctx) {
        await sleep(600); // longer than the lease: only the heartbeat keeps it
        await ctx.transaction((w) => w.db('marcas').insert({ quien: `generación ${ctx.generacion}` }));
      },
    });
    const id = (await enqueue(t.db, 'vallado', {}))!;
    correr([vallado], { arriendoMs: 300, latidoMs: 50 });
    await expect.poll(async () => (await fila(id)).estado, { timeout: 5000 }).toBe('hecho');
    expect(await t.db('marcas').select('quien')).toEqual([{ quien: 'generación 1' }]);
  });
});

describe('failures', () => {
  it('are retried after a pause that doubles up to its maximum, then the job is `fallido` with the reason', async () => {
    const vistos: { intento: number; previsto: number; finAnterior: number | null; empezado: number }[] = [];
    const terco = tipo({
      nombre: 'terco',
      reintentos: { maximo: 3, pausaMs: 100, maximaMs: 250 },
      async run(_datos, ctx) {
        const f = await fila(ctx.id);
        vistos.push({ intento: ctx.intento, previsto: Date.parse(f.ejecutarEn), finAnterior: f.fin ? Date.parse(f.fin) : null, empezado: Date.now() });
        throw new Error('el servidor de correo no responde');
      },
    });
    const id = (await enqueue(t.db, 'terco', {}))!;
    correr([terco]);
    await expect.poll(async () => (await fila(id)).estado, { timeout: 5000 }).toBe('fallido');
    expect(await fila(id)).toMatchObject({ estado: 'fallido', intentos: 4, error: 'el servidor de correo no responde', titular: null, arriendoHasta: null });
    expect(vistos.map((v) => v.intento)).toEqual([1, 2, 3, 4]);
    // Each retry was due its pause after the failure before it (100, 200, then the 250 ms cap), and did not start earlier.
    const pausas = vistos.slice(1).map((v) => v.previsto - v.finAnterior!);
    for (const [i, esperada] of [100, 200, 250].entries()) expect(Math.abs(pausas[i] - esperada)).toBeLessThanOrEqual(2);
    for (const v of vistos.slice(1)) expect(v.empezado).toBeGreaterThanOrEqual(v.previsto - 5);
  });

  it('that no retry would mend end the job at once', async () => {
    let corridas = 0;
    const definitivo = tipo({
      nombre: 'definitivo',
      reintentos: { maximo: 5, pausaMs: 10, maximaMs: 10 },
      async run() {
        corridas++;
        throw new FalloDefinitivo('el buzón no existe');
      },
    });
    const id = (await enqueue(t.db, 'definitivo', {}))!;
    correr([definitivo]);
    await expect.poll(async () => (await fila(id)).estado).toBe('fallido');
    expect(corridas).toBe(1);
    expect(await fila(id)).toMatchObject({ intentos: 1, error: 'el buzón no existe' });
  });

  it('past the time limit abort the run, and what it does after cannot commit', async () => {
    let motivo: unknown;
    let despues: unknown;
    const lento = tipo({
      nombre: 'lento',
      limiteMs: 150,
      async run(_datos, ctx) {
        ctx.signal.addEventListener('abort', () => (motivo = ctx.signal.reason));
        await sleep(500); // a run that does not listen to its signal
        await ctx.transaction((w) => w.db('marcas').insert({ quien: 'tarde' })).catch((err) => (despues = err));
      },
    });
    const id = (await enqueue(t.db, 'lento', {}))!;
    const empezado = Date.now();
    correr([lento]);
    await expect.poll(async () => (await fila(id)).estado).toBe('fallido');
    expect(Date.now() - empezado).toBeLessThan(500);
    expect((await fila(id)).error).toBe('Superó su tiempo máximo (0,15 s) y se interrumpió');
    expect(motivo).toBeInstanceOf(Error);
    await expect.poll(() => despues).toBeDefined();
    expect(await t.db('marcas').select('quien')).toEqual([]);
  });
});

describe('when a job runs again', () => {
  it('a recurring kind runs every `cada`, as one row that re-schedules itself', async () => {
    let corridas = 0;
    const periodico = tipo({ nombre: 'periodico', cada: 100, unoALaVez: true, run: async () => void corridas++ });
    correr([periodico]);
    await expect.poll(() => corridas, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    const filas = await t.db('trabajos').where({ tipo: 'periodico' });
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({ clave: 'periodico', error: null });
    expect(['pendiente', 'ejecutando']).toContain(filas[0].estado);
  });

  it('a recurring kind whose run fails past its retries keeps that run as `fallido` and its schedule', async () => {
    let corridas = 0;
    const periodico = tipo({
      nombre: 'periodico',
      cada: 100,
      unoALaVez: true,
      async run() {
        if (++corridas === 1) throw new Error('la base de datos no responde');
      },
    });
    correr([periodico]);
    await expect.poll(() => corridas, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    const fallidos = await t.db('trabajos').where({ tipo: 'periodico', estado: 'fallido' });
    expect(fallidos).toEqual([expect.objectContaining({ clave: null, error: 'la base de datos no responde', intentos: 1 })]);
    expect(await t.db('trabajos').where({ tipo: 'periodico', clave: 'periodico' })).toHaveLength(1);
  });

  it('a run that asks to run again later does, on the same row', async () => {
    const momentos: number[] = [];
    const paciente = tipo({
      nombre: 'paciente',
      async run() {
        momentos.push(Date.now());
        return momentos.length < 3 ? { otraVezEnMs: 150 } : undefined;
      },
    });
    const id = (await enqueue(t.db, 'paciente', {}))!;
    correr([paciente]);
    await expect.poll(async () => (await fila(id)).estado, { timeout: 5000 }).toBe('hecho');
    expect(momentos).toHaveLength(3);
    for (let i = 1; i < 3; i++) expect(momentos[i] - momentos[i - 1]).toBeGreaterThanOrEqual(140);
    expect(await t.db('trabajos').count({ n: '*' })).toEqual([{ n: 1 }]);
  });
});

describe('runners with connections of their own, as separate processes', () => {
  /** Runs `n` jobs of the kind on three runners at once; answers how many ran at the same time at most. */
  async function solapes(unoALaVez: boolean, n = 24): Promise<{ maximo: number; corridas: number }> {
    let activos = 0;
    let maximo = 0;
    let corridas = 0;
    const compartido = tipo({
      nombre: 'compartido',
      unoALaVez,
      async run() {
        corridas++;
        maximo = Math.max(maximo, ++activos);
        await sleep(15);
        activos--;
      },
    });
    for (let i = 0; i < n; i++) await enqueue(t.db, 'compartido', { i });
    correr([compartido]);
    otroProceso([compartido]);
    otroProceso([compartido]);
    await expect.poll(async () => (await t.db('trabajos').where({ estado: 'hecho' })).length, { timeout: 20_000 }).toBe(n);
    return { maximo, corridas };
  }

  it('never run two jobs of a one-at-a-time kind at once, and run each once', async () => {
    expect(await solapes(true)).toEqual({ maximo: 1, corridas: 24 });
  });

  it('do run a parallel kind side by side (the count above would see an overlap)', async () => {
    const { maximo, corridas } = await solapes(false);
    expect(corridas).toBe(24);
    expect(maximo).toBeGreaterThan(1);
  });
});
