// An invoice's serie is an identifier: « A» would print and hash as A-1, a second
// A-1; « R» would slip past the rectificativas' serie; «A&ImporteTotal=0.00» would write a field
// of its own into the hashed text. Refused on every route that writes a factura, refused at
// emission for a draft saved before, and reported by the chain check for a record from before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensajes } from '../../../src/mensajes.js';
import { appendRegistro } from '../../../src/resources/facturas/cadena.js';
import { createTestApp, type TestApp } from '../../support/app.js';
import { comoServidor } from '../../support/db.js';

let t: TestApp;
let usuarioId: number;
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const MALAS = [' A', ' R', 'A ', 'A&ImporteTotal=0.00', 'A\u00a0', 'a', 'Á', 'A\u200b', 'A/B', ''];

beforeAll(async () => {
  t = await createTestApp();
  usuarioId = (await t.call('POST', '/usuarios', { nombre: 'Ana', email: 'ana@example.es', nif: '12345678Z', direccion: 'Calle Mayor 1' })).body.id;
});
afterAll(async () => {
  await t?.destroy();
});

const cuerpo = (extra: Record<string, unknown> = {}) => ({ usuarioId, concepto: 'Curso', base: 10000, tipoIva: 21, clienteNombre: 'Ana', clienteNif: '12345678Z', clienteDireccion: 'Calle Mayor 1', ...extra });

async function borrador(extra: Record<string, unknown> = {}) {
  const res = await t.call('POST', '/facturas', cuerpo(extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Record<string, any>;
}

describe('a serie', () => {
  it('that is not upper-case letters, digits and hyphens is a 422 on /serie, on every route that writes a factura', async () => {
    const f = await borrador();
    for (const serie of MALAS) {
      const rutas = [
        ['POST', '/facturas', cuerpo({ serie })],
        ['PUT', `/facturas/${f.id}`, cuerpo({ serie })],
        ['PATCH', `/facturas/${f.id}`, { serie }],
        ['PATCH', `/facturas?where=${q({ id: f.id })}`, { serie }],
      ] as const;
      for (const [method, url, body] of rutas) {
        const res = await t.call(method, url, body);
        expect(res.status, `${method} ${url} ${JSON.stringify(serie)}`).toBe(422);
        expect(res.body.error.details, `${method} ${url} ${JSON.stringify(serie)}`).toEqual([
          expect.objectContaining({ path: '/serie', message: serie === '' ? expect.any(String) : mensajes.validacion.patron.serie }),
        ]);
      }
    }
    expect((await t.call('GET', `/facturas/${f.id}`)).body.serie).toBe('A');
    expect(Number((await t.call('GET', '/facturas/count')).body.count)).toBe(1);
  });

  it('that is one is taken as it is', async () => {
    for (const serie of ['B', '2026-B', 'A-1-X', 'Z9'.repeat(10)]) expect((await borrador({ serie })).serie).toBe(serie);
  });

  it('saved on a draft before series were checked is not issued: a 422 on /serie, and no number is used', async () => {
    const f = await borrador();
    await t.db('facturas').where('id', f.id).update({ serie: ' A' });
    const res = await t.call('POST', `/facturas/${f.id}/emitir`, {});
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: '/serie', message: mensajes.validacion.patron.serie })]);
    expect(await t.db('contadores').where('serie', ' A').first()).toBeUndefined();
    // Corrected on the draft, it is issued in its serie.
    expect((await t.call('PATCH', `/facturas/${f.id}`, { serie: 'A' })).status).toBe(204);
    expect((await t.call('POST', `/facturas/${f.id}/emitir`, {})).body).toMatchObject({ serie: 'A', numero: 1, estado: 'emitida' });
  });
});

describe('/registros/verificar', () => {
  it('reports a record whose invoice now has another serie', async () => {
    const f = (await t.call('POST', `/facturas/${(await borrador()).id}/emitir`, {})).body;
    expect((await t.call('GET', '/registros/verificar')).body.ok).toBe(true);
    await t.db('facturas').where('id', f.id).update({ serie: 'B' });
    const { body } = await t.call('GET', '/registros/verificar');
    expect(body).toMatchObject({ ok: false, rotura: { numSerieFactura: `A-${f.numero}`, motivo: mensajes.facturacion.verificacion.factura } });
    expect(body.rotura.esperado).toContain(`|A-${f.numero}|`);
    expect(body.rotura.encontrado).toContain(`|B-${f.numero}|`);
    await t.db('facturas').where('id', f.id).update({ serie: 'A' });
    expect((await t.call('GET', '/registros/verificar')).body.ok).toBe(true);
  });

  it('reports a record from before whose serie is not an identifier, though its huella and its invoice agree', async () => {
    const ahora = new Date().toISOString();
    const [{ id }] = await t
      .db('facturas')
      .insert({ ...cuerpo(), serie: ' A', numero: 1, fecha: ahora, tipo: 'F1', cuotaIva: 2100, total: 12100, estado: 'emitida', emisorNif: t.config.emisor.nif, createdAt: ahora, updatedAt: ahora })
      .returning('id');
    const factura = await t.db('facturas').where('id', id).first();
    await comoServidor(t.db, (w) => appendRegistro(w, factura, 'alta', t.config), t.config);
    const { body } = await t.call('GET', '/registros/verificar');
    expect(body).toMatchObject({ ok: false, rotura: { numSerieFactura: ' A-1', motivo: mensajes.facturacion.verificacion.identificador, encontrado: ' A-1' } });
  });
});
