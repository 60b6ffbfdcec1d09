// What the invoicing tests share: a customer with every datum a complete invoice needs and a
// curso to pay for, a completed pago (invoiced through the API, as «Emitir factura» does), and an
// issued invoice's PDF as the text poppler reads back from it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './app.js';

const run = promisify(execFile);
type Row = Record<string, any>;

/** Ana, with NIF and address, and a curso of 49,00 €: their ids. */
export async function crearAlumna(t: TestApp): Promise<{ ana: number; curso: number }> {
  const ana = (await t.call('POST', '/usuarios', { nombre: 'Ana', apellidos: 'García López', email: 'ana@example.es', nif: '12345678Z', direccion: 'Calle Mayor 1', codigoPostal: '28013', ciudad: 'Madrid' })).body.id;
  const curso = (await t.call('POST', '/cursos', { titulo: 'Guitarra española', precio: 4900 })).body.id;
  return { ana, curso };
}

/** A test app with Ana and her curso, made before the file's tests and destroyed after them. */
export function conAlumna(): { t: TestApp; ids: { ana: number; curso: number } } {
  const ctx = {} as { t: TestApp; ids: { ana: number; curso: number } };
  beforeAll(async () => {
    ctx.t = await createTestApp();
    ctx.ids = await crearAlumna(ctx.t);
  });
  afterAll(async () => {
    await ctx.t?.destroy();
  });
  return ctx;
}

/** A pago of 49,00 €, completado now, with whatever `datos` says (its usuarioId at least). */
export async function pagoCompletado(t: TestApp, datos: Row): Promise<Row> {
  const res = await t.call('POST', '/pagos', { importe: 4900, metodo: 'tarjeta', estado: 'completado', fecha: new Date().toISOString(), ...datos });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A completed pago and the invoice `POST /pagos/{id}/facturar` issued for it. */
export async function facturado(t: TestApp, datos: Row): Promise<{ pago: Row; factura: Row }> {
  const pago = await pagoCompletado(t, datos);
  const res = await t.call('POST', `/pagos/${pago.id}/facturar`, {});
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { pago, factura: res.body };
}

/**
 * The text of an invoice's PDF, no-break spaces as plain ones. `layout` keeps the page's columns
 * side by side; without it each paragraph reads whole, a wrapped one on its lines.
 */
export async function textoPdf(t: TestApp, id: number, { layout = true } = {}): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/facturas/${id}/pdf`, headers: { cookie: t.cookie } });
  expect(res.statusCode).toBe(200);
  const dir = await mkdtemp(join(tmpdir(), 'aula-pdf-'));
  try {
    const fichero = join(dir, `${id}.pdf`);
    await writeFile(fichero, res.rawPayload);
    return (await run('pdftotext', [...(layout ? ['-layout'] : []), fichero, '-'])).stdout.replace(/\u00a0/g, ' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
