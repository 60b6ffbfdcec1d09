// Issue 34, point 3: the templates the academy owns, on both databases. Every kind has its row
// from the start; an edit is checked (only its kind's `{{variables}}`, nothing that would let a
// value through unescaped) with the fault next to its field, has history, and is what the next
// message uses; «Restablecer el original» brings the original back; the preview renders unsaved
// text with sample values; the contable and the editor may not touch them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readHistorial, type TestApp } from '../support/app.js';
import { cuentaCon } from '../support/cuentas.js';
import { preparePlantillas } from '../../src/correo/preparar.js';
import { TIPOS } from '../../src/correo/plantillas.js';
import { SERVIDOR } from '../../src/base/types.js';
import { repositoryOf } from '../support/db.js';

let t: TestApp;
type Row = Record<string, any>;

beforeAll(async () => {
  t = await createTestApp();
  // What every start does (preparacion.ts).
  await repositoryOf(t.db, t.config).transaction(SERVIDOR, (w) => preparePlantillas(w));
});
afterAll(async () => t.destroy());

const plantilla = async (clave: string) => (await t.call('GET', `/plantillas?filter=${encodeURIComponent(JSON.stringify({ where: { clave } }))}`)).body[0] as Row;

describe('the templates', () => {
  it('are one per kind from the start, with the original text, and starting again adds none', async () => {
    const todas = (await t.call('GET', '/plantillas')).body as Row[];
    expect(todas.map((p) => p.clave).sort()).toEqual(Object.keys(TIPOS).sort());
    expect(await plantilla('factura')).toMatchObject({ asunto: TIPOS.factura.asunto, html: TIPOS.factura.html });
    expect(await repositoryOf(t.db, t.config).transaction(SERVIDOR, (w) => preparePlantillas(w))).toBe(0);
  });

  it('an edit with its variables is saved with history, and the next message uses it', async () => {
    const p = await plantilla('factura');
    const r = await t.call('PATCH', `/plantillas/${p.id}`, { asunto: 'Factura {{numero}}: gracias, {{cliente}}' });
    expect(r.status, JSON.stringify(r.body)).toBe(204);
    const u = (await t.call('POST', '/usuarios', { nombre: 'Íñigo', apellidos: 'Ruiz', email: 'inigo@example.es' })).body;
    const b = (await t.call('POST', '/facturas', { usuarioId: u.id, concepto: 'Curso', base: 1000, tipoIva: 21 })).body;
    const f = (await t.call('POST', `/facturas/${b.id}/emitir`, {})).body;
    const correo = await t.db('correos').where('facturaId', f.id).first();
    expect(correo.asunto).toBe(`Factura ${f.serie}-${f.numero}: gracias, Íñigo Ruiz`);
    const historial = await readHistorial(t, 'plantillas', p.id);
    expect(historial[0]).toMatchObject({ accion: 'modificar', cambios: { asunto: [TIPOS.factura.asunto, 'Factura {{numero}}: gracias, {{cliente}}'] } });
  });

  it('refuses, next to its field, a variable of another kind, a section and the unescaped forms, and keeps what was stored', async () => {
    const p = await plantilla('bienvenida');
    const casos: [Row, string, RegExp][] = [
      [{ asunto: 'Hola {{numero}}' }, '/asunto', /\{\{numero\}\} no es una variable de esta plantilla.*alumno/],
      [{ html: '<p>{{{alumno}}}</p>' }, '/html', /Solo se admiten variables/],
      [{ html: '<p>{{& alumno}}</p>' }, '/html', /Solo se admiten variables/],
      [{ texto: '{{#curso}}x{{/curso}}' }, '/texto', /Solo se admiten variables/],
      [{ texto: 'Hola {{alumno' }, '/texto', /No se entiende la plantilla/],
    ];
    for (const [cambio, path, mensaje] of casos) {
      const r = await t.call('PATCH', `/plantillas/${p.id}`, cambio);
      expect(r.status, JSON.stringify(cambio)).toBe(422);
      expect(r.body.error.details[0]).toMatchObject({ path });
      expect(r.body.error.details[0].message).toMatch(mensaje);
    }
    expect(await plantilla('bienvenida')).toMatchObject({ asunto: TIPOS.bienvenida.asunto, html: TIPOS.bienvenida.html, texto: TIPOS.bienvenida.texto });
  });

  it('«Restablecer el original» brings the original back, as one more edit of its history', async () => {
    const p = await plantilla('recordatorio');
    expect((await t.call('PATCH', `/plantillas/${p.id}`, { texto: 'Se acaba {{curso}}' })).status).toBe(204);
    const r = await t.call('POST', `/plantillas/${p.id}/original`, {});
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ texto: TIPOS.recordatorio.texto });
    expect((await readHistorial(t, 'plantillas', p.id))[0]).toMatchObject({ accion: 'original', cambios: { texto: ['Se acaba {{curso}}', TIPOS.recordatorio.texto] } });
  });

  it('are neither created nor deleted by hand', async () => {
    const nueva = await t.call('POST', '/plantillas', { asunto: 'x', html: 'x', texto: 'x' });
    expect(nueva.status, JSON.stringify(nueva.body)).toBe(409);
    expect(nueva.body.error.message).toMatch(/ya existen todas/);
    expect((await t.call('DELETE', `/plantillas/${(await plantilla('factura')).id}`)).status).toBe(409);
  });

  it('the preview renders unsaved text with sample values inside the 600 px frame, escaped, and refuses what saving would', async () => {
    const r = await t.call('POST', '/plantillas/vista', { clave: 'factura', asunto: 'Para {{cliente}}', html: '<p>{{cliente}} <b>{{total}}</b></p>', texto: '{{cliente}}' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.asunto).toBe('Para Lucía Fernández');
    expect(r.body.html).toContain('<p>Lucía Fernández <b>121,00 €</b></p>');
    expect(r.body.html).toMatch(/max-width:600px/);
    expect(r.body.texto).toContain('Lucía Fernández');
    const mal = await t.call('POST', '/plantillas/vista', { clave: 'factura', asunto: '{{alumno}}', html: 'x', texto: 'x' });
    expect(mal.status).toBe(422);
    expect(mal.body.error.details[0]).toMatchObject({ path: '/asunto' });
    expect((await t.call('POST', '/plantillas/vista', { clave: 'otra', asunto: 'x', html: 'x', texto: 'x' })).status).toBe(422);
  });

  it('only the administrador edits them; the contable and the editor neither read nor preview', async () => {
    const p = await plantilla('factura');
    for (const rol of ['contable', 'editor'] as const) {
      const { cookie } = await cuentaCon(t, rol);
      expect((await t.call('GET', '/plantillas', undefined, { cookie })).status, rol).toBe(403);
      expect((await t.call('PATCH', `/plantillas/${p.id}`, { asunto: 'x {{numero}}' }, { cookie })).status, rol).toBe(403);
      expect((await t.call('POST', '/plantillas/vista', { clave: 'factura', asunto: 'x', html: 'x', texto: 'x' }, { cookie })).status, rol).toBe(403);
    }
  });
});
