// Video facts and thumbnails (issue 11, item 4) from real files made by ffmpeg: the duration and
// size an administrator sees on the clase, a JPEG thumbnail, a Spanish error for what cannot be
// read, and a server without ffmpeg that still starts, saying why once.
import { chmod, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.js';
import { firma } from '../src/media/firma.js';
import { crearFfmpeg, type ErrorMedios } from '../src/media/ffmpeg.js';
import { mensajes } from '../src/mensajes.js';
import { carpetaTemporal, fotoDePrueba, videoDePrueba, type CarpetaTemporal } from './support/medios.js';

let tmp: CarpetaTemporal;
const f: Record<string, string> = {};
const medios = crearFfmpeg({ ...loadConfig({}).ffmpeg, avisar: () => expect.fail('ffmpeg is installed: no warning expected') });

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

const falla = (p: Promise<unknown>) => p.then(() => expect.fail('expected an ErrorMedios'), (e: ErrorMedios) => e);

describe('leerVideo', () => {
  it('reads a 3 s 320×240 mp4 with sound', async () => {
    expect(await medios.leerVideo(f.mp4)).toEqual({ duracion: 3, ancho: 320, alto: 240 });
  });

  it('reads a webm', async () => {
    expect(await medios.leerVideo(f.webm)).toEqual({ duracion: 3, ancho: 320, alto: 240 });
  });

  it('gives the size as shown: a phone video turned 90° is taller than wide', async () => {
    expect(await medios.leerVideo(f.girado)).toEqual({ duracion: 3, ancho: 240, alto: 320 });
  });

  it.each([
    ['a cut-off mp4', 'cortado'],
    ['an mp4 header followed by garbage', 'basura'],
  ])('says in Spanish that %s is damaged', async (_, nombre) => {
    const e = await falla(medios.leerVideo(f[nombre]));
    expect(e).toMatchObject({ codigo: 'danado', message: mensajes.medios.danado });
    expect(e.detalle).toMatch(/invalid data|moov atom/i);
  });

  it('says a file with only sound has no video', async () => {
    expect(await falla(medios.leerVideo(f.audio))).toMatchObject({ codigo: 'sin-video', message: mensajes.medios.sinVideo });
  });

  it('takes a local name as a file, never as an option or a protocol', async () => {
    expect(await falla(medios.leerVideo('-version'))).toMatchObject({ codigo: 'danado' });
    expect(await falla(medios.leerVideo(`concat:${f.mp4}|${f.mp4}`))).toMatchObject({ codigo: 'danado' });
  });
});

describe('leerImagen', () => {
  it('reads the size of a JPEG and a PNG', async () => {
    expect(await medios.leerImagen(f.jpg)).toEqual({ ancho: 200, alto: 150 });
    expect(await medios.leerImagen(f.png)).toEqual({ ancho: 64, alto: 48 });
  });

  it('says a file with only sound has no picture', async () => {
    expect(await falla(medios.leerImagen(f.audio))).toMatchObject({ codigo: 'sin-imagen' });
  });
});

describe('miniatura', () => {
  it('writes a JPEG frame of the video, as wide as the video when it is narrow', async () => {
    const salida = join(tmp.dir, 'mini-clase.jpg');
    expect(await medios.miniatura(f.mp4, salida)).toEqual({ ancho: 320, alto: 240 });
    const bytes = await readFile(salida);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(await firma(bytes)).toEqual({ tipo: 'image/jpeg', ext: 'jpg', carpeta: 'photos' });
  });

  it('scales a wide video down to 640 px keeping its shape', async () => {
    expect(await medios.miniatura(f.ancho, join(tmp.dir, 'mini-ancho.jpg'), { duracion: 1 })).toEqual({ ancho: 640, alto: 360 });
  });

  it('still finds a frame when the duration given is past the end', async () => {
    expect(await medios.miniatura(f.mp4, join(tmp.dir, 'mini-tarde.jpg'), { duracion: 600 })).toEqual({ ancho: 320, alto: 240 });
  });

  it('leaves nothing behind for a damaged video', async () => {
    const antes = await readdir(tmp.dir);
    expect(await falla(medios.miniatura(f.cortado, join(tmp.dir, 'mini-cortado.jpg')))).toMatchObject({ codigo: 'danado' });
    expect(await falla(medios.miniatura(f.basura, join(tmp.dir, 'mini-basura.jpg'), { duracion: 3 }))).toMatchObject({ codigo: 'danado' });
    expect(await readdir(tmp.dir)).toEqual(antes);
  });
});

describe('a video behind an http URL (an S3 presigned link)', () => {
  it('is read and thumbnailed like a local file', async () => {
    const server = Fastify();
    await server.register(fastifyStatic, { root: tmp.dir });
    const base = await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      expect(await medios.leerVideo(`${base}/clase.mp4?X-Amz-Signature=abc&X-Amz-Expires=60`)).toEqual({ duracion: 3, ancho: 320, alto: 240 });
      expect(await medios.miniatura(`${base}/ancho.mp4`, join(tmp.dir, 'mini-url.jpg'))).toEqual({ ancho: 640, alto: 360 });
      expect(await falla(medios.leerVideo(`${base}/no-existe.mp4`))).toMatchObject({ codigo: 'danado' });
    } finally {
      await server.close();
    }
  });
});

describe('without ffmpeg', () => {
  it('is not available, warns once in Spanish how to fix it, and refuses to analyse', async () => {
    const avisar = vi.fn();
    const sin = crearFfmpeg({ ffmpeg: '/no/existe/ffmpeg', ffprobe: 'ffprobe', avisar });
    expect(await sin.disponible()).toBe(false);
    expect(await sin.disponible()).toBe(false);
    await expect(sin.leerVideo(f.mp4)).rejects.toMatchObject({ codigo: 'no-disponible', message: mensajes.medios.noDisponible });
    expect(avisar).toHaveBeenCalledTimes(1);
    expect(avisar.mock.calls[0][0]).toContain('«/no/existe/ffmpeg»');
    expect(avisar.mock.calls[0][0]).not.toContain('«ffprobe»');
    expect(avisar.mock.calls[0][0]).toContain('apt-get install ffmpeg');
    expect(avisar.mock.calls[0][0]).toContain('las subidas funcionan');
  });

  it('is available when both programs run, without a warning', async () => {
    expect(await medios.disponible()).toBe(true);
  });
});

describe('a program that misbehaves', () => {
  /** A stand-in ffprobe: answers -version, then runs `cuerpo` for anything else. */
  async function falso(nombre: string, cuerpo: string) {
    const ruta = join(tmp.dir, nombre);
    await writeFile(ruta, `#!/bin/sh\nif [ "$1" = -version ]; then echo "ffprobe version falso"; exit 0; fi\n${cuerpo}\n`);
    await chmod(ruta, 0o755);
    return crearFfmpeg({ ffmpeg: 'ffmpeg', ffprobe: ruta, tiempoMaximoMs: 500, avisar: vi.fn() });
  }

  it('is stopped when it runs past the time limit', async () => {
    const lento = await falso('lento.sh', 'exec sleep 30');
    expect(await falla(lento.leerVideo(f.mp4))).toMatchObject({ codigo: 'tiempo', message: mensajes.medios.tiempoAgotado(1) });
  });

  it('is stopped when it prints more than a media file could need', async () => {
    const hablador = await falso('hablador.sh', 'exec head -c 50000000 /dev/zero');
    expect(await falla(hablador.leerVideo(f.mp4))).toMatchObject({ codigo: 'salida' });
  });
});
