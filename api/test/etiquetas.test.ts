// A throw-away entity, declared only by its definition, gets its names everywhere they are read:
// the API's messages, the OpenAPI schema, the CSV export's headers, values and references to its
// rows, the public registry.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensajes } from '../src/mensajes.js';
import { resources, resourcesByName } from '../src/resources/index.js';
import { entidadesPublicas } from '../src/rest/publico.js';
import { defineResource } from '../src/base/types.js';
import { columnas } from '../src/rest/columnas.js';
import { disparadorVersion } from '../src/db/versiones.js';
import { createRegistry } from '../src/rest/registry.js';
import { modelSchema } from '../src/rest/schema.js';
import { createTestApp, type TestApp } from './support/app.js';

const vales = defineResource({
  name: 'vales',
  model: 'Vale',
  labels: { singular: 'vale', plural: 'vales', genero: 'm' },
  fields: {
    codigo: { type: 'string', label: 'Código', required: true },
    tipo: { type: 'string', label: 'Tipo de descuento', enum: ['fijo', 'porcentaje'], enumLabels: { fijo: 'Importe fijo', porcentaje: 'Porcentaje' } },
    sustituyeId: { type: 'integer', label: 'Sustituye a', references: 'vales' },
  },
  searchFields: ['codigo'],
  nombre: '{codigo}',
});

const registro = resourcesByName([...Object.values(resources), vales]);
const registryConVales = createRegistry(registro);

describe('a new entity declared by its definition alone', () => {
  it('is named with its article and gender in the messages', () => {
    expect(mensajes.validacion.claveAjena('valeId', vales.labels)).toBe('No existe el vale indicado en «valeId»');
    expect(mensajes.peticion.soloLectura(vales.labels)).toBe('Los vales no se pueden modificar ni borrar');
    expect(mensajes.borrado.tieneHijos(vales.labels, [{ etiquetas: resources.pagos.labels, n: 2 }])).toBe('No se puede borrar: el vale tiene 2 pagos');
    expect(mensajes.validacion.claveAjena('categoriaId', resources.categorias.labels)).toBe('No existe la categoría indicada en «categoriaId»');
  });

  it('describes its fields and values in OpenAPI', () => {
    const schema = modelSchema(registro.vales) as { description: string; properties: Record<string, { description?: string }> };
    expect(schema.description).toBe('Vale (vales)');
    expect(schema.properties.codigo.description).toBe('Código');
    expect(schema.properties.tipo.description).toBe('Tipo de descuento: fijo = Importe fijo, porcentaje = Porcentaje');
  });

  it('exports its labels as CSV headers and its enum labels as values', () => {
    const cols = columnas(registro.vales, undefined, 'Europe/Madrid');
    expect(cols.map((c) => c.cabecera)).toEqual(['Id', 'Código', 'Tipo de descuento', 'Sustituye a', 'Creado', 'Actualizado', 'Versión']);
    expect(cols[2].celda('porcentaje')).toBe('Porcentaje');
  });

  it('is named in the activity log by the list it is part of', () => {
    expect(registro.logs.fields.recurso.enumLabels?.vales).toBe('Vale');
    expect(resources.logs.fields.recurso.enumLabels?.vales).toBeUndefined();
  });

  it('carries its labels to the admin through the public registry', () => {
    const publico = entidadesPublicas(registro).vales;
    expect(publico.labels).toEqual({ singular: 'vale', plural: 'vales', genero: 'm' });
    expect(publico.fields.tipo).toMatchObject({ label: 'Tipo de descuento', enumLabels: { fijo: 'Importe fijo', porcentaje: 'Porcentaje' } });
  });
});

/** What the entity's migration would add: its table, as migrations/ writes one. */
async function migrateCupones(knex: Knex): Promise<void> {
  await knex.schema.createTable('vales', (table) => {
    table.increments('id');
    table.string('codigo').notNullable();
    table.string('tipo');
    table.integer('sustituyeId');
    table.string('createdAt');
    table.string('updatedAt');
    // Every record keeps a version the database bumps (docs/arquitectura.md §17).
    table.integer('version').notNullable().defaultTo(1);
  });
  await disparadorVersion(knex, 'vales');
}

describe('a new entity served from its definition and its migration alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, undefined, undefined, registryConVales);
    await migrateCupones(t.db);
  });
  afterAll(() => t.destroy());

  it('gets its REST routes: create, read, count, validation of its enum, 404', async () => {
    const creado = await t.call('POST', '/vales', { codigo: 'VERANO', tipo: 'porcentaje' });
    expect(creado.status, JSON.stringify(creado.body)).toBe(200);
    expect((await t.call('GET', `/vales/${creado.body.id}`)).body).toMatchObject({ codigo: 'VERANO', tipo: 'porcentaje' });
    expect((await t.call('GET', '/vales/count')).body).toEqual({ count: 1 });
    const malo = await t.call('POST', '/vales', { codigo: 'X', tipo: 'regalo' });
    expect(malo.status).toBe(422);
    expect(malo.body.error.details).toEqual([expect.objectContaining({ path: '/tipo', code: 'enum', message: 'Debe ser uno de estos valores: «fijo», «porcentaje»' })]);
    const ausente = await t.call('GET', '/vales/999');
    expect(ausente.status).toBe(404);
  });

  it('is in /openapi.json with its labels', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths)).toContain('/vales');
    expect(doc.components.schemas.Vale.description).toBe('Vale (vales)');
  });

  it('exports its CSV with its labels as headers and its enum labels as values', async () => {
    const csv = await t.call('GET', '/vales.csv');
    expect(csv.status).toBe(200);
    const [cabecera, fila] = String(csv.body).replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(cabecera).toContain('Código;Tipo de descuento');
    expect(fila).toContain('VERANO;Porcentaje');
  });

  it('exports a reference to one of its rows as the name its definition declares', async () => {
    const verano = (await t.call('GET', `/vales?filter=${encodeURIComponent(JSON.stringify({ where: { codigo: 'VERANO' } }))}`)).body[0];
    const otono = await t.call('POST', '/vales', { codigo: 'OTONO', tipo: 'fijo', sustituyeId: verano.id });
    expect(otono.status, JSON.stringify(otono.body)).toBe(200);
    const filtro = encodeURIComponent(JSON.stringify({ where: { id: otono.body.id }, fields: ['codigo', 'sustituyeId'] }));
    const csv = await t.call('GET', `/vales.csv?filter=${filtro}`);
    expect(String(csv.body).replace(/^\uFEFF/, '').split(/\r\n/)).toEqual(['Código;Sustituye a', 'OTONO;VERANO', '']);
  });
});
