// A database from before refunds had rows of their own (migration 0007) brought up to date: each
// refunded pago gets its refund (the whole importe, on its fechaReembolso, tied to the
// rectificativa its refund issued), every rectificativa so far was por diferencias and is named
// by its invoice, and a completed pago whose invoice was cancelled to zero without a refund is
// freed to be invoiced again, while one whose invoice is still partly in force keeps it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest, migrationSource } from '../../migrations/index.js';
import { createTestDb, type TestDb } from './support/db.js';

let t: TestDb;
const at = (d: string) => new Date(d).toISOString();

beforeAll(async () => {
  t = await createTestDb();
  while (Number(await t.db.migrate.currentVersion({ migrationSource })) >= 8) await t.db.migrate.down({ migrationSource });
  const stamps = { createdAt: at('2026-01-01'), updatedAt: at('2026-01-01') };
  await t.db('usuarios').insert({ id: 1, nombre: 'Ana', email: 'ana@example.es', nif: '12345678Z', ...stamps });
  const factura = (id: number, serie: string, numero: number, extra = {}) => ({
    id, serie, numero, fecha: at('2026-01-10'), tipo: 'F1', usuarioId: 1, clienteNombre: 'Ana', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 1',
    concepto: 'Curso', base: 4050, tipoIva: 21, cuotaIva: 850, total: 4900, estado: 'pagada', rectificaId: null, ...stamps, ...extra,
  });
  const negada = { base: -4050, cuotaIva: -850, total: -4900, estado: 'emitida', tipo: 'R4' };
  await t.db('facturas').insert([
    factura(1, 'A', 1),
    factura(2, 'A', 2),
    factura(3, 'A', 3),
    // The refund of pago 1 (its motivo names it), and a whole and a partial correction without refund.
    factura(4, 'R', 1, { ...negada, rectificaId: 1, motivoRectificacion: 'Reembolso del pago 1' }),
    factura(5, 'R', 2, { ...negada, rectificaId: 2, motivoRectificacion: 'Emitida por error' }),
    factura(6, 'R', 3, { base: -500, cuotaIva: -105, total: -605, estado: 'emitida', tipo: 'R4', rectificaId: 3, motivoRectificacion: 'Descuento' }),
  ]);
  const pago = (id: number, estado: string, facturaId: number | null, extra = {}) => ({ id, usuarioId: 1, importe: 4900, metodo: 'tarjeta', estado, facturaId, fecha: at('2026-01-10'), ...stamps, ...extra });
  await t.db('pagos').insert([
    pago(1, 'reembolsado', 1, { fechaReembolso: at('2026-01-20') }),
    pago(2, 'completado', 2),
    pago(3, 'completado', 3),
    pago(4, 'reembolsado', null, { updatedAt: at('2026-01-25') }),
  ]);
  expect(await migrateLatest(t.db)).toContain('0008_reembolsos_y_sustitucion');
});
afterAll(async () => {
  await t?.destroy();
});

describe('migrating refunds and rectificativas to the new model', () => {
  it('gives each refunded pago its refund row, tied to the rectificativa its refund issued', async () => {
    const reembolsos = await t.db('reembolsos').orderBy('pagoId').select('pagoId', 'importe', 'motivo', 'fecha', 'facturaId', 'loginId');
    expect(reembolsos.map((r: Record<string, any>) => ({ ...r, fecha: new Date(r.fecha).toISOString() }))).toEqual([
      { pagoId: 1, importe: 4900, motivo: 'Reembolso del pago 1', fecha: at('2026-01-20'), facturaId: 4, loginId: null },
      { pagoId: 4, importe: 4900, motivo: 'Reembolso del pago 4', fecha: at('2026-01-25'), facturaId: null, loginId: null },
    ]);
    const pagos = await t.db('pagos').orderBy('id').select('id', 'importeReembolsado');
    expect(pagos.map((p: { importeReembolsado: number }) => p.importeReembolsado)).toEqual([4900, 0, 0, 4900]);
  });

  it('marks the rectificativas por diferencias and names each on its invoice', async () => {
    const facturas = await t.db('facturas').orderBy('id').select('tipoRectificativa', 'rectificadaPorId');
    expect(facturas.map((f: Record<string, unknown>) => [f.tipoRectificativa, f.rectificadaPorId])).toEqual([
      [null, 4], [null, 5], [null, 6], ['I', null], ['I', null], ['I', null],
    ]);
  });

  it('frees a completed pago whose invoice was cancelled to zero; a refunded one, or one still invoiced in part, keeps its link', async () => {
    const pagos = await t.db('pagos').orderBy('id').select('facturaId');
    expect(pagos.map((p: { facturaId: number | null }) => p.facturaId)).toEqual([1, null, 3, null]);
  });
});
