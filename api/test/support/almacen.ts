// The storage a media test runs on: local (a temporary folder per app, support/db.ts) or, in
// the api-s3 project, a bucket of its own on the real S3 server TEST_S3_URL names.
import { randomBytes } from 'node:crypto';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DeleteBucketCommand, DeleteObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../src/config/index.js';
import { opcionesS3 } from '../../src/media/almacen.js';
import type { TestApp } from './app.js';

export interface AlmacenDePrueba {
  tipo: 'local' | 's3';
  /** Settings for createTestApp. */
  env: Record<string, string>;
  /** Keys or files of uploads not finished: empty once an upload is done or refused. */
  restos(t: TestApp): Promise<string[]>;
  existe(t: TestApp, ruta: string): Promise<boolean>;
  /** Removes the bucket (S3); the local folder goes with the app. */
  vaciar(t: TestApp | undefined): Promise<void>;
}

type S3Config = Extract<Config['storage'], { kind: 's3' }>;

const cliente = (config: S3Config) => new S3Client(opcionesS3(config));

async function claves(s3: S3Client, bucket: string): Promise<string[]> {
  const todas: string[] = [];
  let token: string | undefined;
  do {
    const r = await s3.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    todas.push(...(r.Contents ?? []).map((o) => o.Key!));
    token = r.IsTruncated ? r.NextContinuationToken : undefined;
  } while (token);
  return todas;
}

const esGuardado = (clave: string) => clave.startsWith('videos/') || clave.startsWith('photos/');

export function almacenDePrueba(): AlmacenDePrueba {
  if (process.env.TEST_STORAGE !== 's3') {
    return {
      tipo: 'local',
      env: {},
      restos: async (t) => readdir(join(t.config.storageDir, '.subidas')).catch(() => []),
      existe: async (t, ruta) => stat(join(t.config.storageDir, ruta)).then(() => true, () => false),
      vaciar: async () => undefined,
    };
  }
  const url = new URL(process.env.TEST_S3_URL ?? '');
  // A bucket per test file, so parallel runs never see each other's uploads.
  url.hostname = `aula-test-${randomBytes(4).toString('hex')}`;
  const s3 = (t: TestApp) => cliente(t.config.storage as S3Config);
  const bucket = (t: TestApp) => (t.config.storage as S3Config).bucket;
  return {
    tipo: 's3',
    env: {
      STORAGE_URL: url.toString(),
      S3_ACCESS_KEY_ID: process.env.S3_ACCESS_KEY_ID ?? 'test:tester',
      S3_SECRET_ACCESS_KEY: process.env.S3_SECRET_ACCESS_KEY ?? 'testing',
    },
    async restos(t) {
      return (await claves(s3(t), bucket(t))).filter((c) => !esGuardado(c));
    },
    async existe(t, ruta) {
      return s3(t).send(new HeadObjectCommand({ Bucket: bucket(t), Key: ruta.slice(1) })).then(() => true, () => false);
    },
    async vaciar(t) {
      if (!t) return;
      const todas = await claves(s3(t), bucket(t));
      for (const Key of todas) await s3(t).send(new DeleteObjectCommand({ Bucket: bucket(t), Key }));
      await s3(t).send(new DeleteBucketCommand({ Bucket: bucket(t) }));
    },
  };
}
