// An upload's archivo is a record like any other (issue 30, items 1 and 3): its creation, its bytes
// completed, its processing and its deletion (by whoever cancelled it, by the hourly sweep, or by
// the server once nothing holds the file) are each a row of its history, saying which and who,
// and reach the live lists. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readHistorial } from '../support/app.js';
import { abrirFlujo, type FlujoSse, type MensajeSse } from '../support/sse.js';
import { createPruebaSubidas, metadatos, procesada, subir, type PruebaSubidas } from '../support/subidas.js';

let prueba: PruebaSubidas;
let flujo: FlujoSse;
let adminId: number;

beforeAll(async () => {
  prueba = await createPruebaSubidas();
  adminId = Number((await prueba.t.db('logins').where('usuario', 'admin').first('id')).id);
  flujo = await abrirFlujo(`${prueba.base}/eventos`, prueba.t.cookie);
});

afterAll(async () => {
  flujo?.cerrar();
  await prueba?.cerrar();
});

const historial = (id: number) => readHistorial(prueba.t, 'archivos', id);
const de = (id: number, accion: string) => (m: MensajeSse) => m.json?.recurso === 'archivos' && m.json.id === id && m.json.accion === accion;
/** The DELETE row an archivo left, as the log keeps it: who, and which action's (datos.accion). */
const baja = async (id: number) => {
  const fila = await prueba.t.db('logs').where({ recurso: 'archivos', recursoId: id, tipo: 'DELETE' }).first('loginId', 'datos');
  return fila && { loginId: fila.loginId === null ? null : Number(fila.loginId), accion: JSON.parse(fila.datos ?? '{}').accion };
};
const tus = { 'tus-resumable': '1.0.0' };
const empezar = async (nombre: string) => {
  const res = await prueba.t.call('POST', '/subidas', undefined, { headers: { ...tus, 'upload-length': '5000', 'upload-metadata': metadatos({ carpeta: 'photos', filename: nombre }) } });
  expect(res.status).toBe(201);
  const url = String(res.headers.location);
  const { id } = await prueba.t.db('archivos').where('subida', url.split('/').pop()!).first('id');
  return { url, id: Number(id) };
};

describe('an upload\'s archivo', () => {
  it('is created and completed by who uploaded it and processed by the server, each in its history and announced live', async () => {
    const s = await subir(prueba.base, prueba.t.cookie, prueba.foto, { carpeta: 'photos', filename: 'portada.png', filetype: 'image/png' });
    const archivo = await procesada(prueba.t, s.subida);
    expect(archivo.estado).toBe('listo');
    const [procesado, completada, alta] = await historial(archivo.id);
    expect(alta).toMatchObject({ accion: 'crear', version: 1, login: { id: adminId }, cambios: { estado: [null, 'subiendo'], nombre: [null, 'portada.png'] } });
    expect(completada).toMatchObject({ accion: 'completarSubida', version: 2, login: { id: adminId }, cambios: { estado: ['subiendo', 'procesando'], ruta: [null, archivo.ruta] } });
    expect(procesado).toMatchObject({ accion: 'procesadoArchivos', version: 3, login: null, cambios: { estado: ['procesando', 'listo'], sha256: [null, archivo.sha256] } });
    for (const accion of ['crear', 'completarSubida', 'procesadoArchivos']) await flujo.esperar(de(archivo.id, accion));
  });

  it('once nothing holds its file, is deleted by the server, its thumbnail too, each with its DELETE row, announced live', async () => {
    const s = await subir(prueba.base, prueba.t.cookie, prueba.video, { carpeta: 'videos', filename: 'clase.mp4' });
    const archivo = await procesada(prueba.t, s.subida);
    const miniatura = (await prueba.t.db('archivos').where('ruta', archivo.miniatura).first('id')).id as number;
    const clase = (await prueba.t.call('POST', '/clases', { titulo: 'Con vídeo', video: archivo.ruta, miniatura: archivo.miniatura })).body;
    expect((await prueba.t.call('PATCH', `/clases/${clase.id}`, { video: null, miniatura: null })).status).toBe(204);

    for (const id of [Number(archivo.id), Number(miniatura)]) {
      const [borrado] = await historial(id);
      // Its history names the server's reason; the live lists only need to know it is gone.
      expect(borrado).toMatchObject({ accion: 'soltar', login: null, version: expect.any(Number) });
      expect(borrado.cambios.estado).toEqual(['listo', null]);
      expect(await baja(id)).toEqual({ loginId: null, accion: 'soltar' });
      // An open page of it learns that it is gone.
      await flujo.esperar(de(id, 'borrar'));
    }
    expect(await prueba.almacen.existe(prueba.t, archivo.ruta)).toBe(false);
    expect(await prueba.almacen.existe(prueba.t, archivo.miniatura)).toBe(false);
  });

  it('cancelled by its uploader, leaves a DELETE row named after it', async () => {
    const { url, id } = await empezar('cancelada.png');
    expect((await prueba.t.call('DELETE', url, undefined, { headers: tus })).status).toBe(204);
    await expect.poll(() => baja(id)).toEqual({ loginId: adminId, accion: 'cancelarSubida' });
    expect((await historial(id))[0]).toMatchObject({ accion: 'cancelarSubida', login: { id: adminId } });
    await flujo.esperar(de(id, 'borrar'));
  });

  it('abandoned, is swept by the server, with a DELETE row named after the sweep', async () => {
    const { id } = await empezar('abandonada.png');
    await prueba.t.db('archivos').where({ id }).update({ createdAt: new Date(Date.now() - 25 * 3600_000).toISOString() });
    await prueba.t.app.media.sweep();
    expect(await baja(id)).toEqual({ loginId: null, accion: 'barridoSubidas' });
    await flujo.esperar(de(id, 'borrar'));
  });
});
