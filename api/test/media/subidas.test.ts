// Uploads (docs/arquitectura.md §7): the tus protocol end to end with a real client, every refusal
// leaving nothing behind, and the files served back with Range. On local storage, and (project
// api-s3, when TEST_S3_URL names a real S3 server) on a bucket.
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlmacen } from '../../src/media/almacen.js';
import type { TestApp } from '../support/app.js';
import type { AlmacenDePrueba } from '../support/almacen.js';
import { createPruebaSubidas, metadatos, procesada, sha256, subir, type PruebaSubidas } from '../support/subidas.js';

let prueba: PruebaSubidas;
let t: TestApp;
let base: string;
let almacen: AlmacenDePrueba;
let video: string;
let foto: string;

beforeAll(async () => {
  prueba = await createPruebaSubidas({ MAX_PHOTO_MB: '1' });
  ({ t, base, almacen, video, foto } = prueba);
});

afterAll(async () => {
  await prueba?.cerrar();
});

const tus = (extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', ...extra });

/** What is left of uploads in progress: nothing, after a refusal or a finished upload. */
const restos = () => almacen.restos(t);

/** A stored file as a browser gets it, following the S3 redirect if there is one. */
const pedir = (ruta: string, headers: Record<string, string> = {}) => fetch(`${base}${ruta}`, { headers: { cookie: t.cookie, ...headers } });

describe('a video, uploaded with tus and cut at 40 %', () => {
  let archivo: Record<string, any>;
  let subida: { subida: string; reanudadaDesde?: number };

  beforeAll(async () => {
    subida = await subir(base, t.cookie, video, { carpeta: 'videos', filename: 'Mi clase.mp4', filetype: 'video/mp4' }, { cortarEn: 0.4, chunkSize: 2048 });
    archivo = await procesada(t, subida.subida);
  });

  it('resumes from the offset the server kept and ends byte-identical', async () => {
    const total = (await readFile(video)).length;
    expect(subida.reanudadaDesde).toBeGreaterThan(0);
    expect(subida.reanudadaDesde).toBeLessThan(total);
    expect(archivo).toMatchObject({ estado: 'listo', carpeta: 'videos', tipo: 'video/mp4', tamano: total, nombre: 'Mi clase.mp4', error: null });
    expect(archivo.ruta).toBe(`/videos/${subida.subida}.mp4`);
    expect(archivo.sha256).toBe(sha256(await readFile(video)));
    // The upload is in the activity log as the administrator's, like any other write.
    const log = await t.db('logs').where({ recurso: 'archivos', recursoId: archivo.id, tipo: 'CREATE' }).first();
    expect(log).toMatchObject({ loginId: expect.any(Number), ip: expect.any(String) });
    const bytes = Buffer.from(await (await pedir(archivo.ruta)).arrayBuffer());
    expect(sha256(bytes)).toBe(archivo.sha256);
    expect(await restos()).toEqual([]);
  });

  it('reads the duration and size, and takes a thumbnail the clase can use', async () => {
    expect(archivo).toMatchObject({ duracion: 3, ancho: 320, alto: 240 });
    expect(archivo.miniatura).toBe(`/photos/${subida.subida}-miniatura.jpg`);
    const [miniatura] = (await t.call('GET', `/archivos?filter=${encodeURIComponent(JSON.stringify({ where: { ruta: archivo.miniatura } }))}`)).body;
    expect(miniatura).toMatchObject({ carpeta: 'photos', tipo: 'image/jpeg', estado: 'listo' });
    const imagen = await pedir(archivo.miniatura);
    expect(imagen.status).toBe(200);
    expect(imagen.headers.get('content-type')).toBe('image/jpeg');
  });

  it('serves it with Range, ETag, its type and caching, only with a session', async () => {
    const url = `${base}${archivo.ruta}`;
    const respuesta = await fetch(url, { headers: { cookie: t.cookie }, redirect: 'manual' });
    expect(respuesta.headers.get('cache-control')).toContain('private');
    // Any admin origin may show it in <img>/<video> (its session cookie is what protects it).
    expect(respuesta.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect((await t.call('GET', '/cursos', undefined)).headers['cross-origin-resource-policy']).toBe('same-site');
    if (almacen.tipo === 's3') {
      // A short-lived presigned link: the bytes come from the bucket, not through the API.
      expect(respuesta.status).toBe(302);
      expect(respuesta.headers.get('location')).toMatch(/X-Amz-Expires=60\b/);
    } else expect(respuesta.status).toBe(200);
    const entero = await pedir(archivo.ruta);
    expect(entero.headers.get('content-type')).toBe('video/mp4');
    expect(entero.headers.get('etag')).toBeTruthy();
    const trozo = await pedir(archivo.ruta, { range: 'bytes=100-199' });
    expect(trozo.status).toBe(206);
    expect(Buffer.from(await trozo.arrayBuffer())).toEqual((await readFile(video)).subarray(100, 200));
    const anonimo = await fetch(url, { redirect: 'manual' });
    expect(anonimo.status).toBe(401);
    expect((await anonimo.json()).error.statusCode).toBe(401);
  });

  it('is what a clase points at, which takes its duration; nothing else may be', async () => {
    const clase = (await t.call('POST', '/clases', { titulo: 'Con vídeo', video: archivo.ruta, miniatura: archivo.miniatura })).body;
    expect(clase).toMatchObject({ video: archivo.ruta, duracion: 3, miniatura: archivo.miniatura });
    for (const [campo, valor] of [
      ['video', '/videos/0123456789abcdef0123456789abcdef.mp4'],
      ['video', archivo.miniatura],
      ['miniatura', archivo.ruta],
      ['video', '../../etc/passwd'],
    ]) {
      const r = await t.call('PATCH', `/clases/${clase.id}`, { [campo]: valor });
      expect(r.status, `${campo}=${valor}`).toBe(422);
      expect(r.body.error.details[0]).toMatchObject({ path: `/${campo}`, code: 'archivo' });
    }
    // A video hosted elsewhere is a URL, and is kept as typed.
    expect((await t.call('POST', '/clases', { titulo: 'Externa', video: 'https://cdn.example.com/a.mp4' })).status).toBe(200);

    const borrar = await t.call('DELETE', `/archivos/${archivo.id}`);
    expect(borrar.status).toBe(409);
    expect(borrar.body.error.message).toContain('1 clase');
    for (const [metodo, url] of [['POST', '/archivos'], ['PATCH', `/archivos/${archivo.id}`], ['PUT', `/archivos/${archivo.id}`], ['PATCH', '/archivos']]) {
      expect((await t.call(metodo, url, { nombre: 'otro' })).status, `${metodo} ${url}`).toBe(403);
    }
  });

  it('goes away, thumbnail included, once the last record lets go of it, after the commit', async () => {
    const otro = await subir(base, t.cookie, video, { carpeta: 'videos', filename: 'b.mp4' });
    const nuevo = await procesada(t, otro.subida);
    const [clase] = (await t.call('GET', `/clases?filter=${encodeURIComponent(JSON.stringify({ where: { video: archivo.ruta } }))}`)).body;
    // A change that fails leaves the old file where it was.
    expect((await t.call('PATCH', `/clases/${clase.id}`, { video: nuevo.ruta, titulo: '' })).status).toBe(422);
    expect((await pedir(archivo.ruta)).status).toBe(200);

    expect((await t.call('PATCH', `/clases/${clase.id}`, { video: nuevo.ruta, miniatura: null })).status).toBe(204);
    expect((await pedir(archivo.ruta)).status).toBe(404);
    expect((await pedir(archivo.miniatura)).status).toBe(404);
    expect(await almacen.existe(t, archivo.ruta)).toBe(false);
    expect(await almacen.existe(t, archivo.miniatura)).toBe(false);
    expect((await t.call('GET', `/archivos/${archivo.id}`)).status).toBe(404);
  });
});

describe('refusals leave nothing behind', () => {
  const crear = (meta: Record<string, string>, longitud: number, extra: Record<string, string> = {}, cookie?: string) =>
    t.call('POST', '/subidas', undefined, { cookie, headers: tus({ 'upload-length': String(longitud), 'upload-metadata': metadatos(meta), ...extra }) });

  it('needs a session, an allowed Origin and the tus header', async () => {
    expect((await crear({ carpeta: 'videos' }, 10, {}, '')).status).toBe(401);
    expect((await crear({ carpeta: 'videos' }, 10, { origin: 'https://evil.example' })).status).toBe(403);
    const sinTus = await t.call('POST', '/subidas', undefined, { headers: { 'upload-length': '10' } });
    expect(sinTus.status).toBe(412);
    expect(sinTus.body.error.message).toContain('Tus-Resumable');
  });

  it('needs a known folder, and caps each folder before a byte is stored', async () => {
    const sinCarpeta = await crear({ carpeta: '../etc', filename: 'x.mp4' }, 10);
    expect(sinCarpeta.status).toBe(400);
    expect(sinCarpeta.body.error.message).toContain('videos');
    const grande = await crear({ carpeta: 'photos', filename: 'enorme.jpg' }, 1024 * 1024 + 1);
    expect(grande.status).toBe(413);
    expect(grande.body.error.message).toContain('1 MB');
    expect((await t.call('GET', '/archivos/count')).body.count).toBeGreaterThanOrEqual(0);
    expect(await restos()).toEqual([]);
  });

  it('judges the type by the bytes: 415 on the first chunk, nothing kept', async () => {
    const antes = (await t.call('GET', '/archivos/count')).body.count;
    const creada = await crear({ carpeta: 'videos', filename: 'clase.mp4', filetype: 'video/mp4' }, 5000);
    expect(creada.status).toBe(201);
    const url = String(creada.headers.location);
    const parche = await t.app.inject({
      method: 'PATCH', url, payload: Buffer.alloc(5000, 'hola '),
      headers: { ...tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), cookie: t.cookie },
    });
    expect(parche.statusCode).toBe(415);
    expect(parche.json().error.message).toContain('MP4');
    expect((await t.call('GET', '/archivos/count')).body.count).toBe(antes);
    expect(await restos()).toEqual([]);
  });

  it('refuses a photo sent as a video, even in chunks too small to judge at first', async () => {
    const antes = (await t.call('GET', '/archivos/count')).body.count;
    await expect(subir(base, t.cookie, foto, { carpeta: 'videos', filename: 'foto.mp4' }, { chunkSize: 100 })).rejects.toThrow(/415/);
    expect((await t.call('GET', '/archivos/count')).body.count).toBe(antes);
    expect(await restos()).toEqual([]);
  });

  it('forgets an upload the client cancels', async () => {
    const antes = (await t.call('GET', '/archivos/count')).body.count;
    const creada = await crear({ carpeta: 'photos', filename: 'a.png' }, 5000);
    expect((await t.call('GET', '/archivos/count')).body.count).toBe(antes + 1);
    const cancelada = await t.call('DELETE', String(creada.headers.location), undefined, { headers: tus() });
    expect(cancelada.status).toBe(204);
    await expect.poll(async () => (await t.call('GET', '/archivos/count')).body.count).toBe(antes);
    expect(await restos()).toEqual([]);
  });

  it('sweeps uploads abandoned longer than UPLOAD_EXPIRY_HOURS, parts and row', async () => {
    const creada = await crear({ carpeta: 'videos', filename: 'abandonada.mp4' }, 50_000);
    const url = String(creada.headers.location);
    const subida = url.split('/').pop()!;
    const parche = await t.app.inject({
      method: 'PATCH', url, payload: (await readFile(video)).subarray(0, 8000),
      headers: { ...tus({ 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' }), cookie: t.cookie },
    });
    expect(parche.statusCode).toBe(204);
    expect((await restos()).length).toBeGreaterThan(0);
    // A fresh upload survives the sweep.
    await t.app.media.sweep();
    expect((await t.call('HEAD', url, undefined, { headers: tus() })).status).toBe(200);
    expect(await t.db('archivos').where({ subida }).first()).toBeTruthy();
    // Aged past the expiry: the store's parts (a sweep with an expiry of a few microseconds,
    // since S3 dates multipart uploads itself) and the row (dated back a day) go.
    // S3 servers date an upload to the second: let that second pass first.
    await new Promise((r) => setTimeout(r, 1100));
    await (await createAlmacen(t.config.storage, 1e-9)).sweepCaducadas();
    await t.db('archivos').where({ subida }).update({ createdAt: new Date(Date.now() - 25 * 3600_000).toISOString() });
    await t.app.media.sweep();
    expect(await restos()).toEqual([]);
    expect(await t.db('archivos').where({ subida }).first()).toBeUndefined();
    // (On S3, tus's store keeps what it read of an upload in memory: this app would answer a
    // HEAD from that until it restarts, and the PATCH that follows fails.)
    if (almacen.tipo === 'local') expect((await t.call('HEAD', url, undefined, { headers: tus() })).status).toBe(404);
  });

  it('keeps a photo as a photo', async () => {
    const s = await subir(base, t.cookie, foto, { carpeta: 'photos', filename: 'portada.png' });
    expect(await procesada(t, s.subida)).toMatchObject({ estado: 'listo', tipo: 'image/png', ruta: `/photos/${s.subida}.png`, ancho: 160, alto: 120 });
  });

  it('is described in /openapi.json', async () => {
    const { paths } = (await t.call('GET', '/openapi.json')).body;
    expect(Object.keys(paths)).toEqual(expect.arrayContaining(['/subidas', '/subidas/{id}', '/videos/{nombre}', '/photos/{nombre}', '/archivos']));
    expect(paths['/subidas/{id}'].patch.responses).toHaveProperty('415');
  });

  it('stops start-up naming STORAGE_URL when its S3 server or bucket cannot be used', async () => {
    const storage = { kind: 's3' as const, bucket: 'no-existe', endpoint: 'http://127.0.0.1:1', region: 'us-east-1', forcePathStyle: true, accessKeyId: 'a', secretAccessKey: 'b' };
    await expect(createAlmacen(storage, 24)).rejects.toThrow(/STORAGE_URL.*no-existe.*127\.0\.0\.1:1/);
  });

  it('serves nothing that is not a stored file', async () => {
    for (const ruta of ['/videos/..%2f..%2fpackage.json', '/videos/%2e%2e/%2e%2e/package.json', '/photos/.subidas', '/videos/x.mp4']) {
      const r = await pedir(ruta);
      expect([400, 404], ruta).toContain(r.status);
      expect((await r.json()).error).toBeTruthy();
    }
  });
});
