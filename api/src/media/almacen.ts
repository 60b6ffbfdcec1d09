// Where files live (docs/arquitectura.md §7): a local folder or an S3 bucket, behind one small interface the
// uploads, the processing and the serving share. Keys are always the server's own
// (`videos/<subida>.mp4`), never a path a client sent.
import { createHash, randomBytes } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, mkdtemp, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { ERRORS, type DataStore } from '@tus/utils';
import { ConfigError, type StorageConfig } from '../config/index.js';
import { averiaDeDisco } from '../base/errors.js';

/** The folders a stored file may be in: an upload's final place is `<carpeta>/<nombre>`. */
const CARPETAS_GUARDADAS = ['videos', 'photos'];

/**
 * An upload id as tus makes them (hex). Only these are listed as uploads: a bucket shared with
 * something else may hold other keys at its root, which are none of ours to remove.
 */
const ID_SUBIDA = /^[0-9a-f]{16,64}$/;

/** A stored file as a local path ffprobe and ffmpeg can read; `release` removes a temporary copy. */
export interface CopiaLocal {
  fichero: string;
  release(): Promise<void>;
}

export interface Almacen {
  readonly tipo: 'local' | 's3';
  /** tus's own store for uploads in progress. */
  readonly subidas: DataStore;
  /** The first `n` bytes of a finished upload (fewer if it is shorter). */
  inicioDeSubida(subida: string, n: number): Promise<Buffer>;
  /** Removes an upload, finished or not, with everything tus kept of it. */
  discardSubida(subida: string): Promise<void>;
  /** Moves a finished upload to its final key and forgets the upload. */
  place(subida: string, clave: string, tipo: string): Promise<void>;
  /** Stores a local file (a thumbnail, a demo file) at `clave`: whole or not at all. */
  save(clave: string, fichero: string, tipo: string): Promise<void>;
  delete(clave: string): Promise<void>;
  existe(clave: string): Promise<boolean>;
  /** Every stored key under videos/ and photos/. */
  list(): AsyncIterable<string>;
  /**
   * The file as a local path: the stored file itself, or (S3) a temporary copy. ffprobe and
   * ffmpeg are never handed a URL: what they read is exactly the bytes that were uploaded.
   */
  enLocal(clave: string): Promise<CopiaLocal>;
  /** Ids of the uploads storage holds that were never placed: in progress, or finished and left. */
  listSubidas(): AsyncIterable<string>;
  /** Throws when storage cannot be written (for /health): a folder gone read-only, a bucket unreachable. */
  checkEscritura(): Promise<void>;
  /** A short-lived URL a browser may fetch the file from (S3), or undefined (local: the API serves it). */
  enlaceTemporal(clave: string, segundos: number): Promise<string | undefined>;
  /** Removes uploads abandoned longer than the expiry, parts included; how many went. */
  sweepCaducadas(): Promise<number>;
}

// ---- local folder ------------------------------------------------------------------------

/**
 * tus's FileStore, except that a write that fails because the disk is full or read-only says
 * so: tus's own answers every failure as its generic 500, and a full disk is an outage the
 * administrator should be told about (507), not a bug. Otherwise the same write as tus's.
 */
class FileStoreConAverias extends FileStore {
  override async write(readable: Readable, subida: string, offset: number): Promise<number> {
    let recibidos = 0;
    const contar = new Transform({
      transform(trozo: Buffer, _codificacion, hecho) {
        recibidos += trozo.length;
        hecho(null, trozo);
      },
    });
    try {
      await pipeline(readable, contar, createWriteStream(join(this.directory, subida), { flags: 'r+', start: offset }));
    } catch (err) {
      if (averiaDeDisco(err as never)) throw err;
      throw ERRORS.FILE_WRITE_ERROR;
    }
    return offset + recibidos;
  }
}

class AlmacenLocal implements Almacen {
  readonly tipo = 'local' as const;
  readonly subidas: FileStoreConAverias;
  private readonly carpetaSubidas: string;

  constructor(
    private readonly raiz: string,
    expiracionMs: number,
  ) {
    // Dot-named, beside videos/ and photos/, so the static server never reaches a partial upload.
    this.carpetaSubidas = join(raiz, '.subidas');
    this.subidas = new FileStoreConAverias({ directory: this.carpetaSubidas, expirationPeriodInMilliseconds: expiracionMs });
  }

  /** A key as a path inside the root; anything that would leave it is refused. */
  private ruta(clave: string): string {
    const ruta = join(this.raiz, clave);
    const rel = relative(this.raiz, ruta);
    if (!rel || rel.startsWith('..') || rel.split(sep)[0] === '.subidas') throw new Error(`clave fuera del almacén: ${clave}`);
    return ruta;
  }

  async inicioDeSubida(subida: string, n: number): Promise<Buffer> {
    return readInicio(join(this.carpetaSubidas, subida), n);
  }

  async discardSubida(subida: string): Promise<void> {
    await rm(join(this.carpetaSubidas, subida), { force: true });
    // An upload left without its metadata (a stop at the wrong moment) still goes.
    await this.subidas.configstore.delete(subida).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async place(subida: string, clave: string): Promise<void> {
    const destino = this.ruta(clave);
    await mkdir(dirname(destino), { recursive: true });
    await rename(join(this.carpetaSubidas, subida), destino);
    await this.subidas.configstore.delete(subida);
  }

  async save(clave: string, fichero: string): Promise<void> {
    const destino = this.ruta(clave);
    await mkdir(dirname(destino), { recursive: true });
    // Written aside and renamed: a full disk or a stop mid-copy leaves no truncated file at its
    // name (the aside one, dot-named, is never served and is removed here).
    const aparte = join(dirname(destino), `.${basename(destino)}.${randomBytes(4).toString('hex')}.parcial`);
    try {
      await pipeline(createReadStream(fichero), createWriteStream(aparte));
      await rename(aparte, destino);
    } finally {
      await rm(aparte, { force: true });
    }
  }

  async delete(clave: string): Promise<void> {
    await rm(this.ruta(clave), { force: true });
  }

  async existe(clave: string): Promise<boolean> {
    return stat(this.ruta(clave)).then((s) => s.isFile(), () => false);
  }

  async *list(): AsyncIterable<string> {
    for (const carpeta of CARPETAS_GUARDADAS) {
      const entradas = await readdir(join(this.raiz, carpeta), { recursive: true, withFileTypes: true }).catch(() => []);
      for (const e of entradas) {
        if (e.isFile()) yield relative(this.raiz, join(e.parentPath, e.name)).split(sep).join('/');
      }
    }
  }

  async enLocal(clave: string): Promise<CopiaLocal> {
    return { fichero: this.ruta(clave), release: async () => undefined };
  }

  async *listSubidas(): AsyncIterable<string> {
    const nombres = await readdir(this.carpetaSubidas).catch(() => [] as string[]);
    // tus's FileStore keeps `<id>` (the bytes) and `<id>.json` (its metadata).
    for (const id of new Set(nombres.map((n) => n.replace(/\.json$/, '')))) if (ID_SUBIDA.test(id)) yield id;
  }

  async checkEscritura(): Promise<void> {
    await access(this.carpetaSubidas, constants.W_OK);
  }

  async enlaceTemporal(): Promise<undefined> {
    return undefined;
  }

  async sweepCaducadas(): Promise<number> {
    return this.subidas.deleteExpired();
  }
}

async function readInicio(fichero: string, n: number): Promise<Buffer> {
  const handle = await open(fichero, 'r');
  try {
    const buffer = Buffer.alloc(n);
    const { bytesRead } = await handle.read(buffer, 0, n, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

// ---- S3 bucket ---------------------------------------------------------------------------

/**
 * S3-compatible stores (Swift's s3api, older MinIO) refuse a batch delete without Content-MD5,
 * which the SDK stopped sending; tus's S3 store deletes in batches (terminating and expiring
 * uploads). This adds the header to those requests, on our client and on tus's.
 */
function md5EnBorradosEnLote(cliente: Pick<S3Client, 'middlewareStack'>) {
  cliente.middlewareStack.add(
    (next, context) => async (args) => {
      const request = args.request as { headers?: Record<string, string>; body?: unknown };
      if (context.commandName === 'DeleteObjectsCommand' && request.headers && (typeof request.body === 'string' || request.body instanceof Uint8Array)) {
        request.headers['content-md5'] = createHash('md5').update(request.body).digest('base64');
      }
      return next(args);
    },
    { step: 'build', name: 'aulaMd5EnBorradosEnLote' },
  );
}

type S3Config = Extract<StorageConfig, { kind: 's3' }>;

/** The SDK's client settings for a configured bucket: ours, tus's, the tests' and the bench's. */
export function opcionesS3(config: S3Config) {
  return {
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: S3-compatible stores (Swift, older MinIO)
    // refuse the SDK's default aws-chunked checksummed uploads.
    requestChecksumCalculation: 'WHEN_REQUIRED' as const,
    responseChecksumValidation: 'WHEN_REQUIRED' as const,
  };
}

class AlmacenS3 implements Almacen {
  readonly tipo = 's3' as const;
  readonly subidas: S3Store;
  readonly cliente: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config, expiracionMs: number) {
    const clientConfig = opcionesS3(config);
    this.bucket = config.bucket;
    this.cliente = new S3Client(clientConfig);
    this.subidas = new S3Store({
      s3ClientConfig: { ...clientConfig, bucket: config.bucket },
      expirationPeriodInMilliseconds: expiracionMs,
      // Expiry by listing multipart uploads, not by object tags, which not every S3 store has.
      useTags: false,
    });
    md5EnBorradosEnLote(this.cliente);
    // tus's own client: a protected field of its store, the one way to reach its requests.
    md5EnBorradosEnLote((this.subidas as unknown as { client: S3Client }).client);
  }

  async check(crearSiFalta: boolean): Promise<void> {
    try {
      await this.cliente.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      if (!crearSiFalta) throw err;
      await this.cliente.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }

  async inicioDeSubida(subida: string, n: number): Promise<Buffer> {
    return this.rango(subida, n);
  }

  private async rango(clave: string, n: number): Promise<Buffer> {
    const r = await this.cliente.send(new GetObjectCommand({ Bucket: this.bucket, Key: clave, Range: `bytes=0-${n - 1}` }));
    return Buffer.from(await r.Body!.transformToByteArray());
  }

  async discardSubida(subida: string): Promise<void> {
    // tus aborts the multipart upload of an unfinished one; a finished one is a plain object.
    await this.subidas.remove(subida).catch(() => undefined);
    for (const clave of [subida, `${subida}.info`, `${subida}.part`]) await this.delete(clave);
  }

  async place(subida: string, clave: string, tipo: string): Promise<void> {
    // A server-side copy: the bytes never come back through the API.
    await this.cliente.send(
      new CopyObjectCommand({ Bucket: this.bucket, Key: clave, CopySource: `${this.bucket}/${subida}`, ContentType: tipo, MetadataDirective: 'REPLACE' }),
    );
    await this.delete(subida);
    await this.delete(`${subida}.info`);
  }

  async save(clave: string, fichero: string, tipo: string): Promise<void> {
    const { size } = await stat(fichero);
    await this.cliente.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: clave, Body: createReadStream(fichero), ContentLength: size, ContentType: tipo }),
    );
  }

  async delete(clave: string): Promise<void> {
    await this.cliente.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: clave }));
  }

  async existe(clave: string): Promise<boolean> {
    return this.cliente.send(new HeadObjectCommand({ Bucket: this.bucket, Key: clave })).then(
      () => true,
      () => false,
    );
  }

  async *list(): AsyncIterable<string> {
    for (const carpeta of CARPETAS_GUARDADAS) {
      let token: string | undefined;
      do {
        const r = await this.cliente.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${carpeta}/`, ContinuationToken: token }));
        for (const o of r.Contents ?? []) if (o.Key) yield o.Key;
        token = r.IsTruncated ? r.NextContinuationToken : undefined;
      } while (token);
    }
  }

  /**
   * A copy in the machine's temporary folder (TMPDIR), which must hold the largest file being
   * processed. Handing ffmpeg a presigned URL instead would let it open other http addresses.
   */
  async enLocal(clave: string): Promise<CopiaLocal> {
    const carpeta = await mkdtemp(join(tmpdir(), 'aula-copia-'));
    const release = () => rm(carpeta, { recursive: true, force: true });
    try {
      const fichero = join(carpeta, basename(clave));
      const r = await this.cliente.send(new GetObjectCommand({ Bucket: this.bucket, Key: clave }));
      await pipeline(r.Body as Readable, createWriteStream(fichero));
      return { fichero, release };
    } catch (err) {
      await release();
      throw err;
    }
  }

  async *listSubidas(): AsyncIterable<string> {
    const ids = new Set<string>();
    // Finished ones are plain objects (`<id>`, `<id>.info`, maybe `<id>.part`) outside videos/ and photos/.
    let token: string | undefined;
    do {
      const r = await this.cliente.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const o of r.Contents ?? []) {
        if (!o.Key || CARPETAS_GUARDADAS.some((c) => o.Key!.startsWith(`${c}/`))) continue;
        ids.add(o.Key.replace(/\.(info|part)$/, ''));
      }
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
    // Unfinished ones are multipart uploads under their id.
    let marcador: { KeyMarker?: string; UploadIdMarker?: string } = {};
    for (;;) {
      const r = await this.cliente.send(new ListMultipartUploadsCommand({ Bucket: this.bucket, ...marcador }));
      for (const u of r.Uploads ?? []) if (u.Key && !CARPETAS_GUARDADAS.some((c) => u.Key!.startsWith(`${c}/`))) ids.add(u.Key);
      if (!r.IsTruncated) break;
      marcador = { KeyMarker: r.NextKeyMarker, UploadIdMarker: r.NextUploadIdMarker };
    }
    for (const id of ids) if (ID_SUBIDA.test(id)) yield id;
  }

  async checkEscritura(): Promise<void> {
    await this.cliente.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(2000) });
  }

  async enlaceTemporal(clave: string, segundos: number): Promise<string> {
    return getSignedUrl(this.cliente, new GetObjectCommand({ Bucket: this.bucket, Key: clave }), { expiresIn: segundos });
  }

  async sweepCaducadas(): Promise<number> {
    return this.subidas.deleteExpired();
  }
}

/**
 * The store the configuration names. An S3 bucket is checked before the API listens, so a
 * wrong endpoint, key or bucket stops start-up instead of failing the first upload;
 * `crearBucket` (tests, development) creates it when missing.
 */
export async function createAlmacen(config: StorageConfig, expiracionHoras: number, { crearBucket = false } = {}): Promise<Almacen> {
  const ms = expiracionHoras * 3600_000;
  if (config.kind === 'local') {
    await mkdir(join(config.dir, '.subidas'), { recursive: true });
    return new AlmacenLocal(config.dir, ms);
  }
  const almacen = new AlmacenS3(config, ms);
  try {
    await almacen.check(crearBucket);
  } catch (err) {
    const donde = config.endpoint ? ` en ${config.endpoint}` : '';
    throw new ConfigError('STORAGE_URL', `no permite usar el bucket «${config.bucket}»${donde}: ${(err as Error).name} ${(err as Error).message}`.trim());
  }
  return almacen;
}
