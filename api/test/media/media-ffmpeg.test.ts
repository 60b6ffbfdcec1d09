// Video facts and thumbnails from real files made by ffmpeg: the duration and
// size an administrator sees on the clase, a JPEG thumbnail, a Spanish error for what cannot be
// read, and a server without ffmpeg that still starts, saying why once.
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { firma } from '../../src/media/firma.js';
import { createFfmpeg, MAX_LADO, type ErrorMedios } from '../../src/media/ffmpeg.js';
import { mensajes } from '../../src/mensajes.js';
import { carpetaTemporal, fotoDePrueba, videoDePrueba, type CarpetaTemporal } from '../support/medios.js';

let tmp: CarpetaTemporal;
const f: Record<string, string> = {};
const medios = createFfmpeg({ ...loadConfig({}).ffmpeg, warn: () => expect.fail('ffmpeg is installed: no warning expected') });

beforeAll(async () => {
  tmp = await carpetaTemporal();
  const conSonido = [...videoDePrueba(3), '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-pix_fmt', 'yuv420p', '-shortest'];
  f.mp4 = await tmp.generar('clase.mp4', conSonido);
  f.webm = await tmp.generar('clase.webm', [...videoDePrueba(3), '-c:v', 'libvpx']);
  f.ancho = await tmp.generar('ancho.mp4', [...videoDePrueba(1, 1280, 720), '-pix_fmt', 'yuv420p']);
  f.girado = await tmp.generar('girado.mp4', ['-i', f.mp4, '-c', 'copy', '-metadata:s:v:0', 'rotate=90']);
  f.audio = await tmp.generar('audio.m4a', ['-f', 'lavfi', '-i', 'sine=duration=2']);
  f.jpg = await tmp.generar('foto.jpg', fotoDePrueba(200, 150));
  f.png = await tmp.generar('foto.png', fotoDePrueba(64, 48));
  // Its moov box (the index) comes last: cut, the file has the start of the data and nothing to read it by.
  f.cortado = join(tmp.dir, 'cortado.mp4');
  await writeFile(f.cortado, (await readFile(f.mp4)).subarray(0, 3000));
  f.basura = join(tmp.dir, 'basura.mp4');
  await writeFile(f.basura, Buffer.concat([(await readFile(f.mp4)).subarray(0, 64), Buffer.alloc(4000, 0x5a)]));
});
afterAll(() => tmp?.borrar());

const MP4 = 'video/mp4';
const falla = (p: Promise<unknown>) => p.then(() => expect.fail('expected an ErrorMedios'), (e: ErrorMedios) => e);

describe('readVideo', () => {
  it('reads a 3 s 320×240 mp4 with sound', async () => {
    expect(await medios.readVideo(f.mp4, MP4)).toEqual({ duracion: 3, ancho: 320, alto: 240 });
  });

  it('reads a webm', async () => {
    expect(await medios.readVideo(f.webm, 'video/webm')).toEqual({ duracion: 3, ancho: 320, alto: 240 });
  });

  it('gives the size as shown: a phone video turned 90° is taller than wide', async () => {
    expect(await medios.readVideo(f.girado, MP4)).toEqual({ duracion: 3, ancho: 240, alto: 320 });
  });

  it.each([
    ['a cut-off mp4', 'cortado'],
    ['an mp4 header followed by garbage', 'basura'],
  ])('says in Spanish that %s is damaged', async (_, nombre) => {
    const e = await falla(medios.readVideo(f[nombre], MP4));
    expect(e).toMatchObject({ codigo: 'danado', message: mensajes.medios.danado });
    expect(e.detalle).toMatch(/invalid data|moov atom/i);
  });

  it('says a file with only sound has no video', async () => {
    expect(await falla(medios.readVideo(f.audio, MP4))).toMatchObject({ codigo: 'sin-video', message: mensajes.medios.sinVideo });
  });

  it('takes a local name as a file, never as an option or a protocol', async () => {
    expect(await falla(medios.readVideo('-version', MP4))).toMatchObject({ codigo: 'danado' });
    expect(await falla(medios.readVideo(`concat:${f.mp4}|${f.mp4}`, MP4))).toMatchObject({ codigo: 'danado' });
  });
});

describe('readImagen', () => {
  it('reads the size of a JPEG and a PNG', async () => {
    expect(await medios.readImagen(f.jpg, 'image/jpeg')).toEqual({ ancho: 200, alto: 150 });
    expect(await medios.readImagen(f.png, 'image/png')).toEqual({ ancho: 64, alto: 48 });
  });

  it('says a file with only sound has no picture', async () => {
    expect(await falla(medios.readImagen(f.audio, MP4))).toMatchObject({ codigo: 'sin-imagen' });
  });
});

describe('miniatura', () => {
  it('writes a JPEG frame of the video, as wide as the video when it is narrow', async () => {
    const salida = join(tmp.dir, 'mini-clase.jpg');
    expect(await medios.miniatura(f.mp4, MP4, salida)).toEqual({ ancho: 320, alto: 240 });
    const bytes = await readFile(salida);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await firma(bytes)).toEqual({ tipo: 'image/jpeg', ext: 'jpg', carpeta: 'photos' });
  });

  it('scales a wide video down to 640 px keeping its shape', async () => {
    expect(await medios.miniatura(f.ancho, MP4, join(tmp.dir, 'mini-ancho.jpg'), { duracion: 1 })).toEqual({ ancho: 640, alto: 360 });
  });

  it('still finds a frame when the duration given is past the end', async () => {
    expect(await medios.miniatura(f.mp4, MP4, join(tmp.dir, 'mini-tarde.jpg'), { duracion: 600 })).toEqual({ ancho: 320, alto: 240 });
  });

  it('leaves nothing behind for a damaged video', async () => {
    const antes = await readdir(tmp.dir);
    expect(await falla(medios.miniatura(f.cortado, MP4, join(tmp.dir, 'mini-cortado.jpg')))).toMatchObject({ codigo: 'danado' });
    expect(await falla(medios.miniatura(f.basura, MP4, join(tmp.dir, 'mini-basura.jpg'), { duracion: 3 }))).toMatchObject({ codigo: 'danado' });
    expect(await readdir(tmp.dir)).toEqual(antes);
  });
});

/** A DASH manifest that file-type takes for QuickTime (bytes 4–7 read `free`), as an upload could be. */
const dash = (url: string) =>
  `<!--free--><MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT3S" minBufferTime="PT1S" ` +
  `profiles="urn:mpeg:dash:profile:isoff-on-demand:2011"><Period><AdaptationSet mimeType="video/mp4">` +
  `<Representation id="1" bandwidth="1000" width="320" height="240" codecs="avc1.640033"><BaseURL>${url}</BaseURL>` +
  `</Representation></AdaptationSet></Period></MPD>\n`;
const hls = (url: string) => `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:3\n#EXTINF:3.0,\n${url}\n#EXT-X-ENDLIST\n`;

describe('a file that points elsewhere: the programs read only its own bytes', () => {
  let servidor: Server;
  let base: string;
  const pedidas: string[] = [];

  beforeAll(async () => {
    // A listener with a real video behind it, as a server on the same network could have.
    const video = await readFile(f.mp4);
    servidor = createServer((req, res) => {
      pedidas.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': video.length }).end(video);
    });
    await new Promise<void>((ok) => servidor.listen(0, '127.0.0.1', ok));
    base = `http://127.0.0.1:${(servidor.address() as AddressInfo).port}`;
    f.segmento = await tmp.generar('segmento.ts', [...videoDePrueba(3), '-f', 'mpegts']);
  });
  afterAll(() => new Promise<void>((ok) => servidor?.close(() => ok())));

  const casos = () => [
    ['a DASH manifest naming a local video', 'dash-local.mp4', dash(`file:${f.mp4}`)],
    ['a DASH manifest naming an http address', 'dash-http.mp4', dash(`${base}/dash.mp4`)],
    ['an HLS playlist naming a local segment', 'hls-local.mp4', hls(`file:${f.segmento}`)],
    ['an HLS playlist naming an http address', 'hls-http.mp4', hls(`${base}/hls.ts`)],
  ];

  it('is damaged for ffprobe and ffmpeg, whatever video type it was stored as, and nothing is fetched or read', async () => {
    for (const [, nombre, contenido] of casos()) {
      const ruta = join(tmp.dir, nombre);
      await writeFile(ruta, contenido);
      for (const tipo of ['video/mp4', 'video/quicktime', 'video/webm']) {
        expect(await falla(medios.readVideo(ruta, tipo)), `${nombre} as ${tipo}`).toMatchObject({ codigo: 'danado' });
        expect(await falla(medios.miniatura(ruta, tipo, join(tmp.dir, `mini-${nombre}.jpg`), { duracion: 3 })), nombre).toMatchObject({ codigo: 'danado' });
      }
    }
    // Had the local manifests been followed, they would have read as the 3 s video they name.
    expect(pedidas).toEqual([]);
  });

  it('is never read from a URL: an address is taken as a file name', async () => {
    expect(await falla(medios.readVideo(`${base}/clase.mp4`, MP4))).toMatchObject({ codigo: 'danado' });
    expect(pedidas).toEqual([]);
  });

  it('is read only as one of the stored types', async () => {
    expect(await falla(medios.readVideo(f.mp4, 'application/dash+xml'))).toMatchObject({ codigo: 'tipo', message: mensajes.medios.tipoSinLector('application/dash+xml') });
  });

  it('is refused when it declares absurd dimensions, before a frame of them is decoded', async () => {
    // A PNG ffprobe would decode whole to learn its size (72 megapixels: 216 MB), and a side longer than any camera's.
    for (const [ancho, alto] of [[9000, 8000], [MAX_LADO + 600, 64]]) {
      const ruta = await tmp.generar(`enorme-${ancho}.png`, fotoDePrueba(ancho, alto));
      expect(await falla(medios.readImagen(ruta, 'image/png'))).toMatchObject({ codigo: 'dimensiones', message: mensajes.medios.dimensiones(ancho, alto) });
    }
    const grande = await tmp.generar('grande.png', fotoDePrueba(4000, 3000));
    expect(await medios.readImagen(grande, 'image/png')).toEqual({ ancho: 4000, alto: 3000 });
  });
});

describe('without ffmpeg', () => {
  it('is not available, warns once in Spanish how to fix it, and refuses to analyse', async () => {
    const warn = vi.fn();
    const sin = createFfmpeg({ ffmpeg: '/no/existe/ffmpeg', ffprobe: 'ffprobe', warn });
    expect(await sin.disponible()).toBe(false);
    expect(await sin.disponible()).toBe(false);
    await expect(sin.readVideo(f.mp4, MP4)).rejects.toMatchObject({ codigo: 'no-disponible', message: mensajes.medios.noDisponible });
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0][0]).toContain('«/no/existe/ffmpeg»');
    expect(warn.mock.calls[0][0]).not.toContain('«ffprobe»');
    expect(warn.mock.calls[0][0]).toContain('apt-get install ffmpeg');
    expect(warn.mock.calls[0][0]).toContain('las subidas funcionan');
  });

  it('is available when both programs run, without a warning', async () => {
    expect(await medios.disponible()).toBe(true);
  });
});

describe('a program that misbehaves', () => {
  /** A stand-in ffprobe: answers -version, then runs `cuerpo` for anything else. */
  async function falso(nombre: string, cuerpo: string, memoriaMaximaMb?: number) {
    const ruta = join(tmp.dir, nombre);
    await writeFile(ruta, `#!/bin/sh\nif [ "$1" = -version ]; then echo "ffprobe version falso"; exit 0; fi\n${cuerpo}\n`);
    await chmod(ruta, 0o755);
    return createFfmpeg({ ffmpeg: 'ffmpeg', ffprobe: ruta, tiempoMaximoMs: 500, memoriaMaximaMb, warn: vi.fn() });
  }

  it('is stopped when it runs past the time limit', async () => {
    const lento = await falso('lento.sh', 'exec sleep 30');
    expect(await falla(lento.readVideo(f.mp4, MP4))).toMatchObject({ codigo: 'tiempo', message: mensajes.medios.tiempoAgotado(1) });
  });

  it('is stopped when it needs more memory than its cap', async () => {
    // 600 MB, then a perfectly good answer: only the cap can stop it.
    const respuesta = JSON.stringify({ streams: [{ codec_type: 'video', width: 320, height: 240 }], format: { duration: '3' } });
    const glotón = await falso('gloton.sh', `exec perl -e '$x = "a" x (600 * 1024 * 1024); print q(${respuesta})'`, 400);
    expect(await falla(glotón.readVideo(f.mp4, MP4))).toMatchObject({ codigo: 'recursos', message: mensajes.medios.sinRecursos });
  });

  it('is stopped when it prints more than a media file could need', async () => {
    const hablador = await falso('hablador.sh', 'exec head -c 50000000 /dev/zero');
    expect(await falla(hablador.readVideo(f.mp4, MP4))).toMatchObject({ codigo: 'salida' });
  });
});
