// A database from before lawful invoicing (migration 0004) with issued invoices, a rectificativa
// and a refund, brought up to date: kinds derived, counters caught up, refunds dated, and at
// start-up every issued invoice on the VeriFactu chain, so the next emission follows on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateLatest, migrationSource } from '../../migrations/index.js';
import { chainEmitidas, verifyCadena } from '../src/resources/facturas/cadena.js';
import { emitir } from '../src/resources/facturas/emision.js';
import { comoServidor, createTestDb, testConfig, type TestDb } from './support/db.js';

let t: TestDb;
const at = (d: string) => new Date(d).toISOString();

beforeAll(async () => {
  t = await createTestDb();
  // Back to 0004: every migration from 0005 on undone, newest first.
  while (Number(await t.db.migrate.currentVersion({ migrationSource })) >= 5) await t.db.migrate.down({ migrationSource });
  const stamps = { createdAt: at('2026-01-01'), updatedAt: at('2026-01-01') };
  await t.db('usuarios').insert({ id: 1, nombre: 'Ana', email: 'ana@example.es', nif: '12345678Z', ...stamps });
  const factura = (id: number, serie: string, numero: number | null, fecha: string | null, estado: string, extra = {}) => ({
    id, serie, numero, fecha: fecha && at(fecha), usuarioId: 1, clienteNombre: 'Ana', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 1',
    concepto: 'Curso', base: 4050, tipoIva: 21, cuotaIva: 851, total: 4901, estado, rectificaId: null, ...stamps, ...extra,
  });
  await t.db('facturas').insert([
    factura(1, 'A', 1, '2026-01-10', 'pagada'),
    factura(2, 'A', 2, '2026-01-12', 'anulada', { clienteNif: null }),
    factura(3, 'R', 1, '2026-01-15', 'pagada', { rectificaId: 1, base: -4050, cuotaIva: -851, total: -4901 }),
    factura(4, 'A', null, null, 'borrador'),
  ]);
  await t.db('pagos').insert({ usuarioId: 1, importe: 4901, metodo: 'tarjeta', estado: 'reembolsado', fecha: at('2026-01-10'), ...stamps, updatedAt: at('2026-01-20') });
  expect((await migrateLatest(t.db))[0]).toBe('0005_facturacion');
});
afterAll(async () => {
  await t?.destroy();
});

describe('migrating invoices issued before the chain', () => {
  const config = () => testConfig(t.database);

  it('derives kinds, catches the counters up and dates the refunds', async () => {
    expect((await t.db('facturas').orderBy('id').select('tipo')).map((f: { tipo: string }) => f.tipo)).toEqual(['F1', 'F2', 'R4', 'F1']);
    expect((await t.db('contadores').orderBy('serie')).map((c: { serie: string; ultimoNumero: number }) => [c.serie, Number(c.ultimoNumero)])).toEqual([['A', 2], ['R', 1]]);
    const pago = await t.db('pagos').first();
    expect(new Date(pago.fechaReembolso).toISOString()).toBe(at('2026-01-20'));
  });

  it('puts every issued invoice on the chain at start-up, once, and the next emission follows on', async () => {
    const f = config();
    expect(await comoServidor(t.db, (w) => chainEmitidas(w, f), f)).toBe(3);
    expect(await comoServidor(t.db, (w) => chainEmitidas(w, f), f)).toBe(0);
    const registros = await t.db('registros').orderBy('id');
    expect(registros.map((r: { numSerieFactura: string; tipo: string }) => `${r.tipo} ${r.numSerieFactura}`)).toEqual(['alta A-1', 'alta A-2', 'alta R-1', 'anulacion A-2']);
    expect(await verifyCadena(t.db, f)).toEqual({ ok: true, registros: 4 });
    expect((await t.db('facturas').where('id', 1).first()).emisorNif).toBe(f.emisor.nif);

    await comoServidor(t.db, async (w) => emitir(w, await w.lock('facturas', 4), {}, f), f);
    expect((await t.db('facturas').where('id', 4).first()).numero).toBe(3);
    expect(await verifyCadena(t.db, f)).toEqual({ ok: true, registros: 5 });
  });
});
