// The migrations, in order, as a Knex MigrationSource built from static imports: it works the
// same under tsx, vitest and a bundler, with no file-system scanning by knex's loader.
// Adding a migration = adding a file here and one line to `migrations` below (never edit or
// reorder a migration that has shipped).
import type { Knex } from 'knex';
import * as m0001 from './0001_esquema_inicial.js';
import * as m0002 from './0002_indices_cubrientes_pagos.js';
import * as m0003 from './0003_intentos_login.js';
import * as m0004 from './0004_archivos.js';
import * as m0005 from './0005_facturacion.js';
import * as m0006 from './0006_indice_reembolsos.js';
import * as m0007 from './0007_archivos_plazo_y_propietario.js';
import * as m0008 from './0008_reembolsos_y_sustitucion.js';
import * as m0009 from './0009_busqueda.js';
import * as m0010 from './0010_remision_verifactu.js';
import * as m0011 from './0011_roles_y_cuentas.js';
import * as m0012 from './0012_versiones_e_historial.js';
import * as m0013 from './0013_generacion_remitente.js';
import * as m0014 from './0014_intentos_codigo.js';
import * as m0015 from './0015_trabajos.js';
import * as m0016 from './0016_logs_por_cuenta.js';
import * as m0017 from './0017_facturas_sustituidas.js';
import * as m0018 from './0018_facturas_fecha_operacion.js';
import * as m0019 from './0019_tokens.js';
import * as m0020 from './0020_notificaciones_pasarela.js';
import * as m0021 from './0021_extractos.js';
import * as m0022 from './0022_matriculas.js';
import * as m0023 from './0023_cupones.js';
import * as m0024 from './0024_lotes_matricula.js';
import * as m0025 from './0025_correos.js';

interface Migration {
  up(knex: Knex): Promise<void>;
  down?(knex: Knex): Promise<void>;
}

const migrations: [name: string, migration: Migration][] = [
  ['0001_esquema_inicial', m0001],
  ['0002_indices_cubrientes_pagos', m0002],
  ['0003_intentos_login', m0003],
  ['0004_archivos', m0004],
  ['0005_facturacion', m0005],
  ['0006_indice_reembolsos', m0006],
  ['0007_archivos_plazo_y_propietario', m0007],
  ['0008_reembolsos_y_sustitucion', m0008],
  ['0009_busqueda', m0009],
  ['0010_remision_verifactu', m0010],
  ['0011_roles_y_cuentas', m0011],
  ['0012_versiones_e_historial', m0012],
  ['0013_generacion_remitente', m0013],
  ['0014_intentos_codigo', m0014],
  ['0015_trabajos', m0015],
  ['0016_logs_por_cuenta', m0016],
  ['0017_facturas_sustituidas', m0017],
  ['0018_facturas_fecha_operacion', m0018],
  ['0019_tokens', m0019],
  ['0020_notificaciones_pasarela', m0020],
  ['0021_extractos', m0021],
  ['0022_matriculas', m0022],
  ['0023_cupones', m0023],
  ['0024_lotes_matricula', m0024],
  ['0025_correos', m0025],
];

export const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return migrations.map(([name]) => name);
  },
  getMigrationName(name) {
    return name;
  },
  async getMigration(name) {
    const found = migrations.find(([n]) => n === name);
    if (!found) throw new Error(`Unknown migration ${name}`);
    return found[1];
  },
};

/** Applies every pending migration; returns the names of those that ran now (empty if none). */
export async function migrateLatest(db: Knex): Promise<string[]> {
  const [, ran] = (await db.migrate.latest({ migrationSource })) as [number, string[]];
  return ran;
}
