// The runner's housekeeping: jobs that ended well go after a week, failed ones after
// TRABAJOS_FALLIDOS_DIAS (kept until then for «Reintentar»), and nothing waiting or running goes,
// a recurring kind's own schedule least of all.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { clearTrabajos } from '../../src/trabajos/limpieza.js';
import { createTestDb, type TestDb } from '../support/db.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t?.destroy());

const hace = (dias: number) => new Date(Date.now() - dias * 86_400_000).toISOString();

it('clears what ended long enough ago, and only that', async () => {
  const fila = (clave: string, estado: string, finHaceDias: number | null) => ({
    tipo: 'prueba', clave, datos: '{}', estado, intentos: 1, generacion: 1, ejecutarEn: hace(40), fin: finHaceDias === null ? null : hace(finHaceDias), createdAt: hace(40), updatedAt: hace(40),
  });
  await t.db('trabajos').insert([
    fila('hecho hace 8 días', 'hecho', 8),
    fila('hecho hace 6 días', 'hecho', 6),
    fila('fallido hace 31 días', 'fallido', 31),
    fila('fallido hace 29 días', 'fallido', 29),
    fila('periodico', 'pendiente', 60),
    fila('en marcha desde hace mucho', 'ejecutando', 60),
  ]);
  expect(await clearTrabajos(t.db, 30)).toBe(2);
  expect((await t.db('trabajos').orderBy('id').select('clave')).map((f) => f.clave)).toEqual([
    'hecho hace 6 días',
    'fallido hace 29 días',
    'periodico',
    'en marcha desde hace mucho',
  ]);
});
