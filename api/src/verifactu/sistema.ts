// Who and what generates the records: the SistemaInformatico block every record carries. Apart
// from the queue (cola.ts), which the invoice code reaches: reading package.json is the server's
// business, not the registry's, which the admin's build and tests load too.
import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import type { VerifactuConfig } from '../config/index.js';
import { ID_SISTEMA, NOMBRE_SISTEMA, type SistemaInformatico } from './xml.js';

type Row = Record<string, any>;

/** Version of the system that generates and sends the records: the package's. */
export const VERSION: string = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')).version;

/** The installation's SistemaInformatico block, as the records generated now carry it. */
export async function sistemaInformatico(db: Knex | Knex.Transaction, productor: VerifactuConfig['productor']): Promise<SistemaInformatico> {
  const fila = (await db('verifactu').where('id', 1).first('numeroInstalacion')) as Row;
  const [{ n }] = (await db('cadenas').count({ n: '*' })) as Row[];
  return {
    nombreRazon: productor.nombre ?? '',
    nif: productor.nif ?? '',
    nombre: NOMBRE_SISTEMA,
    id: ID_SISTEMA,
    version: VERSION,
    numeroInstalacion: fila.numeroInstalacion,
    multiplesOT: Number(n) > 1,
  };
}
