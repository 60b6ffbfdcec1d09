// A database from before invoices named their substitute (migration 0016) brought up to date:
// every invoice replaced by a rectificativa por sustitución in force names it (sustituidaPorId),
// so it reads as without effect; one whose substitute was anulada, or that was only rectified
// por diferencias, names none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest, migrationSource } from '../../migrations/index.js';
import { createTestDb, type TestDb } from './support/db.js';

let t: TestDb;
const at = (d: string) => new Date(d).toISOString();

beforeAll(async () => {
  t = await createTestDb();
  while (Number(await t.db.migrate.currentVersion({ migrationSource })) >= 17) await t.db.migrate.down({ migrationSource });
  const stamps = { createdAt: at('2026-01-01'), updatedAt: at('2026-01-01') };
  await t.db('usuarios').insert({ id: 1, nombre: 'Ana', email: 'ana@example.es', nif: '12345678Z', ...stamps });
  const factura = (id: number, serie: string, numero: number, extra = {}) => ({
    id, serie, numero, fecha: at('2026-01-10'), tipo: 'F1', usuarioId: 1, clienteNombre: 'Ana', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 1',
    concepto: 'Curso', base: 4050, tipoIva: 21, cuotaIva: 850, total: 4900, estado: 'pagada', rectificaId: null, ...stamps, ...extra,
  });
  const sustituta = (id: number, numero: number, rectificaId: number, estado = 'pagada') =>
    factura(id, 'R', numero, { tipo: 'R1', rectificaId, tipoRectificativa: 'S', baseRectificada: 4050, cuotaRectificada: 850, estado });
  await t.db('facturas').insert([
    factura(1, 'A', 1, { rectificadaPorId: 4 }),
    factura(2, 'A', 2, { rectificadaPorId: 5 }),
    factura(3, 'A', 3, { rectificadaPorId: 6 }),
    sustituta(4, 1, 1),
    sustituta(5, 2, 2, 'anulada'),
    factura(6, 'R', 3, { tipo: 'R4', rectificaId: 3, tipoRectificativa: 'I', base: -500, cuotaIva: -105, total: -605, estado: 'emitida' }),
  ]);
  expect(await migrateLatest(t.db)).toContain('0017_facturas_sustituidas');
});
afterAll(async () => {
  await t?.destroy();
});

describe('migrating to invoices that name their substitute', () => {
  it('names the substitute in force of each replaced invoice, and no other', async () => {
    const facturas = await t.db('facturas').orderBy('id').select('id', 'sustituidaPorId');
    expect(facturas.map((f: Record<string, unknown>) => [f.id, f.sustituidaPorId])).toEqual([[1, 4], [2, null], [3, null], [4, null], [5, null], [6, null]]);
  });
});
