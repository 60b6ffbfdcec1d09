// Uploading a large video through the API (tus, as the admin does) against writing the same
// bytes straight to disk, and to S3 with the SDK: throughput, the API process's peak memory, and
// how long the processing after the upload (move, sha256, ffprobe) takes.
import { createReadStream, createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import * as tus from 'tus-js-client';
import { loadConfig } from '../api/src/config/index.js';
import { opcionesS3 } from '../api/src/media/almacen.js';
import { login, startServer } from './api.js';
import { memoryMb } from './login.js';

export interface SubidaMedida {
  almacen: 'local' | 's3';
  mb: number;
  /** MB/s through the API, and straight to the same store. */
  apiMbs: number;
  directoMbs: number;
  /** API process memory (MB): before, and the most it held during the upload (sampled every 20 ms). */
  rssAntesMb: number;
  rssPicoMb: number;
  /** From the last byte's answer until the archivo is listo (s). */
  procesadoS: number;
}

const CHUNK = Number(process.env.BENCH_CHUNK_MB ?? 64) * 1024 * 1024;

/** A file of `mb` MiB that starts as a real mp4 (so it passes the type check) and goes on with noise. */
async function ficheroGrande(dir: string, mb: number): Promise<string> {
  const ruta = join(dir, 'grande.mp4');
  const cabecera = readFileSync(new URL('../seeds/media/clase-demo.mp4', import.meta.url));
  const ruido = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < ruido.length; i++) ruido[i] = (i * 2654435761) >>> 24;
  const salida = createWriteStream(ruta);
  salida.write(cabecera);
  for (let escrito = cabecera.length; escrito < mb * 1024 * 1024; escrito += ruido.length) {
    const trozo = ruido.subarray(0, Math.min(ruido.length, mb * 1024 * 1024 - escrito));
    if (!salida.write(trozo)) await new Promise<void>((r) => salida.once('drain', () => r()));
  }
  await new Promise<void>((r) => salida.end(() => r()));
  return ruta;
}

function uploadTus(origin: string, cookie: string, fichero: string, tamano: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(createReadStream(fichero), {
      endpoint: `${origin}/subidas`,
      headers: { cookie },
      metadata: { carpeta: 'videos', filename: 'grande.mp4', filetype: 'video/mp4' },
      uploadSize: tamano,
      chunkSize: CHUNK,
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
    });
    upload.start();
  });
}

async function waitListo(origin: string, cookie: string, subida: string): Promise<string> {
  const filtro = encodeURIComponent(JSON.stringify({ where: { subida } }));
  for (;;) {
    const [archivo] = await (await fetch(`${origin}/archivos?filter=${filtro}`, { headers: { cookie } })).json();
    if (archivo.estado === 'listo' || archivo.estado === 'error') return archivo.estado;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export interface S3Destino {
  url: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export async function measureSubida(databaseUrl: string, mb: number, s3?: S3Destino): Promise<SubidaMedida> {
  const dir = await mkdtemp(join(tmpdir(), 'aula-bench-subida-'));
  const bucket = `aula-bench-${process.pid}`;
  const cliente = s3 ? clienteS3(s3) : undefined;
  try {
    const fichero = await ficheroGrande(dir, mb);
    const { size } = await stat(fichero);
    // The store itself, without the API: a copy on the same disk, or one PUT with the SDK.
    let t0 = performance.now();
    if (cliente) {
      await cliente.send(new CreateBucketCommand({ Bucket: `${bucket}-directo` }));
      await cliente.send(new PutObjectCommand({ Bucket: `${bucket}-directo`, Key: 'grande.mp4', Body: createReadStream(fichero), ContentLength: size }));
      await cliente.send(new DeleteObjectCommand({ Bucket: `${bucket}-directo`, Key: 'grande.mp4' }));
      await cliente.send(new DeleteBucketCommand({ Bucket: `${bucket}-directo` }));
    } else {
      await pipeline(createReadStream(fichero), createWriteStream(join(dir, 'copia.mp4')));
      await rm(join(dir, 'copia.mp4'));
    }
    const directoS = (performance.now() - t0) / 1000;

    const almacen: Record<string, string> = s3 ? { STORAGE_URL: s3.url.replace(/s3:\/\/[^?]+/, `s3://${bucket}`), S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey } : { STORAGE_DIR: join(dir, 'almacen') };
    const server = await startServer('./server.ts', { DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', MAX_VIDEO_MB: String(mb + 1), ...almacen });
    try {
      const { cookie } = await login(server.origin);
      const antes = memoryMb(server.pid);
      // Sampled during the upload: the process's lifetime peak (VmHWM) is the login's scrypt.
      let pico = antes.rss;
      const muestreo = setInterval(() => (pico = Math.max(pico, memoryMb(server.pid).rss)), 20);
      t0 = performance.now();
      const subida = await uploadTus(server.origin, cookie!, fichero, size).finally(() => clearInterval(muestreo));
      const apiS = (performance.now() - t0) / 1000;
      t0 = performance.now();
      await waitListo(server.origin, cookie!, subida);
      return {
        almacen: s3 ? 's3' : 'local', mb, apiMbs: mb / apiS, directoMbs: mb / directoS,
        rssAntesMb: antes.rss, rssPicoMb: pico, procesadoS: (performance.now() - t0) / 1000,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The same client settings the API uses, from the same STORAGE_URL parsing. */
function clienteS3(s3: S3Destino) {
  const storage = loadConfig({ STORAGE_URL: s3.url, S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey }).storage;
  return new S3Client(opcionesS3(storage as Extract<typeof storage, { kind: 's3' }>));
}

export const describeSubida = (m: SubidaMedida) =>
  `subida de ${m.mb} MB (${m.almacen}): API ${m.apiMbs.toFixed(0)} MB/s, directo ${m.directoMbs.toFixed(0)} MB/s ` +
  `(${((100 * m.apiMbs) / m.directoMbs).toFixed(0)} %); RSS de la API ${m.rssAntesMb.toFixed(0)} → pico ${m.rssPicoMb.toFixed(0)} MB; ` +
  `procesado tras la subida ${m.procesadoS.toFixed(1)} s`;
