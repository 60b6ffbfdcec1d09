// Uploads that try to turn the server against itself, administrators who share it, and storage
// that fails for a moment. On local storage and, in the api-s3
// project, on a real S3 bucket.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/auth/passwords.js';
import { mensajes } from '../../src/mensajes.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { almacenDePrueba, type AlmacenDePrueba } from '../support/almacen.js';
import { carpetaTemporal, videoDePrueba, type CarpetaTemporal } from '../support/medios.js';
import { metadatos, procesada, subir } from '../support/subidas.js';

let ficheros: CarpetaTemporal;
let video: string;

beforeAll(async () => {
  ficheros = await carpetaTemporal();
  video = await ficheros.generar('clase.mp4', [...videoDePrueba(3), '-pix_fmt', 'yuv420p']);
});
afterAll(() => ficheros?.borrar());

const tus = (extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', ...extra });
const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));

/** An app on this project's storage, listening, with its storage emptied at the end. */
async function appCon(env: Record<string, string> = {}, trabajos?: Parameters<typeof createTestApp>[6]) {
  const almacen = almacenDePrueba();
  const t = await createTestApp({ ...almacen.env, ...env }, undefined, undefined, undefined, undefined, undefined, trabajos);
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    base,
    almacen,
    crear: (meta: Record<string, string>, longitud: number, cookie = t.cookie) =>
      t.call('POST', '/subidas', undefined, { cookie, headers: tus({ 'upload-length': String(longitud), 'upload-metadata': metadatos(meta) }) }),
    parche: (url: string, bytes: Buffer, offset = 0, cookie = t.cookie) =>
      t.app.inject({ method: 'PATCH', url, payload: bytes, headers: { ...tus({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }), cookie } }),
    async cerrar() {
      await almacen.vaciar(t);
      await t.destroy();
    },
  };
}
type AppDePrueba = Awaited<ReturnType<typeof appCon>>;

/** A second administrator's session cookie. */
async function otroAdministrador(t: TestApp, usuario: string): Promise<string> {
  const ahora = new Date().toISOString();
  await t.db('logins').insert({ usuario, pass: await hashPassword('otra clave larga', t.config.scrypt), nombre: usuario, activo: true, createdAt: ahora, updatedAt: ahora });
  const r = await t.call('POST', '/logins/login', { usuario, pass: 'otra clave larga' }, { cookie: '' });
  const cookies = r.headers['set-cookie'];
  return [cookies].flat().map((c) => String(c).split(';')[0]).join('; ');
}

describe('a manifest uploaded as a video (item 1)', () => {
  let a: AppDePrueba;
  let oyente: Server;
  let direccion: string;
  const pedidas: string[] = [];

  beforeAll(async () => {
    a = await appCon();
    const bytes = await readFile(video);
    oyente = createServer((req, res) => {
      pedidas.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': bytes.length }).end(bytes);
    });
    await new Promise<void>((ok) => oyente.listen(0, '127.0.0.1', ok));
    direccion = `http://127.0.0.1:${(oyente.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((ok) => oyente?.close(() => ok()));
    await a?.cerrar();
  });

  /** A DASH manifest file-type takes for QuickTime: its bytes 4–7 read `free`. */
  const dash = (url: string) =>
    `<!--free--><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT3S" minBufferTime="PT1S" ` +
    `profiles="urn:mpeg:dash:profile:isoff-on-demand:2011"><Period><AdaptationSet mimeType="video/mp4"><Representation id="1" ` +
    `bandwidth="1000" width="320" height="240" codecs="avc1.640033"><BaseURL>${url}</BaseURL></Representation></AdaptationSet></Period></MPD>\n`;

  it.each([
    ['a local video', () => `file:${video}`],
    ['an http address', () => `${direccion}/robado.mp4`],
  ])('naming %s ends `error`: nothing is fetched or read, and it is never served', async (_, destino) => {
    const fichero = join(ficheros.dir, `manifiesto-${pedidas.length}-${Date.now()}.mp4`);
    await writeFile(fichero, dash(destino()));
    const { subida } = await subir(a.base, a.t.cookie, fichero, { carpeta: 'videos', filename: 'clase.mp4' });
    const archivo = await procesada(a.t, subida);
    // Followed, the manifest would read as the 3 s 320×240 video it names.
    expect(archivo).toMatchObject({ estado: 'error', tipo: 'video/quicktime', duracion: null, ancho: null, miniatura: null, error: mensajes.medios.danado });
    expect(pedidas).toEqual([]);
    const servido = await fetch(`${a.base}${archivo.ruta}`, { headers: { cookie: a.t.cookie }, redirect: 'manual' });
    expect(servido.status).toBe(404);
  });

  it('an HLS playlist is not a video at all: 415 on its first bytes', async () => {
    const fichero = join(ficheros.dir, 'lista.mp4');
    await writeFile(fichero, `#EXTM3U\n#EXT-X-TARGETDURATION:3\n#EXTINF:3.0,\n${direccion}/segmento.ts\n#EXT-X-ENDLIST\n`);
    await expect(subir(a.base, a.t.cookie, fichero, { carpeta: 'videos', filename: 'lista.mp4' })).rejects.toThrow(/415/);
    expect(pedidas).toEqual([]);
  });
});

describe('an upload is its creator’s, within limits (item 9)', () => {
  let a: AppDePrueba;
  let ajena: string;

  beforeAll(async () => {
    a = await appCon({ MAX_SUBIDAS_POR_ADMINISTRADOR: '2', CUOTA_ALMACEN_MB: '3' });
    ajena = await otroAdministrador(a.t, 'editora');
  });
  afterAll(() => a?.cerrar());

  it('is unknown (404) to another administrator on HEAD, PATCH and DELETE', async () => {
    const creada = await a.crear({ carpeta: 'videos', filename: 'mia.mp4' }, 5000);
    expect(creada.status).toBe(201);
    const url = String(creada.headers.location);
    for (const metodo of ['HEAD', 'DELETE']) {
      const r = await a.t.call(metodo, url, undefined, { cookie: ajena, headers: tus() });
      expect(r.status, metodo).toBe(404);
    }
    const parche = await a.parche(url, (await readFile(video)).subarray(0, 5000), 0, ajena);
    expect(parche.statusCode).toBe(404);
    expect(parche.json().error.message).toBe(mensajes.subidas.noExiste);
    // Its creator still has it, untouched.
    const head = await a.t.call('HEAD', url, undefined, { headers: tus() });
    expect(head.status).toBe(200);
    expect(head.headers['upload-offset']).toBe('0');
    expect((await a.t.call('DELETE', url, undefined, { headers: tus() })).status).toBe(204);
  });

  it('refuses (507) a third upload at once, before a byte, and takes one again when one ends', async () => {
    const primeras = [await a.crear({ carpeta: 'photos', filename: '1.png' }, 100), await a.crear({ carpeta: 'photos', filename: '2.png' }, 100)];
    expect(primeras.map((r) => r.status)).toEqual([201, 201]);
    const tercera = await a.crear({ carpeta: 'photos', filename: '3.png' }, 100);
    expect(tercera.status).toBe(507);
    expect(tercera.body.error).toMatchObject({ statusCode: 507, code: 'INSUFFICIENT_STORAGE', message: mensajes.subidas.demasiadasALaVez(2) });
    // Another administrator's count is their own.
    const deOtra = await a.crear({ carpeta: 'photos', filename: 'x.png' }, 100, ajena);
    expect(deOtra.status).toBe(201);
    expect((await a.t.call('DELETE', String(primeras[0].headers.location), undefined, { headers: tus() })).status).toBe(204);
    await expect.poll(async () => (await a.crear({ carpeta: 'photos', filename: '4.png' }, 100)).status).toBe(201);
    await a.t.db('archivos').where('estado', 'subiendo').delete();
  });

  it('refuses (507) a file that does not fit in the storage quota, before a byte is stored', async () => {
    const antes = (await a.t.call('GET', '/archivos/count')).body.count;
    const restos = await a.almacen.restos(a.t);
    const grande = await a.crear({ carpeta: 'videos', filename: 'grande.mp4' }, 4 * 1024 * 1024);
    expect(grande.status).toBe(507);
    expect(grande.body.error.message).toBe(mensajes.subidas.cuotaAgotada(3, 3));
    expect((await a.t.call('GET', '/archivos/count')).body.count).toBe(antes);
    expect(await a.almacen.restos(a.t)).toEqual(restos);
    // What is stored counts: 2 MB in, 1 MB left.
    const dos = await a.crear({ carpeta: 'videos', filename: 'dos.mp4' }, 2 * 1024 * 1024);
    expect(dos.status).toBe(201);
    expect((await a.crear({ carpeta: 'videos', filename: 'otro.mp4' }, 1024 * 1024 + 1)).body.error.message).toBe(mensajes.subidas.cuotaAgotada(1, 3));
    expect((await a.t.call('DELETE', String(dos.headers.location), undefined, { headers: tus() })).status).toBe(204);
  });

  it('keeps a file name without bidi controls', async () => {
    const { subida } = await subir(a.base, a.t.cookie, video, { carpeta: 'videos', filename: 'clase\u202E4pm.exe\u2066.mp4' });
    expect((await procesada(a.t, subida)).nombre).toBe('clase4pm.exe.mp4');
  });
});

describe('an upload whose archivo is deleted while it arrives (item 9)', () => {
  let a: AppDePrueba;
  beforeAll(async () => {
    a = await appCon();
  });
  afterAll(() => a?.cerrar());

  async function aMedias() {
    const bytes = await readFile(video);
    const creada = await a.crear({ carpeta: 'videos', filename: 'borrada.mp4' }, bytes.length);
    const url = String(creada.headers.location);
    expect((await a.parche(url, bytes.subarray(0, 6000))).statusCode).toBe(204);
    const [fila] = (await a.t.call('GET', `/archivos?filter=${q({ where: { subida: url.split('/').pop() } })}`)).body;
    return { url, bytes, fila };
  }

  it('is refused at its next request and leaves nothing in storage', async () => {
    const { url, bytes, fila } = await aMedias();
    expect((await a.t.call('DELETE', `/archivos/${fila.id}`)).status).toBe(204);
    const resto = await a.parche(url, bytes.subarray(6000), 6000);
    expect(resto.statusCode).toBe(404);
    expect(await a.almacen.restos(a.t)).toEqual([]);
  });

  it('is swept when its client never comes back, finished or not', async () => {
    const { fila } = await aMedias();
    await a.t.db('archivos').where('id', fila.id).delete();
    expect((await a.almacen.restos(a.t)).length).toBeGreaterThan(0);
    await a.t.app.media.sweep();
    expect(await a.almacen.restos(a.t)).toEqual([]);
  });
});

describe('storage that fails for a moment (item 7)', () => {
  let a: AppDePrueba;
  let fallosPendientes = 0;

  beforeAll(async () => {
    a = await appCon({}, { reintentos: { pausaMs: 50, maximaMs: 200 }, arriendoMs: 1000, latidoMs: 200, sondeoMs: 200 });
    // Storage that refuses the next `fallosPendientes` reads, as S3 does while it restarts.
    const almacen = a.t.app.media.almacen;
    const enLocal = almacen.enLocal.bind(almacen);
    almacen.enLocal = async (clave) => {
      if (fallosPendientes > 0) {
        fallosPendientes--;
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8089'), { code: 'ECONNREFUSED' });
      }
      return enLocal(clave);
    };
  });
  afterAll(() => a?.cerrar());

  it('does not make a good file «dañado»: it is tried again until it reads', async () => {
    fallosPendientes = 3;
    const { subida } = await subir(a.base, a.t.cookie, video, { carpeta: 'videos', filename: 'paciente.mp4' });
    const archivo = await procesada(a.t, subida);
    expect(fallosPendientes).toBe(0);
    expect(archivo).toMatchObject({ estado: 'listo', duracion: 3, ancho: 320, alto: 240, error: null });
  });

  it('takes up a file a dead process left `procesando`, without a restart, and not one a live process holds', async () => {
    const { subida } = await subir(a.base, a.t.cookie, video, { carpeta: 'videos', filename: 'huerfana.mp4' });
    await procesada(a.t, subida);
    // As other processes left them: one died an hour ago holding its job, one is alive and renewing its lease.
    const haceUnaHora = new Date(Date.now() - 3600_000).toISOString();
    const original = await a.t.db('archivos').where({ subida }).first();
    await a.t.db('archivos').where({ subida }).update({ estado: 'procesando', duracion: null, sha256: null, updatedAt: haceUnaHora });
    await a.t.db('trabajos').where({ clave: subida }).update({ estado: 'ejecutando', titular: 'otra-maquina|1|muerta', arriendoHasta: haceUnaHora, generacion: 1, intentos: 1 });
    const ahora = new Date().toISOString();
    await a.t.db('archivos').insert({ subida: 'viva', carpeta: 'videos', ruta: '/videos/viva.mp4', tipo: 'video/mp4', estado: 'procesando', createdAt: ahora, updatedAt: ahora });
    // Renewed well ahead: a busy machine stalling this renewal for a moment must not make the live one look dead.
    const enUnRato = () => new Date(Date.now() + 5000).toISOString();
    const [viva] = await a.t.db('trabajos')
      .insert({ tipo: 'procesadoArchivos', clave: 'viva', datos: JSON.stringify({ subida: 'viva' }), estado: 'ejecutando', titular: 'otra-maquina|2|viva', arriendoHasta: enUnRato(), generacion: 1, intentos: 1, ejecutarEn: ahora, createdAt: ahora, updatedAt: ahora })
      .returning('id');
    const vivo = () => a.t.db('trabajos').where({ id: viva.id ?? viva }).update({ arriendoHasta: enUnRato() });
    const latiendo = setInterval(() => void vivo(), 100);
    try {
      await expect.poll(async () => (await a.t.db('archivos').where({ subida }).first()).estado, { timeout: 10_000 }).toBe('listo');
      expect(await a.t.db('archivos').where({ subida }).first()).toMatchObject({ duracion: 3, sha256: original.sha256 });
      expect(await a.t.db('archivos').where({ subida: 'viva' }).first()).toMatchObject({ estado: 'procesando' });
      expect(await a.t.db('trabajos').where({ clave: 'viva' }).first()).toMatchObject({ estado: 'ejecutando', titular: 'otra-maquina|2|viva', generacion: 1 });
    } finally {
      clearInterval(latiendo);
      await a.t.db('trabajos').where({ clave: 'viva' }).delete();
      await a.t.db('archivos').where({ subida: 'viva' }).delete();
    }
  });
});
