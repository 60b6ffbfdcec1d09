// What every start does to its database, with the application's own pieces (docs/arquitectura.md
// §9): db/preparar.ts migrates it and fills an empty one (the caller's demo data outside
// production, or the first administrator, whom auth/ creates through the repository), and then
// invoices issued before the VeriFactu chain existed, or by the demo seed, get their records. Here
// rather than in db/, which imports nothing above it.
import type { Knex } from 'knex';
import { SERVIDOR } from './base/types.js';
import { createPrimerAdministrador } from './auth/administrators.js';
import type { Config } from './config/index.js';
import { migrateAndSeed, type DemoSeeder, type PrepareResult } from './db/preparar.js';
import { mensajes } from './mensajes.js';
import { chainEmitidas } from './resources/facturas/cadena.js';
import { preparePlantillas, queuePendientes } from './correo/preparar.js';
import { registry } from './resources/index.js';
import { Repository } from './rest/repository.js';

export interface OpcionesPreparacion {
  log?: (msg: string) => void;
  /** How an empty database is filled outside production (seeds/prepare.ts); without it, as production does. */
  demo?: DemoSeeder;
}

export async function prepareDatabase(db: Knex, config: Config, { log = console.log, demo }: OpcionesPreparacion = {}): Promise<PrepareResult> {
  // No live list is open before the first start: the first administrator's change is announced to nobody.
  const repo = new Repository(db, config, registry);
  const result = await migrateAndSeed(db, config, { log, demo, primerAdministrador: (usuario, password) => createPrimerAdministrador(repo, usuario, password) });
  const encadenadas = await repo.transaction(SERVIDOR, (w) => chainEmitidas(w, config), { accion: 'encadenar' });
  if (encadenadas) log(mensajes.facturacion.encadenadas(encadenadas));
  await repo.transaction(SERVIDOR, (w) => preparePlantillas(w), { accion: 'crear' });
  const encolados = await repo.transaction(SERVIDOR, (w) => queuePendientes(w, config));
  if (encolados) log(mensajes.correo.encolados(encolados));
  return result;
}
