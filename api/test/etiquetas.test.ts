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

const cupones = defineResource({
  name: 'cupones',
  model: 'Cupon',
  labels: { singular: 'cupón', plural: 'cupones', genero: 'm' },
  fields: {
    codigo: { type: 'string', label: 'Código', required: true },
    tipo: { type: 'string', label: 'Tipo de descuento', enum: ['fijo', 'porcentaje'], enumLabels: { fijo: 'Importe fijo', porcentaje: 'Porcentaje' } },
    sustituyeId: { type: 'integer', label: 'Sustituye a', references: 'cupones' },
  },
  searchFields: ['codigo'],
  nombre: '{codigo}',
});

const registro = resourcesByName([...Object.values(resources), cupones]);
const registryConCupones = createRegistry(registro);

describe('a new entity declared by its definition alone', () => {
  it('is named with its article and gender in the messages', () => {
    expect(mensajes.validacion.claveAjena('cuponId', cupones.labels)).toBe('No existe el cupón indicado en «cuponId»');
    expect(mensajes.peticion.soloLectura(cupones.labels)).toBe('Los cupones no se pueden modificar ni borrar');
    expect(mensajes.borrado.tieneHijos(cupones.labels, [{ etiquetas: resources.pagos.labels, n: 2 }])).toBe('No se puede borrar: el cupón tiene 2 pagos');
    expect(mensajes.validacion.claveAjena('categoriaId', resources.categorias.labels)).toBe('No existe la categoría indicada en «categoriaId»');
  });

  it('describes its fields and values in OpenAPI', () => {
    const schema = modelSchema(registro.cupones) as { description: string; properties: Record<string, { description?: string }> };
    expect(schema.description).toBe('Cupón (cupones)');
    expect(schema.properties.codigo.description).toBe('Código');
    expect(schema.properties.tipo.description).toBe('Tipo de descuento: fijo = Importe fijo, porcentaje = Porcentaje');
  });

  it('exports its labels as CSV headers and its enum labels as values', () => {
    const cols = columnas(registro.cupones, undefined, 'Europe/Madrid');
    expect(cols.map((c) => c.cabecera)).toEqual(['Id', 'Código', 'Tipo de descuento', 'Sustituye a', 'Creado', 'Actualizado', 'Versión']);
    expect(cols[2].celda('porcentaje')).toBe('Porcentaje');
  });

  it('is named in the activity log by the list it is part of', () => {
    expect(registro.logs.fields.recurso.enumLabels?.cupones).toBe('Cupón');
    expect(resources.logs.fields.recurso.enumLabels?.cupones).toBeUndefined();
  });

  it('carries its labels to the admin through the public registry', () => {
    const publico = entidadesPublicas(registro).cupones;
    expect(publico.labels).toEqual({ singular: 'cupón', plural: 'cupones', genero: 'm' });
    expect(publico.fields.tipo).toMatchObject({ label: 'Tipo de descuento', enumLabels: { fijo: 'Importe fijo', porcentaje: 'Porcentaje' } });
  });
});

/** What the entity's migration would add: its table, as migrations/ writes one. */
async function migrateCupones(knex: Knex): Promise<void> {
  await knex.schema.createTable('cupones', (table) => {
    table.increments('id');
    table.string('codigo').notNullable();
    table.string('tipo');
    table.integer('sustituyeId');
    table.string('createdAt');
    table.string('updatedAt');
    // Every record keeps a version the database bumps (docs/arquitectura.md §17).
    table.integer('version').notNullable().defaultTo(1);
  });
  await disparadorVersion(knex, 'cupones');
}

describe('a new entity served from its definition and its migration alone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, undefined, undefined, registryConCupones);
    await migrateCupones(t.db);
  });
  afterAll(() => t.destroy());

  it('gets its REST routes: create, read, count, validation of its enum, 404', async () => {
    const creado = await t.call('POST', '/cupones', { codigo: 'VERANO', tipo: 'porcentaje' });
    expect(creado.status, JSON.stringify(creado.body)).toBe(200);
    expect((await t.call('GET', `/cupones/${creado.body.id}`)).body).toMatchObject({ codigo: 'VERANO', tipo: 'porcentaje' });
    expect((await t.call('GET', '/cupones/count')).body).toEqual({ count: 1 });
    const malo = await t.call('POST', '/cupones', { codigo: 'X', tipo: 'regalo' });
    expect(malo.status).toBe(422);
    expect(malo.body.error.details).toEqual([expect.objectContaining({ path: '/tipo', code: 'enum', message: 'Debe ser uno de estos valores: «fijo», «porcentaje»' })]);
    const ausente = await t.call('GET', '/cupones/999');
    expect(ausente.status).toBe(404);
  });

  it('is in /openapi.json with its labels', async () => {
    const doc = (await t.call('GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths)).toContain('/cupones');
    expect(doc.components.schemas.Cupon.description).toBe('Cupón (cupones)');
  });

  it('exports its CSV with its labels as headers and its enum labels as values', async () => {
    const csv = await t.call('GET', '/cupones.csv');
    expect(csv.status).toBe(200);
    const [cabecera, fila] = String(csv.body).replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(cabecera).toContain('Código;Tipo de descuento');
    expect(fila).toContain('VERANO;Porcentaje');
  });

  it('exports a reference to one of its rows as the name its definition declares', async () => {
    const verano = (await t.call('GET', `/cupones?filter=${encodeURIComponent(JSON.stringify({ where: { codigo: 'VERANO' } }))}`)).body[0];
    const otono = await t.call('POST', '/cupones', { codigo: 'OTONO', tipo: 'fijo', sustituyeId: verano.id });
    expect(otono.status, JSON.stringify(otono.body)).toBe(200);
    const filtro = encodeURIComponent(JSON.stringify({ where: { id: otono.body.id }, fields: ['codigo', 'sustituyeId'] }));
    const csv = await t.call('GET', `/cupones.csv?filter=${filtro}`);
    expect(String(csv.body).replace(/^\uFEFF/, '').split(/\r\n/)).toEqual(['Código;Sustituye a', 'OTONO;VERANO', '']);
  });
});
