// Live changes (docs/arquitectura.md §17): the bus of this process, how a committed write reaches
// it (avisos.ts: NOTIFY on PostgreSQL, the bus and the cluster relay on SQLite), the LISTEN
// connection, and GET /eventos.
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import type { AvisoCambios } from '../base/cambios.js';
import type { Config } from '../config/index.js';
import { isPg, type Db } from '../db/index.js';
import type { Registry } from '../rest/registry.js';
import { createAvisos, esRelevo } from './avisos.js';
import { BusEventos } from './bus.js';
import { canalDe, createEscucha } from './escucha.js';
import { registerFlujo, type OpcionesFlujo } from './flujo.js';

export type { OpcionesFlujo };

export interface Eventos {
  bus: BusEventos;
  /** For the repository: told of every write, in its transaction and after its commit. */
  avisos: AvisoCambios;
  /** Listening, and GET /eventos served. */
  mount(app: FastifyInstance, registry: Registry, opciones?: OpcionesFlujo): Promise<void>;
}

export function createEventos(db: Db, config: Pick<Config, 'database' | 'eventos'>): Eventos {
  const bus = new BusEventos();
  const pg = isPg(db);
  const avisos = createAvisos(bus, pg ? canalDe(config.database) : undefined);
  return {
    bus,
    avisos,
    async mount(app, registry, opciones) {
      if (pg) {
        const escucha = createEscucha(db, config.database, bus, app.log);
        app.addHook('onClose', () => escucha.close());
        await escucha.lista;
      } else if (cluster.isWorker) {
        // What the other workers committed, relayed by the primary (cluster.ts).
        const receive = (m: unknown) => {
          if (esRelevo(m)) bus.publish(m.aulaCambios);
        };
        process.on('message', receive);
        app.addHook('onClose', async () => void process.off('message', receive));
      }
      registerFlujo(app, { db, bus, registry, sesiones: app.sesiones, limites: config.eventos }, opciones);
    },
  };
}
