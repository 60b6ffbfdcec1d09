// Type from the first bytes: real files written by ffmpeg are told apart by
// content alone; anything else — a text, a PDF, a GIF, a Matroska video, audio in an mp4
// box, a video sent as a photo, an empty or cut header — is refused.
import { open } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BYTES_FIRMA, firma } from '../../src/media/firma.js';
import { carpetaTemporal, fotoDePrueba, videoDePrueba, type CarpetaTemporal } from '../support/medios.js';

let tmp: CarpetaTemporal;
const archivos: Record<string, string> = {};

beforeAll(async () => {
  tmp = await carpetaTemporal();
  const video = videoDePrueba(1, 160, 120);
  const h264 = [...video, '-pix_fmt', 'yuv420p'];
  const generados: [string, string[]][] = [
    ['clase.mp4', h264],
    ['clase-mp42.mp4', [...h264, '-brand', 'mp42']],
    ['clase.m4v', [...h264, '-f', 'ipod']],
    ['clase.mov', h264],
    ['clase.webm', [...video, '-c:v', 'libvpx']],
    ['clase.mkv', [...video, '-c:v', 'libvpx']],
    ['audio.m4a', ['-f', 'lavfi', '-i', 'sine=duration=1']],
    ['foto.jpg', fotoDePrueba()],
    ['foto.png', fotoDePrueba()],
    ['foto.webp', fotoDePrueba()],
    ['foto.gif', fotoDePrueba()],
  ];
  for (const [nombre, args] of generados) archivos[nombre] = await tmp.generar(nombre, args);
});
afterAll(() => tmp?.borrar());

/** The first bytes of a file, as the upload endpoint has them: at most BYTES_FIRMA. */
async function inicio(nombre: string): Promise<Buffer> {
  const f = await open(archivos[nombre]);
  try {
    const { buffer, bytesRead } = await f.read(Buffer.alloc(BYTES_FIRMA), 0, BYTES_FIRMA, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await f.close();
  }
}

/** An ISO-BMFF `ftyp` box with `marca` as major and compatible brand. */
const ftyp = (marca: string) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from(`ftyp${marca}`), Buffer.alloc(4), Buffer.from(`${marca}isom`), Buffer.alloc(32)]);

describe('firma', () => {
  it.each([
    ['clase.mp4', { tipo: 'video/mp4', ext: 'mp4', carpeta: 'videos' }],
    ['clase-mp42.mp4', { tipo: 'video/mp4', ext: 'mp4', carpeta: 'videos' }],
    ['clase.m4v', { tipo: 'video/mp4', ext: 'mp4', carpeta: 'videos' }],
    ['clase.mov', { tipo: 'video/quicktime', ext: 'mov', carpeta: 'videos' }],
    ['clase.webm', { tipo: 'video/webm', ext: 'webm', carpeta: 'videos' }],
    ['foto.jpg', { tipo: 'image/jpeg', ext: 'jpg', carpeta: 'photos' }],
    ['foto.png', { tipo: 'image/png', ext: 'png', carpeta: 'photos' }],
    ['foto.webp', { tipo: 'image/webp', ext: 'webp', carpeta: 'photos' }],
  ])('recognises %s from its content', async (nombre, esperado) => {
    expect(await firma(await inicio(nombre))).toEqual(esperado);
    expect(await firma(await inicio(nombre), esperado.carpeta as 'videos' | 'photos')).toEqual(esperado);
  });

  it.each(['isom', 'iso2', 'mp41', 'mp42', 'avc1', 'dash', 'M4V '])('takes the mp4 brand «%s» as video/mp4', async (marca) => {
    expect(await firma(ftyp(marca))).toEqual({ tipo: 'video/mp4', ext: 'mp4', carpeta: 'videos' });
  });

  it('takes an old QuickTime file that opens with its movie box rather than ftyp', async () => {
    const moov = Buffer.concat([Buffer.from([0, 0, 0, 0x6c]), Buffer.from('moov'), Buffer.from([0, 0, 0, 0x6c]), Buffer.from('mvhd'), Buffer.alloc(48)]);
    expect(await firma(moov)).toEqual({ tipo: 'video/quicktime', ext: 'mov', carpeta: 'videos' });
  });

  it('needs no more than the first 64 bytes of a video or photo', async () => {
    for (const nombre of ['clase.mp4', 'clase.mov', 'clase.webm', 'foto.jpg', 'foto.png', 'foto.webp']) {
      expect(await firma((await inicio(nombre)).subarray(0, 64)), nombre).not.toBeNull();
    }
  });

  it.each([
    ['a text file', Buffer.from('Hola, esto no es un vídeo.\n'.repeat(20))],
    ['a PDF', Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n', 'latin1')],
    ['an empty file', Buffer.alloc(0)],
    ['a QuickTime brand alone, cut before its box ends', Buffer.from([0, 0, 0, 0x14, 0x66, 0x74, 0x79, 0x70, 0x71])],
  ])('refuses %s', async (_, bytes) => {
    expect(await firma(bytes)).toBeNull();
  });

  it.each([
    ['a GIF', 'foto.gif'],
    ['a Matroska video (same codec as the webm)', 'clase.mkv'],
    ['audio in an mp4 box (m4a)', 'audio.m4a'],
  ])('refuses %s', async (_, nombre) => {
    expect(await firma(await inicio(nombre))).toBeNull();
  });

  it('refuses a header cut short', async () => {
    expect(await firma((await inicio('clase.mp4')).subarray(0, 10))).toBeNull();
    expect(await firma((await inicio('clase.webm')).subarray(0, 12))).toBeNull();
    expect(await firma((await inicio('foto.png')).subarray(0, 6))).toBeNull();
  });

  it('refuses a video sent as a photo and a photo sent as a video, whatever the name says', async () => {
    const mp4 = await inicio('clase.mp4');
    expect(await firma(mp4, 'photos')).toBeNull();
    expect(await firma(await inicio('foto.png'), 'videos')).toBeNull();
  });
});
