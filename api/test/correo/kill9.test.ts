// Issue 34, point 5: kill -9 in the middle of a batch of messages, with the API as production runs
// it. A lote of 50 matrículas queues 50 welcomes; the process sending them to a real SMTP server
// (support/smtp.ts, slowed so the kill lands while a message is in flight) is killed with SIGKILL
// mid-batch. A second process takes over once the lease lapses (TRABAJOS_ARRIENDO_S=1): every
// message arrives at least once, at most one Message-ID (the one in flight) arrives twice, and
// every correo ends `enviado`. Delivery is at least once, never more than that one message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import { startChildApi, type ChildApi } from '../support/child-api.js';
import { createTestDb, testConfig, type TestDb } from '../support/db.js';
import { startSmtp, type ServidorSmtp } from '../support/smtp.js';

const MENSAJES = 50;
let t: TestDb;
let smtp: ServidorSmtp;
let env: Record<string, string>;
const vivas: ChildApi[] = [];

beforeAll(async () => {
  t = await createTestDb();
  smtp = await startSmtp({ esperaMs: 40 });
  // An account already there: the processes find a database in use and seed no demo data.
  const ahora = new Date().toISOString();
  const { scrypt } = testConfig(t.database);
  await t.db('logins').insert({ usuario: 'admin', pass: await hashPassword('admin', scrypt), nombre: 'Administración', activo: true, createdAt: ahora, updatedAt: ahora });
  const usuarios = Array.from({ length: MENSAJES }, (_, i) => ({ nombre: 'Alumna', apellidos: `Número ${i + 1}`, email: `alumna${i + 1}@example.es`, pais: 'ES', activo: true, createdAt: ahora, updatedAt: ahora }));
  await t.db('usuarios').insert(usuarios);
  env = { SMTP_URL: smtp.url(), MAIL_FROM: 'Academia <hola@academia.test>', SMTP_MAX_POR_MINUTO: '100000', TRABAJOS_ARRIENDO_S: '1' };
}, 60_000);

afterAll(async () => {
  for (const api of vivas) await api.kill('SIGKILL');
  await smtp?.stop();
  await t?.destroy();
});

describe('the sender killed with SIGKILL in the middle of a batch', () => {
  it('leaves the rest to another process: each message arrives, at most one twice, all end enviado', { timeout: 240_000 }, async () => {
    const a = await startChildApi(t.database, env);
    vivas.push(a);
    const cookie = await a.login();
    const curso = await a.call('POST', '/cursos', { titulo: 'Fotografía nocturna', precio: 5000 }, { cookie });
    expect(curso.status, JSON.stringify(curso.body)).toBe(200);
    const usuarioIds = (await t.db('usuarios').orderBy('id').pluck('id')).map(Number);
    const lote = await a.call('POST', '/matriculas/lote', { accion: 'matricular', cursoId: curso.body.id, usuarioIds }, { cookie });
    expect(lote.status, JSON.stringify(lote.body)).toBe(202);

    // Killed while it sends: some messages have arrived, most have not.
    await expect.poll(() => smtp.recibidos.length, { timeout: 60_000, interval: 10 }).toBeGreaterThanOrEqual(10);
    await a.kill('SIGKILL');
    const llegadosAntes = smtp.recibidos.length;
    expect(llegadosAntes).toBeLessThan(MENSAJES);
    const correos = await t.db('correos').where('plantilla', 'bienvenida');
    expect(correos).toHaveLength(MENSAJES);

    const b = await startChildApi(t.database, env);
    vivas.push(b);
    // The message in flight counts as a failed attempt of its job, which waits its first retry
    // pause (a minute; the runner's tests time the pauses): the test lets that minute pass at once.
    await expect
      .poll(
        async () => {
          await t.db('trabajos').where({ tipo: 'envioCorreo', estado: 'pendiente' }).where('intentos', '>', 0).update({ ejecutarEn: new Date(Date.now() - 1000).toISOString() });
          return Number((await t.db('correos').where('estado', 'enviado').count({ n: '*' }).first())!.n);
        },
        { timeout: 120_000, interval: 250 },
      )
      .toBe(MENSAJES);

    const veces = new Map<string, number>();
    for (const r of smtp.recibidos) veces.set(String(r.mail.messageId), (veces.get(String(r.mail.messageId)) ?? 0) + 1);
    for (const c of correos) expect(veces.get(c.messageId), `${c.para} (${c.messageId})`).toBeGreaterThanOrEqual(1);
    const repetidos = [...veces].filter(([, n]) => n > 1);
    expect(repetidos.length, JSON.stringify(repetidos)).toBeLessThanOrEqual(1);
    expect(repetidos.every(([, n]) => n === 2)).toBe(true);
    expect(veces.size).toBe(MENSAJES);
    expect(await t.db('correos').whereNot('estado', 'enviado')).toEqual([]);
    await b.kill('SIGTERM');
  });
});
