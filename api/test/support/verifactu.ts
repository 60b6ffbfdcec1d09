// What the VeriFactu tests with real API processes share: their environment, and invoices issued
// straight into the database those processes use.
import { emitir } from '../../src/resources/facturas/emision.js';
import { crearAeat, type AeatDePruebas } from './aeat.js';
import { createTestDb, testConfig, type TestDb } from './db.js';

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

export const ENV_HIJO = { FFMPEG_PATH: '/nonexistent-ffmpeg', FFPROBE_PATH: '/nonexistent-ffprobe', VERIFACTU_REINTENTO: '1', VERIFACTU_TIMEOUT: '5' };

/** Issued invoices written straight into the database the processes share, each with its record. */
export async function emitirEn(db: TestDb['db'], n: number): Promise<void> {
  const config = testConfig({ dialect: 'sqlite' });
  const iso = new Date().toISOString();
  await db.transaction(async (trx) => {
    const [u] = await trx('usuarios').insert({ nombre: 'Ana', email: `ana${Math.random()}@example.es`, nif: '12345678Z', direccion: 'Calle Mayor 1', createdAt: iso, updatedAt: iso }).returning('id');
    const usuarioId = Number(typeof u === 'object' ? u.id : u);
    for (let i = 0; i < n; i++) {
      const [f] = await trx('facturas').insert({ serie: 'A', usuarioId, concepto: `Curso ${i}`, base: 1000, tipoIva: 21, cuotaIva: 210, total: 1210, estado: 'borrador', createdAt: iso, updatedAt: iso }).returning('id');
      await emitir(trx, Number(typeof f === 'object' ? f.id : f), {}, config);
    }
  });
}

/** An administrator, so a process starting on this database seeds no demo data (whose records it would send too). */
export async function sinDemo(db: TestDb['db']) {
  const iso = new Date().toISOString();
  await db('logins').insert({ usuario: 'admin', pass: 'x', nombre: 'Administrador', activo: true, createdAt: iso, updatedAt: iso });
}

