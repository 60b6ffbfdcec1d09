// Faults of what the API stands on: a full disk, a storage folder gone, an
// object store that stops answering, a PostgreSQL connection lost at COMMIT. Each answers 503 or
// 507 in the envelope, never 500; nothing half-written is left; /health tells the database and
// the storage apart. Storage faults on local storage and, in the api-s3 project, on a real S3
// server reached through a proxy this test can cut.
import { mkdir, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createDb } from '../../src/db/index.js';
import { mensajes } from '../../src/mensajes.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { almacenDePrueba } from '../support/almacen.js';
import { carpetaTemporal, videoDePrueba, type CarpetaTemporal } from '../support/medios.js';
import { relevo, type Relevo } from '../support/relevo.js';
import { metadatos, procesada } from '../support/subidas.js';

const tus = (extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', ...extra });
const almacen = almacenDePrueba();

let ficheros: CarpetaTemporal;
let video: Buffer;
beforeAll(async () => {
  ficheros = await carpetaTemporal();
  video = await readFile(await ficheros.generar('clase.mp4', [...videoDePrueba(3), '-pix_fmt', 'yuv420p']));
});
afterAll(() => ficheros?.borrar());

const crear = (t: TestApp, longitud: number) =>
  t.call('POST', '/subidas', undefined, { headers: tus({ 'upload-length': String(longitud), 'upload-metadata': metadatos({ carpeta: 'videos', filename: 'clase.mp4' }) }) });
const parche = (t: TestApp, url: string, bytes: Buffer, offset: number) =>
  t.app.inject({ method: 'PATCH', url, payload: bytes, headers: { ...tus({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }), cookie: t.cookie } });

if (almacen.tipo === 'local') describe('local storage', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.destroy());

  it('answers 507 when the disk is full, and the upload keeps the offset it had', async () => {
    const creada = await crear(t, video.length);
    const url = String(creada.headers.location);
    // The kernel's own «no space left»: every write to /dev/full fails with ENOSPC.
    const fichero = join(t.config.storageDir, '.subidas', url.split('/').pop()!);
    await rm(fichero);
    await symlink('/dev/full', fichero);
    const lleno = await parche(t, url, video, 0);
    expect(lleno.statusCode).toBe(507);
    expect(lleno.json().error).toMatchObject({ statusCode: 507, name: 'InsufficientStorageError', message: mensajes.almacen.lleno });
    expect((await t.call('HEAD', url, undefined, { headers: tus() })).headers['upload-offset']).toBe('0');
  });

  it('never leaves a truncated file at a stored name when a copy fails half way', async () => {
    // A source that fails on its first read, as a disk that fills during the copy would.
    const roto = join(ficheros.dir, 'no-es-un-fichero');
    await mkdir(roto);
    await expect(t.app.media.almacen.save('photos/miniatura-rota.jpg', roto, 'image/jpeg')).rejects.toThrow();
    expect(await t.app.media.almacen.existe('photos/miniatura-rota.jpg')).toBe(false);
    expect((await readdir(join(t.config.storageDir, 'photos'))).filter((n) => n.includes('miniatura-rota'))).toEqual([]);
  });

  it('reports storage apart on /health: 200 «degradado» while the database answers', async () => {
    expect((await t.call('GET', '/health', undefined, { cookie: '' })).body).toEqual({ status: 'ok', baseDeDatos: 'ok', almacen: 'ok' });
    await rm(join(t.config.storageDir, '.subidas'), { recursive: true, force: true });
    const salud = await t.call('GET', '/health', undefined, { cookie: '' });
    expect(salud.status).toBe(200);
    expect(salud.body).toEqual({ status: 'degradado', baseDeDatos: 'ok', almacen: 'no disponible' });
  });
});

if (almacen.tipo === 's3') describe('an S3 server that stops answering', () => {
  let t: TestApp;
  let red: Relevo;
  beforeAll(async () => {
    const s3 = new URL(almacen.env.STORAGE_URL);
    const destino = new URL(s3.searchParams.get('endpoint')!);
    red = await relevo(destino.hostname, Number(destino.port));
    s3.searchParams.set('endpoint', red.url);
    t = await createTestApp({ ...almacen.env, STORAGE_URL: s3.toString() });
  });
  afterAll(async () => {
    await red?.abrir().catch(() => undefined);
    await almacen.vaciar(t);
    await t?.destroy();
  });

  it('answers 503 with Retry-After, reports it on /health, and the upload goes on once it is back', async () => {
    const creada = await crear(t, video.length);
    const url = String(creada.headers.location);
    expect((await parche(t, url, video.subarray(0, 8000), 0)).statusCode).toBe(204);
    const mitad = Number((await t.call('HEAD', url, undefined, { headers: tus() })).headers['upload-offset']);

    await red.cortar();
    const caido = await t.call('POST', '/subidas', undefined, { headers: tus({ 'upload-length': '100', 'upload-metadata': metadatos({ carpeta: 'photos', filename: 'a.png' }) }) });
    expect(caido.status).toBe(503);
    expect(caido.headers['retry-after']).toBe('10');
    expect(caido.body.error).toMatchObject({ statusCode: 503, message: mensajes.almacen.noDisponible });
    const salud = await t.call('GET', '/health', undefined, { cookie: '' });
    expect(salud.status).toBe(200);
    expect(salud.body).toEqual({ status: 'degradado', baseDeDatos: 'ok', almacen: 'no disponible' });

    await red.abrir();
    expect((await t.call('GET', '/health', undefined, { cookie: '' })).body.status).toBe('ok');
    if (mitad < video.length) expect((await parche(t, url, video.subarray(mitad), mitad)).statusCode).toBe(204);
    expect(await procesada(t, url.split('/').pop()!)).toMatchObject({ estado: 'listo', duracion: 3 });
  });
});

if (process.env.TEST_DIALECT === 'pg') describe('a PostgreSQL connection lost at COMMIT or before ROLLBACK', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // A deferred trigger runs at COMMIT: this one ends its own connection there, as a
    // PostgreSQL restart or a network cut between the API and the database would.
    await t.db.raw(`
      CREATE FUNCTION cortar_al_confirmar() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NULL; END $$`);
    await t.db.raw(`
      CREATE CONSTRAINT TRIGGER cortar_al_confirmar AFTER INSERT ON categorias DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.nombre = 'Cortada al confirmar') EXECUTE FUNCTION cortar_al_confirmar()`);
    // Mid-statement: the write fails, and its ROLLBACK meets a connection already gone.
    await t.db.raw(`
      CREATE TRIGGER cortar_al_escribir AFTER UPDATE ON categorias
      FOR EACH ROW WHEN (NEW.nombre = 'Cortada al escribir') EXECUTE FUNCTION cortar_al_confirmar()`);
  });
  afterAll(() => t?.destroy());

  it.each(['COMMIT', 'ROLLBACK'])('answers 503 when the network to PostgreSQL is cut as %s is sent, and heals', async (orden) => {
    // The same database, reached through a relay that cuts the connection as the API sends the order.
    const url = new URL(t.config.database.connectionString!);
    const red = await relevo(url.hostname, Number(url.port || 5432));
    url.host = `127.0.0.1:${red.puerto}`;
    const config = { ...t.config, database: { ...t.config.database, connectionString: url.toString() } };
    const db = createDb(config.database);
    const app = await buildApp({ config, db });
    try {
      const login = await app.inject({ method: 'POST', url: '/logins/login', payload: { usuario: 'admin', pass: 'admin' } });
      const cookie = [login.headers['set-cookie']].flat().map((c) => String(c).split(';')[0]).join('; ');
      const pedir = (method: 'POST', ruta: string, payload: object) => app.inject({ method, url: ruta, payload, headers: { cookie } });
      red.cortarAlVer(orden);
      // COMMIT ends every successful write; ROLLBACK follows a write the API refuses (a name already taken).
      const nombre = orden === 'COMMIT' ? `Cortada en ${orden}` : 'Guardada antes';
      if (orden === 'ROLLBACK') await t.db('categorias').insert({ nombre, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
      const r = await pedir('POST', '/categorias', { nombre });
      expect(r.statusCode).toBe(503);
      expect(r.json().error).toMatchObject({ statusCode: 503, message: mensajes.salud.bdNoDisponible });
      await expect.poll(async () => (await pedir('POST', '/categorias', { nombre: `Después de ${orden}` })).statusCode, { timeout: 5000 }).toBe(200);
      if (orden === 'COMMIT') expect(await t.db('categorias').where({ nombre }).first()).toBeUndefined();
    } finally {
      await app.close();
      await db.destroy();
      await red.cortar();
    }
  });

  it('answers 503 when the connection goes before the ROLLBACK, and changes nothing', async () => {
    const { body: c } = await t.call('POST', '/categorias', { nombre: 'Intacta' });
    const r = await t.call('PATCH', `/categorias/${c.id}`, { nombre: 'Cortada al escribir' });
    expect(r.status).toBe(503);
    expect(r.body.error).toMatchObject({ statusCode: 503, message: mensajes.salud.bdNoDisponible });
    await expect.poll(async () => (await t.call('GET', `/categorias/${c.id}`)).body.nombre, { timeout: 5000 }).toBe('Intacta');
    await t.db('categorias').where('id', c.id).delete();
  });

  it('answers 503 at COMMIT, keeps nothing of the write, and the next request works', async () => {
    const r = await t.call('POST', '/categorias', { nombre: 'Cortada al confirmar' });
    expect(r.status).toBe(503);
    expect(r.body.error).toMatchObject({ statusCode: 503, message: mensajes.salud.bdNoDisponible });
    expect(r.headers['retry-after']).toBeDefined();
    // The pool may hand out the dead connection once more before it learns it ended: another 503.
    await expect.poll(async () => (await t.call('POST', '/categorias', { nombre: 'Guardada después' })).status, { timeout: 5000 }).toBe(200);
    const nombres = (await t.call('GET', '/categorias')).body.map((c: { nombre: string }) => c.nombre);
    expect(nombres).toContain('Guardada después');
    expect(nombres).not.toContain('Cortada al confirmar');
  });
});
