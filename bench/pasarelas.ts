// `npx tsx bench/pasarelas.ts [pg|sqlite] [entregas] [concurrencia]` (PostgreSQL, 2 000 and 32 by
// default; pg reads TEST_DATABASE_URL): a burst of signed Stripe deliveries (issue 32), a fifth of
// them repeats of others, shuffled, sent over HTTP to the API on a scratch schema, at once. Each
// distinct event is a new customer's payment: its usuario, its pago and its invoice (with its
// VeriFactu record) are written, as FACTURAR_AL_COBRAR does by default. Prints deliveries per
// second, p50 and p99, the answers, and checks that the pagos and notificaciones equal the
// distinct events: the bench fails otherwise.
import Stripe from 'stripe';
import { buildApp } from '../api/src/app.js';
import { createTestDb, testConfig } from '../api/test/support/db.js';

const dialect = (process.argv[2] ?? 'pg') as 'pg' | 'sqlite';
const entregas = Number(process.argv[3] ?? 2000);
const concurrencia = Number(process.argv[4] ?? 32);
const SECRETO = 'whsec_bench_pasarelas';
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const t = await createTestDb(dialect);
const app = await buildApp({ config: testConfig(t.database, { STRIPE_WEBHOOK_SECRET: SECRETO, LOG_LEVEL: 'silent' }), db: t.db });
const origin = await app.listen({ host: '127.0.0.1', port: 0 });

try {
  const distintos = Math.round(entregas * 0.8);
  const eventos = Array.from({ length: distintos }, (_, i) => ({
    id: `evt_bench_${i}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `pi_bench_${i}`, object: 'payment_intent', amount: 4900, amount_received: 4900, currency: 'eur', receipt_email: `cliente${i}@bench.example`, metadata: {} } },
  }));
  // Repeats of events picked across the burst, then everything shuffled (a fixed seed: runs compare).
  let semilla = 42;
  const random = () => ((semilla = (semilla * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const cola = [...eventos, ...Array.from({ length: entregas - distintos }, () => eventos[Math.floor(random() * distintos)])];
  for (let i = cola.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [cola[i], cola[j]] = [cola[j], cola[i]];
  }

  const tiempos: number[] = [];
  const respuestas: Record<string, number> = {};
  let siguiente = 0;
  const inicio = performance.now();
  await Promise.all(
    Array.from({ length: concurrencia }, async () => {
      while (siguiente < cola.length) {
        const payload = JSON.stringify(cola[siguiente++]);
        // Signed when sent, as Stripe signs each delivery.
        const firma = Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRETO });
        const t0 = performance.now();
        const res = await fetch(`${origin}/pasarelas/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': firma }, body: payload });
        const cuerpo = (await res.json()) as { duplicada?: boolean };
        tiempos.push(performance.now() - t0);
        const clave = `${res.status}${cuerpo.duplicada ? ' repetida' : ''}`;
        respuestas[clave] = (respuestas[clave] ?? 0) + 1;
      }
    }),
  );
  const segundos = (performance.now() - inicio) / 1000;
  tiempos.sort((a, b) => a - b);
  const p = (q: number) => tiempos[Math.min(tiempos.length - 1, Math.floor(q * tiempos.length))].toFixed(1);
  const cuenta = async (tabla: string, where: (qb: any) => any) => Number(((await where(t.db(tabla)).count({ n: '*' }).first()) as { n: number | string }).n);
  const pagos = await cuenta('pagos', (qb) => qb.where('referencia', 'like', 'pi_bench_%'));
  const notificaciones = await cuenta('notificaciones', (qb) => qb.where('eventoId', 'like', 'evt_bench_%'));
  const facturas = await cuenta('pagos', (qb) => qb.where('referencia', 'like', 'pi_bench_%').whereNotNull('facturaId'));
  console.log(`${dialect}: ${entregas} entregas (${distintos} eventos distintos) a c=${concurrencia} en ${segundos.toFixed(1)} s: ${(entregas / segundos).toFixed(0)} entregas/s, p50 ${p(0.5)} ms, p99 ${p(0.99)} ms`);
  console.log(`respuestas: ${JSON.stringify(respuestas)}; pagos ${pagos}, facturados ${facturas}, notificaciones ${notificaciones}`);
  if (pagos !== distintos || notificaciones !== distintos || facturas !== distintos) {
    console.error(`MAL: se esperaban ${distintos} pagos, facturas y notificaciones`);
    process.exitCode = 1;
  }
} finally {
  await app.close();
  await t.destroy();
}
