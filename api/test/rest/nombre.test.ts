// A record's name is declared once on its definition (base/nombre.ts) and read two ways: as SQL in
// the CSV's references (rest/columnas.ts) and as a function of a record in the admin and the
// activity log. Both must name every row alike, on each database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { camposDelNombre, formatNombre } from '../../../contrato/nombre.js';
import { resources } from '../../src/resources/index.js';
import { nombreSql } from '../../src/rest/columnas.js';
import { entidadesPublicas } from '../../src/rest/publico.js';
import { createTestApp, type TestApp } from '../support/app.js';

const IMPLICITOS = ['id', 'createdAt', 'updatedAt', 'version'];

describe('an entity’s nombre', () => {
  it('reads only fields its entity has', () => {
    for (const r of Object.values(resources)) {
      for (const campo of r.nombre ? camposDelNombre(r.nombre) : []) {
        expect(IMPLICITOS.includes(campo) || Object.hasOwn(r.fields, campo), `${r.name}.${campo}`).toBe(true);
      }
    }
  });

  it('reaches the admin through the public registry', () => {
    const publico = entidadesPublicas(resources);
    for (const r of Object.values(resources)) expect(publico[r.name].nombre, r.name).toEqual(r.nombre);
  });

  it('takes the first template whose fields all have a value', () => {
    const { nombre } = resources.facturas;
    expect(formatNombre(nombre, { id: 9, serie: 'A', numero: 12 })).toBe('A-12');
    expect(formatNombre(nombre, { id: 9, serie: 'A', numero: null })).toBe('Borrador #9');
    expect(formatNombre(resources.usuarios.nombre, { nombre: 'Ana', apellidos: '' })).toBe('Ana');
    expect(formatNombre(resources.pagos.nombre, { id: 4, referencia: '' })).toBe('#4');
    expect(formatNombre(resources.categorias.nombre, { nombre: null })).toBeUndefined();
  });
});

describe('the SQL of a nombre names each row as the function does', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    const ts = '2026-01-10T09:00:00.000Z';
    const base = { createdAt: ts, updatedAt: ts };
    await t.db('categorias').insert([{ id: 1, nombre: 'Idiomas', ...base }, { id: 2, nombre: "L'art d'O", ...base }]);
    await t.db('usuarios').insert([
      { id: 1, nombre: 'Ana', apellidos: 'García López', email: 'ana@example.es', activo: true, ...base },
      { id: 2, nombre: 'Luis', email: 'luis@example.es', activo: true, ...base },
      { id: 3, nombre: 'Eva', apellidos: '', email: 'eva@example.es', activo: true, ...base },
    ]);
    const factura = { fecha: ts, usuarioId: 1, concepto: 'Curso', base: 100, tipoIva: 21, cuotaIva: 21, total: 121, ...base };
    await t.db('facturas').insert([
      { id: 1, serie: 'A', numero: 7, estado: 'emitida', ...factura },
      { id: 2, serie: 'A', estado: 'borrador', ...factura },
    ]);
    await t.db('pagos').insert([
      { id: 1, usuarioId: 1, importe: 100, metodo: 'tarjeta', estado: 'completado', referencia: 'TPV-1', fecha: ts, ...base },
      { id: 2, usuarioId: 2, importe: 100, metodo: 'bizum', estado: 'pendiente', referencia: '', fecha: ts, ...base },
      { id: 3, usuarioId: 2, importe: 100, metodo: 'bizum', estado: 'pendiente', fecha: ts, ...base },
    ]);
  });
  afterAll(() => t?.destroy());

  it.each(['categorias', 'usuarios', 'facturas', 'pagos'])('%s', async (name) => {
    const resource = resources[name];
    const filas = (await t.db(`${name} as t`).select(t.db.raw(`t.*, ${nombreSql(resource, 't')} AS "nombreSql"`)).orderBy('id')) as Record<string, unknown>[];
    expect(filas.length).toBeGreaterThan(1);
    for (const fila of filas) expect(fila.nombreSql, JSON.stringify(fila)).toBe(formatNombre(resource.nombre, fila) ?? null);
  });
});
