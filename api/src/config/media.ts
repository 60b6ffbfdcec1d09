// Where uploaded files live: STORAGE_URL (an S3 bucket) and its keys, or the local folder.
import { ConfigError, type Env } from './leer.js';

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; bucket: string; endpoint?: string; region: string; forcePathStyle: boolean; accessKeyId: string; secretAccessKey: string };

export function parseStorage(env: Env, dir: string): StorageConfig {
  const raw = env.STORAGE_URL?.trim();
  if (!raw) return { kind: 'local', dir };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('STORAGE_URL', `no es una URL válida («${raw}»)`);
  }
  if (url.protocol !== 's3:' || !url.hostname) {
    throw new ConfigError('STORAGE_URL', `debe ser s3://<bucket>?endpoint=…&region=… (recibido «${raw}»)`);
  }
  const known = new Set(['endpoint', 'region', 'forcePathStyle']);
  for (const key of url.searchParams.keys()) {
    if (!known.has(key)) throw new ConfigError('STORAGE_URL', `tiene un parámetro desconocido «${key}» (admite endpoint, region y forcePathStyle)`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new ConfigError('STORAGE_URL', `tiene un endpoint que no es una URL http(s) («${endpoint}»)`);
  }
  const pathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (!['true', 'false'].includes(pathStyle)) throw new ConfigError('STORAGE_URL', `forcePathStyle debe ser true o false (recibido «${pathStyle}»)`);
  const accessKeyId = env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (!accessKeyId) throw new ConfigError('S3_ACCESS_KEY_ID', 'es necesaria cuando STORAGE_URL apunta a S3');
  if (!secretAccessKey) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'es necesaria cuando STORAGE_URL apunta a S3');
  return {
    kind: 's3',
    bucket: decodeURIComponent(url.hostname),
    endpoint,
    region: url.searchParams.get('region') ?? 'us-east-1',
    forcePathStyle: pathStyle === 'true',
    accessKeyId,
    secretAccessKey,
  };
}
