// The database: DATABASE_URL, SQLite by default, PostgreSQL in production.
import { resolve } from 'node:path';
import { ConfigError } from './leer.js';

export type Dialect = 'sqlite' | 'pg';

export type DatabaseConfig = { dialect: Dialect; filename?: string; connectionString?: string; schema?: string };

export function parseDatabase(url: string | undefined, cwd: string): DatabaseConfig {
  if (!url) return { dialect: 'sqlite', filename: resolve(cwd, 'data/aula.sqlite') };
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!path) throw new ConfigError('DATABASE_URL', 'necesita una ruta tras «sqlite:»');
    return { dialect: 'sqlite', filename: path === ':memory:' ? path : resolve(cwd, path) };
  }
  if (/^postgres(ql)?:\/\//.test(url)) {
    try {
      const parsed = new URL(url);
      const schema = parsed.searchParams.get('schema') ?? undefined;
      parsed.searchParams.delete('schema');
      return { dialect: 'pg', connectionString: parsed.toString(), schema };
    } catch {
      throw new ConfigError('DATABASE_URL', `no es una URL válida («${url}»)`);
    }
  }
  throw new ConfigError('DATABASE_URL', `debe empezar por «sqlite:» o «postgres://» (recibido «${url}»)`);
}
