// Issue 33, point 4: enrol in a curso, or revoke, many usuarios at once, as a job of the runner.
// The administrator launches it and may leave; the lote says what was done, what was left as it
// was (already enrolled, nothing to revoke) and what was refused, with the reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.js';
import { cuentaCon } from '../support/cuentas.js';

let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.destroy();
});

async function usuarios(cuantos: number, apellidos: string) {
  const ahora = new Date().toISOString();
  const filas = Array.from({ length: cuantos }, (_, i) => ({ nombre: 'Lote', apellidos, email: `lote${++n}-${i}@example.com`, createdAt: ahora, updatedAt: ahora }));
  for (let i = 0; i < filas.length; i += 400) await t.db('usuarios').insert(filas.slice(i, i + 400));
  return ((await t.db('usuarios').where({ apellidos }).orderBy('id').pluck('id')) as unknown[]).map(Number);
}
async function curso() {
  return Number((await t.call('POST', '/cursos', { titulo: `Curso de lote ${++n}`, precio: 1000 })).body.id);
}
/** The lote once its job is done (the test app runs the runner). */
async function terminado(id: number) {
  for (let i = 0; i < 600; i++) {
    const lote = (await t.call('GET', `/lotes/${id}`)).body;
    if (lote.estado === 'terminado' || lote.estado === 'fallido') return lote;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`el lote ${id} no terminó`);
}

describe('a lote of matrículas', () => {
  it('enrols the usuarios chosen, skips one already enrolled, refuses one that no longer exists, and says so', async () => {
    const [a, b] = await usuarios(2, 'Elegidos');
    const c = await curso();
    await t.call('POST', '/matriculas', { usuarioId: b, cursoId: c });
    const hasta = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const res = await t.call('POST', '/matriculas/lote', { accion: 'matricular', cursoId: c, hasta, usuarioIds: [a, b, 987654] });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ accion: 'matricular', cursoId: c, total: 3 });
    expect(res.body.usuarioIds).toBeUndefined();
    const lote = await terminado(res.body.id);
    expect(lote).toMatchObject({ estado: 'terminado', procesados: 3, hechas: 1, saltadas: 1, rechazadas: 1 });
    expect(JSON.parse(lote.errores)).toEqual([{ usuarioId: 987654, motivo: 'El usuario ya no existe' }]);
    expect(await t.db('matriculas').where({ usuarioId: a, cursoId: c, estado: 'activa' }).first()).toMatchObject({ origen: 'manual', hasta: expect.anything() });
    expect(new Date((await t.db('matriculas').where({ usuarioId: a, cursoId: c }).first()).hasta).toISOString()).toBe(hasta);
  });

  it('takes every usuario a filter matches, in batches, each one once', async () => {
    const ids = await usuarios(1200, 'Del filtro');
    const c = await curso();
    const res = await t.call('POST', '/matriculas/lote', { accion: 'matricular', cursoId: c, where: { apellidos: 'Del filtro' } });
    expect(res.status).toBe(202);
    expect(res.body.total).toBe(1200);
    const lote = await terminado(res.body.id);
    expect(lote).toMatchObject({ estado: 'terminado', procesados: 1200, hechas: 1200, saltadas: 0, rechazadas: 0 });
    expect(await t.db('matriculas').where({ cursoId: c, estado: 'activa' }).whereIn('usuarioId', ids).count({ n: '*' })).toEqual([{ n: 1200 }]);
  });

  it('revokes with the reason, naming who launched it, and skips those without an active one', async () => {
    const [a, b] = await usuarios(2, 'A revocar');
    const c = await curso();
    const m = (await t.call('POST', '/matriculas', { usuarioId: a, cursoId: c })).body;
    const sinMotivo = await t.call('POST', '/matriculas/lote', { accion: 'revocar', cursoId: c, usuarioIds: [a, b] });
    expect(sinMotivo.status).toBe(422);
    expect(sinMotivo.body.error.details).toEqual([expect.objectContaining({ path: '/motivo', message: 'Escribe por qué se revocan las matrículas' })]);
    const res = await t.call('POST', '/matriculas/lote', { accion: 'revocar', cursoId: c, usuarioIds: [a, b], motivo: 'Fin del convenio con la empresa' });
    const lote = await terminado(res.body.id);
    expect(lote).toMatchObject({ hechas: 1, saltadas: 1, rechazadas: 0 });
    const revocada = await t.db('matriculas').where('id', m.id).first();
    expect(revocada).toMatchObject({ estado: 'revocada', motivoRevocacion: 'Fin del convenio con la empresa', revocadaPor: lote.loginId });
  });

  it('refuses what cannot run, writing nothing; the editor cannot launch one; nobody writes a lote by hand', async () => {
    const c = await curso();
    const antes = await t.db('lotes').count({ n: '*' });
    expect((await t.call('POST', '/matriculas/lote', { accion: 'matricular', cursoId: c, where: { apellidos: 'Nadie se apellida así' } })).status).toBe(422);
    expect((await t.call('POST', '/matriculas/lote', { accion: 'matricular', cursoId: 987654, usuarioIds: [1] })).status).toBe(422);
    expect((await t.call('POST', '/matriculas/lote', { accion: 'matricular', cursoId: c, usuarioIds: [1], hasta: '2001-01-01T00:00:00.000Z' })).status).toBe(422);
    expect((await t.call('POST', '/matriculas/lote', { accion: 'matricular', cursoId: c, usuarioIds: [1], where: {} })).status).toBe(422);
    expect((await t.call('POST', '/matriculas/lote', { accion: 'borrar', cursoId: c, usuarioIds: [1] })).status).toBe(400);
    expect((await t.call('POST', '/matriculas/lote', { accion: 'matricular', cursoId: c, where: { noExiste: 1 } })).status).toBe(400);
    const editor = await cuentaCon(t, 'editor');
    expect((await editor.call('POST', '/matriculas/lote', { accion: 'matricular', cursoId: c, usuarioIds: [1] })).status).toBe(403);
    expect((await t.call('POST', '/lotes', { accion: 'matricular', cursoId: c, total: 1, estado: 'pendiente', usuarioIds: '[1]' })).status).toBe(403);
    expect(await t.db('lotes').count({ n: '*' })).toEqual(antes);
  });
});
