// What the VeriFactu tests with real API processes share: their environment, and invoices issued
// straight into the database those processes use.
import { emitir } from '../../src/resources/facturas/emision.js';
import { countPendientes } from '../../src/verifactu/remitente.js';
import { crearAeat, type AeatDePruebas } from './aeat.js';
import { startChildApi, type ChildApi } from './child-api.js';
import { comoServidor, createTestDb, testConfig, type TestDb } from './db.js';

type Row = Record<string, any>;

/** The remission's job row (trabajos/): who holds it, with which generation, in which state. */
export async function filaRemision(t: TestDb): Promise<Row | undefined> {
  return (await t.db('trabajos').where({ tipo: 'remisionVerifactu', clave: 'periodico' }).first('estado', 'titular', 'generacion', 'arriendoHasta')) as Row | undefined;
}

/** The pid of the process holding the remission's lease now, if any holds it. */
export async function pidTitular(t: TestDb): Promise<number | undefined> {
  const fila = await filaRemision(t);
  return fila?.estado === 'ejecutando' && fila.titular ? Number(String(fila.titular).split('|')[1]) : undefined;
}

/** Polls until `cond` holds, or fails the test after `ms`. */
export async function esperar(cond: () => Promise<boolean> | boolean, ms = 30_000, paso = 25): Promise<void> {
  const hasta = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > hasta) throw new Error('no se cumplió a tiempo');
    await new Promise((r) => setTimeout(r, paso));
  }
}

/** A local AEAT and a database for real API processes (no demo data: only the test's records go). */
export async function escenario(dialect?: 'sqlite' | 'pg'): Promise<{ aeat: AeatDePruebas; t: TestDb; cerrar(): Promise<void> }> {
  const aeat = await crearAeat();
  const t = await createTestDb(dialect);
  await sinDemo(t.db);
  return {
    aeat,
    t,
    async cerrar() {
      await t.destroy();
      await aeat.cerrar();
    },
  };
}

// A lease of 2 s: a holder that died is replaced within seconds, not the default minute.
export const ENV_HIJO = { FFMPEG_PATH: '/nonexistent-ffmpeg', FFPROBE_PATH: '/nonexistent-ffprobe', VERIFACTU_REINTENTO: '1', VERIFACTU_TIMEOUT: '5', TRABAJOS_ARRIENDO_S: '2' };

/** Issued invoices written straight into the database the processes share, each with its record. */
export async function emitirEn(db: TestDb['db'], n: number): Promise<void> {
  const config = testConfig({ dialect: 'sqlite' });
  const iso = new Date().toISOString();
  await comoServidor(db, async (w) => {
    const trx = w.db;
    const [u] = await trx('usuarios').insert({ nombre: 'Ana', email: `ana${Math.random()}@example.es`, nif: '12345678Z', direccion: 'Calle Mayor 1', createdAt: iso, updatedAt: iso }).returning('id');
    const usuarioId = Number(typeof u === 'object' ? u.id : u);
    for (let i = 0; i < n; i++) {
      const [f] = await trx('facturas').insert({ serie: 'A', usuarioId, concepto: `Curso ${i}`, base: 1000, tipoIva: 21, cuotaIva: 210, total: 1210, estado: 'borrador', createdAt: iso, updatedAt: iso }).returning('id');
      await emitir(w, await w.lock('facturas', Number(typeof f === 'object' ? f.id : f)), {}, config);
    }
  }, config);
}

/** An administrator, so a process starting on this database seeds no demo data (whose records it would send too). */
export async function sinDemo(db: TestDb['db']) {
  const iso = new Date().toISOString();
  await db('logins').insert({ usuario: 'admin', pass: 'x', nombre: 'Administrador', activo: true, createdAt: iso, updatedAt: iso });
}


/**
 * Two API processes on the test's database, as two machines: `a` starts alone and sends a first
 * record (so the AEAT has said its wait, 1 s, and the law's first 60 s are behind), then `b`
 * starts beside it; from then on each turn is claimed by whichever runner reaches the job first.
 */
export async function dosProcesos(t: TestDb, aeat: AeatDePruebas, env: Record<string, string>): Promise<[a: ChildApi, b: ChildApi]> {
  await emitirEn(t.db, 1);
  const a = await startChildApi(t.database, { ...aeat.env, ...env });
  try {
    await esperar(async () => (await countPendientes(t.db, 1)) === 0);
    return [a, await startChildApi(t.database, { ...aeat.env, ...env })];
  } catch (err) {
    await a.kill('SIGKILL');
    throw err;
  }
}
