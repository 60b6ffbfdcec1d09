// API entry: config → database → app → listen, with a graceful shutdown on SIGTERM/SIGINT
// (stop accepting, let in-flight requests finish, then close the database).
import 'dotenv/config';
import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createDb } from './db/index.js';
import type { FastifyInstance } from 'fastify';
import { prepareDatabase } from '../../seeds/prepare.js';

export interface RunningApi {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
}

export async function startApi(config: Config): Promise<RunningApi> {
  const db = createDb(config.database);
  // Migrated before the app is built: building it reads archivos (uploads to resume).
  await prepareDatabase(db, config, (msg: string) => console.log(msg));
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
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfigOrExit();
  const api = await startApi(config);
  exitOnSignals(api.close, (m) => api.app.log.info(m));
}
