// API entry: config → database → app → listen, with a graceful shutdown on SIGTERM/SIGINT
// (stop accepting, let in-flight requests finish, then close the database). With WORKERS > 1
// this process is the primary of a cluster (cluster.ts) and each worker runs this file too.
import 'dotenv/config';
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { startCluster } from './cluster.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config/index.js';
import { checkConfig } from './configuracion.js';
import { createDb } from './db/index.js';
import type { FastifyInstance } from 'fastify';
import type { DemoSeeder } from './db/preparar.js';
import { prepareDatabase } from './preparacion.js';
import { avisosVerifactu } from './verifactu/avisos.js';

export interface RunningApi {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

/** How a start fills an empty database outside production; without it, as production does. */
export interface StartOptions {
  demo?: DemoSeeder;
}

export async function startApi(config: Config, { demo }: StartOptions = {}): Promise<RunningApi> {
  const db = createDb(config.database);
  // Migrated before the app is built: building it reads archivos (uploads to resume). A
  // cluster's worker finds it done: its primary prepared the database before forking.
  if (!cluster.isWorker) await prepareDatabase(db, config, { log: (msg: string) => console.log(msg), demo });
  const app = await buildApp({ config, db });
  await app.listen({ port: config.port, host: config.host });
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await app.close();
      await db.destroy();
    })());
  return { app, config, close };
}

export function exitOnSignals(close: () => Promise<void>, log: (msg: string) => void = console.log) {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      log(`${signal}: cerrando…`);
      // A shutdown that hangs must not keep the process alive forever.
      setTimeout(() => process.exit(1), 10_000).unref();
      close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

export function loadConfigOrExit(): Config {
  try {
    return checkConfig(loadConfig());
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

/** This process serves the API itself (WORKERS=1, or a cluster's worker) or is a cluster's primary. */
export const esPrimarioDeCluster = (config: Config) => config.workers > 1 && cluster.isPrimary;

/** The API as configured: in this process, or in a cluster of WORKERS processes. */
export async function serveApi(config: Config, opciones: StartOptions = {}): Promise<{ port: number; close(): Promise<void>; log(msg: string): void }> {
  if (!esPrimarioDeCluster(config)) {
    const api = await startApi(config, opciones);
    return { port: (api.app.server.address() as AddressInfo).port, close: api.close, log: (m) => api.app.log.info(m) };
  }
  const running = await startCluster(config, opciones).catch((err: Error) => {
    console.error(`No se pudo arrancar la API: ${err.message}`);
    process.exit(1);
  });
  return { port: running.port, close: running.close, log: (m) => console.log(m) };
}

/** Once per machine, before any process serves: the remission's mode, its certificate, and what needs attention. */
export function announceVerifactu(config: Config, log: (msg: string) => void = console.log, warn: (msg: string) => void = console.warn) {
  for (const { aviso, texto } of avisosVerifactu(config)) (aviso ? warn : log)(texto);
}

/** The API process: this file in production, scripts/api.ts with the demo data in development. */
export async function runApi(opciones: StartOptions = {}) {
  const config = loadConfigOrExit();
  // A cluster's workers run this file too: the primary has said it once for the machine.
  if (!cluster.isWorker) announceVerifactu(config);
  const api = await serveApi(config, opciones);
  exitOnSignals(api.close, api.log);
}

if (import.meta.url === `file://${process.argv[1]}`) await runApi();
