// `npm run bench -- [--scale N] [--db sqlite|pg|both] [--duration S] [--keep] [--pg URL] [--pg-db NAME] [--only exportacion|workers|apertura|busqueda|techo|include|verifactu|eventos|historial|emitir|correo|perfil] [--workers N] [--subida-mb N] [--s3 s3://…] [--registros-verifactu N] [--correos N]`
import { parseArgs } from 'node:util';
import type { Dialect } from './fill.js';

export interface Options {
  scale: number;
  dbs: Dialect[];
  /** Seconds per measurement (each scenario × concurrency × side). */
  duration: number;
  keep: boolean;
  /** The PostgreSQL server; the bench works in its own database on it (aula_bench unless --pg-db). */
  pgServer: string;
  pgDatabase: string;
  /** Only the whole-table export: minutes instead of the full run's, on a machine others share. */
  onlyExport: boolean;
  /** Only WORKERS=N against WORKERS=1 on the page of pagos. */
  onlyWorkers: boolean;
  /** The API processes compared with one (PostgreSQL only: SQLite's single writer is not the target). */
  workers: number;
  /** Only the opening of the pagos list (page alone against page + total). */
  onlyApertura: boolean;
  /** Only search-as-you-type on the pagos list (bench/busqueda.ts). */
  onlyBusqueda: boolean;
  /** Only the nested include that once multiplied rows: its time, the API's peak memory, a /ping meanwhile. */
  onlyInclude: boolean;
  /** Only the calls with a ceiling target (API, ceiling and driver side by side), and the /ping floor. */
  onlyTecho: boolean;
  /** Only the remission to the (local) AEAT: records built, validated and sent, per second, and the sender's memory. */
  onlyVerifactu: boolean;
  /** Only the live events: memory per idle stream and latency across two processes (PostgreSQL). */
  onlyEventos: boolean;
  /** Only a record's history with a million audit rows (bench/historial.ts), on its own scratch database. */
  onlyHistorial: boolean;
  /** Only issuing invoices (bench/emitir.ts): one call's statements and locks, and calls per second. */
  onlyEmitir: boolean;
  /** Only the outbox end to end (bench/correo.ts): issued invoices queued, then delivered to a local SMTP server. */
  onlyCorreo: boolean;
  /** Messages the outbox bench queues and delivers. */
  correos: number;
  /** Only the CPU profiles of the calls with a ceiling, the API's and the ceiling's (bench/perfil.ts). */
  onlyPerfil: boolean;
  /** Records the remission sends. */
  registrosVerifactu: number;
  /** Size of the upload measured (MiB); 0 leaves it out. */
  subidaMb: number;
  /** An S3 server to measure the upload on too (`s3://…?endpoint=…`, keys from S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY). */
  s3?: string;
}

export function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      scale: { type: 'string', default: '1000000' },
      db: { type: 'string', default: 'both' },
      duration: { type: 'string', default: '10' },
      keep: { type: 'boolean', default: false },
      pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
      'pg-db': { type: 'string', default: 'aula_bench' },
      only: { type: 'string' },
      workers: { type: 'string', default: '2' },
      'subida-mb': { type: 'string', default: '1024' },
      s3: { type: 'string', default: process.env.TEST_S3_URL },
      'registros-verifactu': { type: 'string', default: '10000' },
      correos: { type: 'string', default: '10000' },
    },
  });
  const scale = Number(values.scale);
  const duration = Number(values.duration);
  if (!Number.isInteger(scale) || scale < 1) throw new Error(`--scale debe ser un entero ≥ 1 (recibido «${values.scale}»)`);
  if (!(duration > 0)) throw new Error(`--duration debe ser un número de segundos > 0 (recibido «${values.duration}»)`);
  const dbs: Dialect[] | undefined = ({ sqlite: ['sqlite'], pg: ['pg'], both: ['sqlite', 'pg'] } as const)[values.db!]?.slice();
  if (!dbs) throw new Error(`--db debe ser sqlite, pg o both (recibido «${values.db}»)`);
  if (values.only !== undefined && !['exportacion', 'workers', 'apertura', 'busqueda', 'techo', 'include', 'verifactu', 'eventos', 'historial', 'emitir', 'correo', 'perfil'].includes(values.only)) {
    throw new Error(`--only solo admite exportacion, workers, apertura, busqueda, techo, include, verifactu, eventos, historial, emitir, correo o perfil (recibido «${values.only}»)`);
  }
  const registrosVerifactu = Number(values['registros-verifactu']);
  if (!Number.isInteger(registrosVerifactu) || registrosVerifactu < 1) throw new Error(`--registros-verifactu debe ser un entero ≥ 1 (recibido «${values['registros-verifactu']}»)`);
  const correos = Number(values.correos);
  if (!Number.isInteger(correos) || correos < 1) throw new Error(`--correos debe ser un entero ≥ 1 (recibido «${values.correos}»)`);
  const workers = Number(values.workers);
  if (!Number.isInteger(workers) || workers < 2) throw new Error(`--workers debe ser un entero ≥ 2 (recibido «${values.workers}»)`);
  if (!/^[a-z_][a-z0-9_]*$/.test(values['pg-db']!)) throw new Error(`--pg-db debe ser un nombre de base de datos en minúsculas (recibido «${values['pg-db']}»)`);
  const subidaMb = Number(values['subida-mb']);
  if (!Number.isInteger(subidaMb) || subidaMb < 0) throw new Error(`--subida-mb debe ser un entero ≥ 0 (recibido «${values['subida-mb']}»)`);
  return { scale, dbs, duration, keep: values.keep!, pgServer: values.pg!, pgDatabase: values['pg-db']!, onlyExport: values.only === 'exportacion', onlyWorkers: values.only === 'workers', onlyApertura: values.only === 'apertura', onlyBusqueda: values.only === 'busqueda', onlyTecho: values.only === 'techo', onlyInclude: values.only === 'include', onlyVerifactu: values.only === 'verifactu', onlyEventos: values.only === 'eventos', onlyHistorial: values.only === 'historial', onlyEmitir: values.only === 'emitir', onlyCorreo: values.only === 'correo', correos, onlyPerfil: values.only === 'perfil', registrosVerifactu, workers, subidaMb, s3: values.s3 || undefined };
}
