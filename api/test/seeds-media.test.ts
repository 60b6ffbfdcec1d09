// The demo's media: with ffmpeg, clips and course photos a browser can show,
// each what it says it is; without it, the small shipped files, which stay small.
import { chmod, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firma } from '../src/media/firma.js';
import { createFfmpeg } from '../src/media/ffmpeg.js';
import { categorias } from '../../seeds/catalogo.js';
import { mediosDemo, type MediosDemo } from '../../seeds/media.js';
import { carpetaTemporal, type CarpetaTemporal } from './support/medios.js';

const medios = createFfmpeg({ ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' });

/** Every file is the type, extension and folder it is listed with, read from its bytes. */
async function cadaUnoEsLoQueDice(demo: MediosDemo) {
  for (const m of demo.medios) {
    expect(await firma(await readFile(m.ruta)), m.nombre).toEqual({ tipo: m.tipo, ext: m.ext, carpeta: m.carpeta });
    expect(m.nombre.endsWith(`.${m.ext}`)).toBe(true);
  }
}

describe('mediosDemo with ffmpeg', () => {
  let demo: MediosDemo;
  beforeAll(async () => {
    demo = await mediosDemo('ffmpeg');
  });
  afterAll(() => demo?.limpiar());

  it('makes short 640×360 clips and one 640×360 photo per categoría', async () => {
    expect(demo.origen).toBe('ffmpeg');
    const videos = demo.medios.filter((m) => m.carpeta === 'videos');
    const fotos = demo.medios.filter((m) => m.carpeta === 'photos');
    expect(videos.length).toBeGreaterThanOrEqual(3);
    expect(fotos.map((f) => f.titulo)).toEqual(categorias.map((c) => c.nombre));
    for (const v of videos) {
      const datos = await medios.readVideo(v.ruta, v.tipo);
      expect(datos).toMatchObject({ ancho: 640, alto: 360 });
      expect(datos.duracion).toBeGreaterThanOrEqual(3);
      expect(datos.duracion).toBeLessThanOrEqual(5);
    }
    for (const f of fotos) expect(await medios.readImagen(f.ruta, f.tipo)).toEqual({ ancho: 640, alto: 360 });
    await cadaUnoEsLoQueDice(demo);
  });

  it('gives each file its own name', () => {
    const nombres = demo.medios.map((m) => m.nombre);
    expect(new Set(nombres).size).toBe(nombres.length);
  });

  it('removes what it made when asked', async () => {
    await demo.limpiar();
    for (const m of demo.medios) await expect(stat(m.ruta)).rejects.toThrow();
  });
});

describe('mediosDemo without ffmpeg', () => {
  it('hands over the shipped clip and photos, and never removes them', async () => {
    const demo = await mediosDemo('/no/existe/ffmpeg');
    expect(demo.origen).toBe('incluidos');
    expect(demo.motivo).toContain('ENOENT');
    expect(demo.medios.filter((m) => m.carpeta === 'videos')).toHaveLength(1);
    expect(demo.medios.filter((m) => m.carpeta === 'photos')).toHaveLength(2);
    await cadaUnoEsLoQueDice(demo);
    await demo.limpiar();
    for (const m of demo.medios) expect((await stat(m.ruta)).isFile()).toBe(true);
  });

  it('keeps the shipped files small: the clip under 100 KB, all under 300 KB', async () => {
    const demo = await mediosDemo('/no/existe/ffmpeg');
    const tamanos = await Promise.all(demo.medios.map(async (m) => [m.carpeta, (await stat(m.ruta)).size] as const));
    expect(tamanos.find(([c]) => c === 'videos')![1]).toBeLessThan(100 * 1024);
    expect(tamanos.reduce((t, [, n]) => t + n, 0)).toBeLessThan(300 * 1024);
  });
});

describe('mediosDemo when drawtext cannot write titles', () => {
  let tmp: CarpetaTemporal;
  beforeAll(async () => {
    tmp = await carpetaTemporal();
  });
  afterAll(() => tmp?.borrar());

  it('still makes every clip and photo, without the title', async () => {
    // An ffmpeg that fails whenever it is asked to draw text, as one without fonts would.
    const sinTexto = join(tmp.dir, 'ffmpeg-sin-texto.sh');
    await writeFile(sinTexto, '#!/bin/sh\ncase "$*" in *drawtext*) echo "Cannot find a valid font" >&2; exit 1;; esac\nexec ffmpeg "$@"\n');
    await chmod(sinTexto, 0o755);
    const demo = await mediosDemo(sinTexto);
    try {
      expect(demo.origen).toBe('ffmpeg');
      expect(demo.medios.length).toBe(3 + categorias.length);
      await cadaUnoEsLoQueDice(demo);
    } finally {
      await demo.limpiar();
    }
  });
});
