// kill -9 while a Stripe event is being processed (issue 32), with the API as production runs it:
// a real process receives a signed payment and is held in the middle of it — on PostgreSQL after
// it has written the usuario, the pago and the invoice's draft, waiting for the invoice serie's
// counter the test holds; on SQLite waiting for the write lock the test holds — and is killed
// with SIGKILL. Stripe got no answer, so it delivers again, to another process: the payment is
// there once, with one usuario, one invoice and one notification. Nothing lost, nothing doubled.
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import { startChildApi, type ChildApi } from '../support/child-api.js';
import { createTestDb, testConfig, type TestDb } from '../support/db.js';

const SECRETO = 'whsec_pruebas_kill9_aula';
let t: TestDb;
const vivas: ChildApi[] = [];

beforeAll(async () => {
  t = await createTestDb();
  // An account already there: the processes find a database in use and seed no demo data.
  const ahora = new Date().toISOString();
  await t.db('logins').insert({ usuario: 'admin', pass: await hashPassword('admin', testConfig(t.database).scrypt), nombre: 'Administración', activo: true, createdAt: ahora, updatedAt: ahora });
}, 60_000);

afterAll(async () => {
  for (const api of vivas) await api.kill('SIGKILL');
  await t?.destroy();
});

const payload = JSON.stringify({
  id: 'evt_kill9',
  object: 'event',
  type: 'payment_intent.succeeded',
  created: Math.floor(Date.now() / 1000),
  data: { object: { id: 'pi_kill9', object: 'payment_intent', amount: 4900, amount_received: 4900, currency: 'eur', receipt_email: 'kill9@example.com', metadata: {} } },
});

/** Delivers the event as Stripe does, signed now; resolves with the answer, or the error of none. */
const deliver = (api: ChildApi) =>
  fetch(`${api.url}/pasarelas/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRETO }) }, body: payload }).then(
    async (res) => ({ status: res.status, body: await res.json() }),
    (err: Error) => ({ status: 0, body: err.message }),
  );

/** Holds what the delivery will wait for, until released: the serie's counter, or SQLite's write lock. */
async function hold(): Promise<() => Promise<void>> {
  if (t.database.dialect === 'pg') {
    const trx: Knex.Transaction = await t.db.transaction();
    const serie = testConfig(t.database).series.facturas;
    await trx('contadores').insert({ serie, ultimoNumero: 0, ultimaFecha: null }).onConflict('serie').ignore();
    await trx('contadores').where('serie', serie).forUpdate().first();
    return async () => {
      await trx.commit();
    };
  }
  const conn = new Database(t.database.filename!);
  conn.exec('BEGIN IMMEDIATE');
  return async () => {
    conn.exec('COMMIT');
    conn.close();
  };
}

const cuenta = async (tabla: string, where: Record<string, unknown>) => Number(((await t.db(tabla).where(where).count({ n: '*' }).first()) as { n: number | string }).n);

describe('a process killed with SIGKILL while it processes a Stripe event', () => {
  it('commits nothing; the redelivery to another process records the payment once', { timeout: 120_000 }, async () => {
    const env = { STRIPE_WEBHOOK_SECRET: SECRETO };
    const a = await startChildApi(t.database, env);
    vivas.push(a);
    const release = await hold();
    const enVuelo = deliver(a);
    if (t.database.dialect === 'pg') {
      // Wait until the delivery is stuck on the counter: by then it has written the usuario, the pago and the draft.
      await expect
        .poll(async () => Number((await t.db.raw(`SELECT count(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query ILIKE '%contadores%'`)).rows[0].n), { timeout: 30_000, interval: 50 })
        .toBe(1);
    } else {
      await new Promise((ok) => setTimeout(ok, 1000));
    }
    await a.kill('SIGKILL');
    expect((await enVuelo).status).toBe(0);
    await release();
    expect(await cuenta('pagos', { referencia: 'pi_kill9' })).toBe(0);
    expect(await cuenta('notificaciones', { eventoId: 'evt_kill9' })).toBe(0);
    expect(await cuenta('usuarios', { email: 'kill9@example.com' })).toBe(0);

    const b = await startChildApi(t.database, env);
    vivas.push(b);
    expect(await deliver(b)).toMatchObject({ status: 200, body: { estado: 'procesada' } });
    // And Stripe's retry schedule may deliver it once more: nothing changes.
    expect(await deliver(b)).toMatchObject({ status: 200, body: { duplicada: true } });
    expect(await cuenta('pagos', { referencia: 'pi_kill9', estado: 'completado' })).toBe(1);
    expect(await cuenta('notificaciones', { eventoId: 'evt_kill9' })).toBe(1);
    expect(await cuenta('usuarios', { email: 'kill9@example.com' })).toBe(1);
    const pago = await t.db('pagos').where('referencia', 'pi_kill9').first();
    expect(await cuenta('facturas', { usuarioId: pago.usuarioId })).toBe(1);
  });
});
