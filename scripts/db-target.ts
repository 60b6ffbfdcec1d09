// Helpers the database scripts share: the configuration (with a clear message on a bad
// variable) and a printable description of the target database without any password.
import 'dotenv/config';
import { ConfigError, loadConfig, type Config } from '../api/src/config/index.js';
import { checkConfig } from '../api/src/configuracion.js';

export function configOrExit(): Config {
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

export function describeDatabase(database: Config['database']): string {
  if (database.dialect === 'sqlite') return `SQLite ${database.filename}`;
  const url = new URL(database.connectionString!);
  url.password = '';
  return `PostgreSQL ${url.host}${url.pathname}${database.schema ? ` (esquema ${database.schema})` : ''}`;
}
