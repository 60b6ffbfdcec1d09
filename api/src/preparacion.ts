// What every start does before serving, in the application's layer: the database prepared
// (db/preparar.ts: migrations, the first administrator or the demo) and then brought up to date
// with what the entities need of it: invoices issued before the VeriFactu chain existed (a
// database from before it, the demo's) get their records, written as the server through the
// repository, so each has its history like any other.
import type { Knex } from 'knex';
import { SERVIDOR } from './base/types.js';
import type { Config } from './config.js';
import { prepareDatabase, type PrepareOptions, type PrepareResult } from './db/preparar.js';
import { mensajes } from './mensajes.js';
import { encadenarEmitidas } from './resources/facturas/cadena.js';
import { registry } from './resources/index.js';
import { Repository } from './rest/repository.js';

export async function prepareApi(db: Knex, config: Config, opciones: Omit<PrepareOptions, 'ponerAlDia'> = {}): Promise<PrepareResult> {
  const log = opciones.log ?? console.log;
  return prepareDatabase(db, config, {
    ...opciones,
    async ponerAlDia(db) {
      const repo = new Repository(db, config, registry);
      const encadenadas = await repo.transaction(SERVIDOR, (w) => encadenarEmitidas(w, config), { accion: 'encadenar' });
      if (encadenadas) log(mensajes.facturacion.encadenadas(encadenadas));
    },
  });
}
