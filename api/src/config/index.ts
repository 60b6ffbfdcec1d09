// Every setting of the application is read and validated here, once (docs/arquitectura.md §8).
// Anything else receives a typed Config and never touches process.env itself. What only a
// module above knows how to judge (a NIF, a serie, a password, a certificate) is judged by that
// module at start-up (configuracion.ts): this folder reads and types, and imports nothing above it.
// This file is the typed object and loadConfig, which reads the process-wide settings (ports,
// origins, proxies, time zone, limits) and takes each area from its file: db.ts, media.ts,
// auth.ts, facturacion.ts, verifactu.ts, with the readers they share in leer.ts.
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Rol } from '../../../contrato/roles.js';
import type { ModoVerifactu } from '../../../contrato/verifactu.js';
import { parseMfaRoles } from './auth.js';
import { parseDatabase, type DatabaseConfig, type Dialect } from './db.js';
import { parseEmisor, parseSeries, type EmisorConfig, type SeriesConfig } from './facturacion.js';
import { booleano, ConfigError, int, programa, type Env } from './leer.js';
import { parseStorage, type StorageConfig } from './media.js';
import { parseVerifactu, type Certificado, type VerifactuConfig } from './verifactu.js';
import { parsePasarelas, type PasarelasConfig } from './pasarelas.js';
import { parseCorreo, type CorreoConfig } from './correo.js';

export { ConfigError };
export type { Certificado, CorreoConfig, Dialect, StorageConfig, VerifactuConfig };

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  adminPort: number;
  database: DatabaseConfig;
  corsOrigins: string[];
  apiUrl?: string;
  productName: string;
  storageDir: string;
  /** Where uploaded files live: the local `storageDir`, or an S3 bucket (docs/arquitectura.md §7). */
  storage: StorageConfig;
  media: {
    maxVideoMb: number;
    maxPhotoMb: number;
    uploadExpiryHours: number;
    /** Uploads one administrator may have in progress at once. */
    maxSubidasPorAdministrador: number;
    /** Bytes all archivos together may take, uploads in progress included; 0: no quota. */
    cuotaBytes: number;
  };
  /** The ffmpeg and ffprobe programs: names looked up on PATH, or paths. */
  ffmpeg: { ffmpeg: string; ffprobe: string };
  maxLimit: number;
  /**
   * What one read may cost: rows in its answer, includes and their repetitions
   * counted, and milliseconds of queries. Past either, a 4xx instead of a process taken.
   */
  lectura: { maxFilas: number; maxMs: number };
  /** Where `Prefer: count=estimated` stops counting at no cost (docs/arquitectura.md §12). Default per dialect. */
  countCap: number;
  /**
   * Milliseconds `Prefer: count=estimated` may go on counting past the cap to give an exact total
   * (rest/recuento.ts); past them, an estimate or «more than». 0: never past the cap.
   */
  countBudgetMs: number;
  /** Milliseconds a count that ran out of budget, or came near it, is answered from memory. 0: never. */
  countMemoryMs: number;
  session: { idleMinutes: number; absoluteHours: number; secureCookie: boolean };
  /**
   * The roles whose accounts must enrol in the second factor (MFA_ROLES, comma-separated; «ninguno»
   * for none): such an account can do nothing but enrol until it has. Production: administrador;
   * elsewhere none, so the demo opens at once.
   */
  mfaRoles: Rol[];
  /**
   * Guesses allowed within the window: passwords per (usuario, ip) and per ip; second-factor
   * codes, counted apart, per (account, ip) and per ip with the same numbers, and per account
   * from any address (`maxCodigosPorCuenta`), so parallel addresses do not multiply the tries.
   */
  loginThrottle: { windowMinutes: number; maxPerUsuario: number; maxPerIp: number; maxCodigosPorCuenta: number };
  scrypt: { N: number; r: number; p: number };
  admin: { usuario?: string; password?: string };
  logLevel: string;
  timeZone: string;
  /** Who issues the invoices (docs/arquitectura.md §11): real data in production, a fictitious business elsewhere. */
  emisor: EmisorConfig;
  /** The invoice series: ordinary invoices and rectificativas, numbered apart. */
  series: SeriesConfig;
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. Never a blanket `true`. */
  trustProxy: false | number | string[];
  /** API processes (node:cluster, docs/arquitectura.md §12): 1 runs the API in this process, more fork workers. */
  workers: number;
  /**
   * Whether this process runs the machine's background work (the job runner, the VeriFactu
   * sender). Always true for a lone process; in a cluster the primary sets
   * AULA_TAREAS_DE_FONDO=0 on every worker but one (api/src/cluster.ts).
   */
  tareasDeFondo: boolean;
  /**
   * HISTORIAL_DIAS: how many days a record's history keeps what each write changed (logs.cambios);
   * null, the default, keeps it forever. Older audit rows stay, without their values (§17).
   */
  historialDias: number | null;
  /** The job runner (docs/arquitectura.md §19). */
  trabajos: {
    /**
     * TRABAJOS_ARRIENDO_S: how long a running job's lease lasts unrenewed, so how soon another
     * process takes up the job of one that died (in ms).
     */
    arriendoMs: number;
    /** TRABAJOS_FALLIDOS_DIAS: how many days a failed job is kept for «Reintentar» before it is cleared. */
    fallidosDias: number;
  };
  /** The remission of the invoice records to the AEAT (api/src/verifactu). */
  verifactu: VerifactuConfig;
  /** The payment gateways' notifications (api/src/pasarelas). */
  pasarelas: PasarelasConfig;
  /**
   * Enrolments (docs/arquitectura.md §22). REVOCAR_AL_REEMBOLSAR (default on): a pago refunded
   * whole revokes the matrícula it granted; a partial refund never does.
   */
  matriculas: { revocarAlReembolsar: boolean };
  /** Email: the outbox's SMTP server, sender and pace (docs/arquitectura.md §25). */
  correo: CorreoConfig;
  /**
   * GET /eventos in one process (docs/arquitectura.md §18): streams one account may hold across its
   * sessions, streams in all, and the bytes a stream may have waiting for a reader that does not
   * read before it is dropped (its browser reconnects and replays what it missed).
   */
  eventos: { maxPorCuenta: number; maxFlujos: number; maxPendienteBytes: number };
  /**
   * The activity log as requests fill it: the entries one account may write itself (POST /logs)
   * per window, and the window in which one account's refusals on one route are one PROHIBIDO
   * row whose count rises.
   */
  actividad: { ventanaMinutos: number; maxPorCuenta: number };
  /** Requests an API token may make per minute, per process (TOKEN_MAX_POR_MINUTO): then 429. */
  tokenMaxPorMinuto: number;
}

export type { ModoVerifactu };

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (!['development', 'production', 'test'].includes(nodeEnv)) {
    throw new ConfigError('NODE_ENV', `debe ser development, production o test (recibido «${nodeEnv}»)`);
  }
  const production = nodeEnv === 'production';
  const port = int(env, 'PORT', production ? 7791 : 3000, 0, 65535);
  const adminPort = int(env, 'ADMIN_PORT', 8080, 0, 65535);
  const corsOrigins = (env.CORS_ORIGINS ?? `http://localhost:${adminPort},http://127.0.0.1:${adminPort}`)
    .split(',')
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/]+$/.test(origin)) throw new ConfigError('CORS_ORIGINS', `contiene un origen no válido («${origin}»)`);
  }
  if (env.API_URL && !/^https?:\/\//.test(env.API_URL)) {
    throw new ConfigError('API_URL', `debe ser una URL http(s) (recibido «${env.API_URL}»)`);
  }
  const timeZone = env.TIME_ZONE ?? 'Europe/Madrid';
  try {
    new Intl.DateTimeFormat('es-ES', { timeZone });
  } catch {
    throw new ConfigError('TIME_ZONE', `no es una zona horaria conocida («${timeZone}»)`);
  }
  const logLevel = env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `no es un nivel de log válido («${logLevel}»)`);
  }
  // Trusting X-Forwarded-For from anyone would let a client pick its own IP and dodge the
  // login throttle; only a known number of hops or known proxy addresses are trusted.
  const rawProxy = env.TRUST_PROXY?.trim() ?? '';
  let trustProxy: Config['trustProxy'] = false;
  if (/^\d+$/.test(rawProxy)) trustProxy = Number(rawProxy);
  else if (rawProxy && rawProxy !== 'false') {
    trustProxy = rawProxy.split(',').map((a) => a.trim()).filter(Boolean);
    if (trustProxy.some((a) => !/^[0-9a-fA-F.:/]+$/.test(a))) {
      throw new ConfigError('TRUST_PROXY', `debe ser un número de saltos o una lista de direcciones IP/CIDR (recibido «${rawProxy}»)`);
    }
  }
  const storageDir = resolve(cwd, env.STORAGE_DIR ?? 'data/storage');
  const database = parseDatabase(env.DATABASE_URL, cwd);
  // Production uses every core; development keeps one process, so a debugger or a reload sees it all.
  const workers = int(env, 'WORKERS', production ? availableParallelism() : 1, 1, 256);
  // Several processes share a SQLite file through WAL and busy_timeout; a database in memory
  // would be a different, empty database in each of them.
  if (workers > 1 && database.filename === ':memory:') {
    throw new ConfigError('WORKERS', `debe ser 1 con una base SQLite en memoria (recibido ${workers}): cada proceso tendría su propia base vacía`);
  }
  // Outside production the demo account admin/admin is seeded: only this machine may reach it.
  // Production listens on every interface for the proxy in front of it.
  const host = env.HOST?.trim() || (production ? '0.0.0.0' : '127.0.0.1');
  return {
    env: nodeEnv as Config['env'],
    port,
    host,
    adminPort,
    database,
    corsOrigins,
    apiUrl: env.API_URL?.replace(/\/$/, ''),
    productName: env.PRODUCT_NAME ?? 'Aula',
    storageDir,
    storage: parseStorage(env, storageDir),
    media: {
      maxVideoMb: int(env, 'MAX_VIDEO_MB', 4096, 1, 1024 * 1024),
      maxPhotoMb: int(env, 'MAX_PHOTO_MB', 20, 1, 1024 * 1024),
      uploadExpiryHours: int(env, 'UPLOAD_EXPIRY_HOURS', 24, 1),
      maxSubidasPorAdministrador: int(env, 'MAX_SUBIDAS_POR_ADMINISTRADOR', 5, 1, 1000),
      cuotaBytes: int(env, 'CUOTA_ALMACEN_MB', 0, 0) * 1024 * 1024,
    },
    ffmpeg: { ffmpeg: programa(env, 'FFMPEG_PATH', 'ffmpeg', cwd), ffprobe: programa(env, 'FFPROBE_PATH', 'ffprobe', cwd) },
    maxLimit: int(env, 'MAX_LIMIT', 1000, 1),
    // 50 000: a full page (MAX_LIMIT 1000) with some fifty included rows each, an answer one
    // process still serialises without stalling the others; the admin itself never includes.
    lectura: { maxFilas: int(env, 'MAX_FILAS_PETICION', 50_000, 1), maxMs: int(env, 'TIEMPO_MAX_CONSULTA_MS', 30_000, 1) },
    // SQLite counts up to the cap on every open of a big list (it has no estimate to give
    // instead), and 10 000 index entries there cost more than the page itself; PostgreSQL counts
    // only when its planner expects no more than the cap.
    countCap: int(env, 'COUNT_CAP', database.dialect === 'pg' ? 10000 : 1000, 1, 1_000_000_000),
    // 50 ms: a total the administrator sees at once with the page, and a list of 4 000 pagos (the
    // demo's) counted exactly several times over.
    countBudgetMs: int(env, 'COUNT_BUDGET_MS', 50, 0, 60_000),
    countMemoryMs: int(env, 'COUNT_MEMORY_MS', 60_000, 0, 86_400_000),
    session: {
      idleMinutes: int(env, 'SESSION_IDLE_MINUTES', 120, 1),
      absoluteHours: int(env, 'SESSION_ABSOLUTE_HOURS', 12, 1),
      secureCookie: production,
    },
    mfaRoles: parseMfaRoles(env, production),
    loginThrottle: {
      windowMinutes: int(env, 'LOGIN_WINDOW_MINUTES', 15, 1),
      maxPerUsuario: int(env, 'LOGIN_MAX_FAILURES', 5, 1),
      maxPerIp: int(env, 'LOGIN_MAX_FAILURES_IP', 20, 1),
      maxCodigosPorCuenta: int(env, 'LOGIN_MAX_CODE_FAILURES', 10, 1),
    },
    // OWASP's scrypt parameters; tests lower N to keep the suite fast.
    scrypt: { N: int(env, 'SCRYPT_N', 2 ** 17, 2), r: 8, p: 1 },
    admin: { usuario: env.ADMIN_USUARIO, password: env.ADMIN_PASSWORD },
    logLevel,
    timeZone,
    trustProxy,
    emisor: parseEmisor(env, production),
    series: parseSeries(env),
    workers,
    tareasDeFondo: env.AULA_TAREAS_DE_FONDO !== '0',
    historialDias: env.HISTORIAL_DIAS ? int(env, 'HISTORIAL_DIAS', 0, 1) : null,
    trabajos: { arriendoMs: int(env, 'TRABAJOS_ARRIENDO_S', 60, 1, 3600) * 1000, fallidosDias: int(env, 'TRABAJOS_FALLIDOS_DIAS', 30, 1, 3650) },
    verifactu: parseVerifactu(env, production, cwd),
    pasarelas: parsePasarelas(env),
    matriculas: { revocarAlReembolsar: booleano(env, 'REVOCAR_AL_REEMBOLSAR', true) },
    correo: parseCorreo(env, env.PRODUCT_NAME ?? 'Aula', adminPort),
    // 10: a few tabs on two or three devices. 1 000 streams of some 40 KB each (bench/RESULTADOS.md)
    // plus at most 64 KB waiting each: some 100 MB at worst. A reader that reads never has that
    // much waiting: the connection's own buffers hold megabytes before anything waits here.
    eventos: {
      maxPorCuenta: int(env, 'EVENTOS_MAX_POR_CUENTA', 10, 1, 100_000),
      maxFlujos: int(env, 'EVENTOS_MAX_FLUJOS', 1000, 1, 1_000_000),
      maxPendienteBytes: int(env, 'EVENTOS_MAX_PENDIENTE_KB', 64, 1, 1024 * 1024) * 1024,
    },
    // The admin writes one entry per sign-in: 100 an hour is far more than a person signs in.
    actividad: {
      ventanaMinutos: int(env, 'ACTIVIDAD_VENTANA_MINUTOS', 60, 1, 7 * 24 * 60),
      maxPorCuenta: int(env, 'ACTIVIDAD_MAX_POR_CUENTA', 100, 1, 1_000_000),
    },
    tokenMaxPorMinuto: int(env, 'TOKEN_MAX_POR_MINUTO', 600, 1, 1_000_000),
  };
}
