// Uploading through the API as a browser's tus client does (tus-js-client, in Node), and
// speaking raw tus when a test needs to send what no well-behaved client would.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import * as tus from 'tus-js-client';
import { almacenDePrueba, type AlmacenDePrueba } from './almacen.js';
import { createTestApp, type TestApp } from './app.js';
import { carpetaTemporal, fotoDePrueba, videoDePrueba } from './medios.js';

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export interface Subida {
  url: string;
  subida: string;
}

/** An app on this project's storage, listening, and two files to upload: a 3 s video and a photo. */
export interface PruebaSubidas {
  t: TestApp;
  base: string;
  almacen: AlmacenDePrueba;
  video: string;
  foto: string;
  /** Removes the app, its storage and the files. */
  cerrar(): Promise<void>;
}

export async function createPruebaSubidas(env: Record<string, string> = {}): Promise<PruebaSubidas> {
  const almacen = almacenDePrueba();
  const t = await createTestApp({ ...env, ...almacen.env });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const ficheros = await carpetaTemporal();
  const video = await ficheros.generar('clase.mp4', [...videoDePrueba(3), '-pix_fmt', 'yuv420p']);
  const foto = await ficheros.generar('portada.png', fotoDePrueba());
  const cerrar = async () => {
    await almacen.vaciar(t);
    await t.destroy();
    await ficheros.borrar();
  };
  return { t, base, almacen, video, foto, cerrar };
}

/** Base64 Upload-Metadata, as tus clients send it. */
export const metadatos = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** Uploads a file with tus-js-client to a listening app; `cortarEn` (0–1) aborts there once and resumes. */
export async function subir(
  base: string,
  cookie: string,
  fichero: string,
  meta: Record<string, string>,
  { cortarEn, chunkSize = 64 * 1024 }: { cortarEn?: number; chunkSize?: number } = {},
): Promise<Subida & { reanudadaDesde?: number }> {
  const datos = await readFile(fichero);
  let url: string | null = null;
  let reanudadaDesde: number | undefined;
  const intentar = (uploadUrl?: string) =>
    new Promise<void>((resolve, reject) => {
      const upload: tus.Upload = new tus.Upload(datos, {
        endpoint: `${base}/subidas`,
        uploadUrl,
        headers: { cookie },
        metadata: meta,
        chunkSize,
        retryDelays: [],
        storeFingerprintForResuming: false,
        onProgress(enviados, total) {
          if (cortarEn !== undefined && !uploadUrl && enviados / total >= cortarEn) {
            url = upload.url;
            upload.abort().then(resolve, reject);
          }
        },
        onError: reject,
        onSuccess: () => {
          url = upload.url;
          resolve();
        },
        onUploadUrlAvailable: () => {
          url = upload.url;
        },
      });
      upload.start();
    });
  await intentar();
  if (cortarEn !== undefined) {
    const head = await fetch(url!, { method: 'HEAD', headers: { cookie, 'tus-resumable': '1.0.0' } });
    reanudadaDesde = Number(head.headers.get('upload-offset'));
    await intentar(url!);
  }
  return { url: url!, subida: url!.split('/').pop()!, reanudadaDesde };
}

/** Waits until the archivo of an upload has been processed (listo or error). */
export async function procesada(t: TestApp, subida: string) {
  for (let i = 0; i < 200; i++) {
    const [archivo] = (await t.call('GET', `/archivos?filter=${encodeURIComponent(JSON.stringify({ where: { subida } }))}`)).body;
    if (archivo && archivo.estado !== 'subiendo' && archivo.estado !== 'procesando') return archivo;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`la subida ${subida} no terminó de procesarse`);
}
