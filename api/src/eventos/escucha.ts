// The one PostgreSQL connection per process that LISTENs for committed changes (eventos/avisos.ts)
// and puts them on this process's bus. Outside Knex's pool: a pooled connection is lent to
// queries and returned, and a LISTEN belongs to the session that issued it.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import type { Cambio } from '../base/cambios.js';
import type { BusEventos } from './bus.js';
import { cambiosDesde } from './perdidos.js';

const REINTENTO_MS = 1000;

/**
 * The channel of one database and schema: notifications are per database, and the tests keep
 * many schemas in one. An identifier has at most 63 bytes; a longer one is hashed.
 */
export function canalDe(database: Config['database']): string {
  const canal = `aula_cambios${database.schema ? `_${database.schema}` : ''}`;
  return canal.length <= 63 ? canal : `aula_cambios_${createHash('sha256').update(canal).digest('hex').slice(0, 32)}`;
}

export interface Escucha {
  /** Resolves once the first LISTEN is in place: a write after it is heard. */
  lista: Promise<void>;
  close(): Promise<void>;
}

export function createEscucha(db: Db, database: Config['database'], bus: BusEventos, log: FastifyBaseLogger): Escucha {
  const canal = canalDe(database);
  let cliente: pg.Client | undefined;
  let cerrada = false;
  let ultimo = 0;
  let espera: NodeJS.Timeout | undefined;

  const publish = (cambios: Cambio[]) => {
    for (const c of cambios) ultimo = Math.max(ultimo, c.evento);
    bus.publish(cambios);
  };

  const receive = async (carga: string | undefined) => {
    const c = JSON.parse(carga ?? '{}') as Partial<Cambio>;
    if (Array.isArray(c.ids)) return publish([c as Cambio]);
    // Too big for a notification (a bulk write of many ids): its log row says it.
    if (typeof c.evento === 'number') publish((await cambiosDesde(db, c.evento - 1, 1)).cambios);
  };

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: database.connectionString, connectionTimeoutMillis: 3000 });
    c.on('notification', (n) => {
      receive(n.payload).catch((err) => log.warn({ err }, 'aviso de cambio ilegible'));
    });
    c.on('error', (err) => log.warn({ err }, 'la conexión que escucha los cambios falló'));
    c.on('end', () => {
      if (cliente === c) cliente = undefined;
      if (!cerrada) espera = setTimeout(() => void reconnect(), REINTENTO_MS);
    });
    await c.connect();
    await c.query(`LISTEN ${c.escapeIdentifier(canal)}`);
    cliente = c;
  };

  // Whatever committed while nobody listened is in `logs`: the streams of this process get it now.
  const reconnect = async () => {
    if (cerrada) return;
    try {
      await connect();
      if (ultimo) publish((await cambiosDesde(db, ultimo)).cambios);
    } catch (err) {
      log.warn({ err }, 'no se pudo volver a escuchar los cambios; se reintenta');
      if (!cerrada) espera = setTimeout(() => void reconnect(), REINTENTO_MS);
    }
  };

  const lista = connect().catch((err) => {
    log.warn({ err }, 'no se pudo escuchar los cambios; se reintenta');
    espera = setTimeout(() => void reconnect(), REINTENTO_MS);
  });

  return {
    lista,
    async close() {
      cerrada = true;
      clearTimeout(espera);
      await cliente?.end().catch(() => {});
    },
  };
}
