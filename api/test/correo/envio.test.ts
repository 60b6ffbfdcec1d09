// Issue 34, points 1–2: the outbox against a real SMTP server (support/smtp.ts), on both
// databases. An issued invoice reaches its client by itself with From, To, an accented Subject,
// both parts and the PDF byte for byte as the download gives it; a temporary refusal is retried
// and sent once; a permanent one fails with the server's reason; a server down leaves the message
// waiting until it is back; STARTTLS against a CA of the test's own with a login; what an address
// may not be (header injection, a list); a client's name that is HTML stays text.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, readHistorial, type TestApp } from '../support/app.js';
import { crearPki, type Pki } from '../support/certificados.js';
import { startSmtp, type ServidorSmtp } from '../support/smtp.js';
import { cuentaCon } from '../support/cuentas.js';
import { closeTransporte } from '../../src/correo/transporte.js';

const CORTO = { sondeoMs: 50, reintentos: { pausaMs: 100, maximaMs: 400 } };
type Row = Record<string, any>;

async function conServidor(smtp: ServidorSmtp, extra: Record<string, string> = {}) {
  return createTestApp({ SMTP_URL: smtp.url(), MAIL_FROM: 'Academia Prueba <facturas@academia.test>', SMTP_MAX_POR_MINUTO: '1000', ...extra }, undefined, undefined, undefined, undefined, undefined, CORTO);
}

let n = 0;
async function alumno(t: TestApp, datos: Row = {}) {
  const r = await t.call('POST', '/usuarios', { nombre: 'Lucía', apellidos: 'Fernández Núñez', email: `lucia${++n}@example.es`, nif: '12345678Z', direccion: 'Calle Mayor 1', codigoPostal: '28013', ciudad: 'Madrid', ...datos });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as Row;
}

/** A draft for `usuario` issued through the API, as «Emitir» does: the invoice as stored. */
async function emitida(t: TestApp, usuario: Row, extra: Row = {}) {
  const b = await t.call('POST', '/facturas', { usuarioId: usuario.id, concepto: 'Curso de fotografía nocturna', base: 10000, tipoIva: 21, ...extra });
  expect(b.status, JSON.stringify(b.body)).toBe(200);
  const e = await t.call('POST', `/facturas/${b.body.id}/emitir`, {});
  expect(e.status, JSON.stringify(e.body)).toBe(200);
  return e.body as Row;
}

/** The newest correo matching `where` once `cumple` holds for it (polled; fails after `ms`). */
async function waitFila(t: TestApp, where: Row, cumple: (fila: Row) => boolean, que: string, ms = 15_000): Promise<Row> {
  const hasta = Date.now() + ms;
  for (;;) {
    const fila = await t.db('correos').where(where).orderBy('id', 'desc').first();
    if (fila && cumple(fila)) return fila;
    if (Date.now() > hasta) throw new Error(`El correo ${JSON.stringify(where)} no llegó a ${que}: ${JSON.stringify(fila ?? null)}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

const waitCorreo = (t: TestApp, where: Row, estado: string) => waitFila(t, where, (f) => f.estado === estado, estado);
const waitIntentos = (t: TestApp, where: Row, n: number) => waitFila(t, where, (f) => Number(f.intentos) >= n, `${n} intentos`);

afterEach(() => closeTransporte());

describe('an issued invoice leaves by itself', () => {
  let smtp: ServidorSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await conServidor(smtp, { PRODUCT_NAME: 'Fotografía Peñalara' });
  });
  afterAll(async () => {
    await t.destroy();
    await smtp.stop();
  });

  it('with From, To, the accented subject, both parts and the PDF the download gives, byte for byte', async () => {
    const lucia = await alumno(t);
    const f = await emitida(t, lucia);
    const correo = await waitCorreo(t, { facturaId: f.id }, 'enviado');
    const [llegado] = (await smtp.waitFor(1)).filter((r) => r.para.includes(lucia.email));
    expect(llegado.de).toBe('facturas@academia.test');
    expect(llegado.mail.from?.value).toEqual([{ name: 'Academia Prueba', address: 'facturas@academia.test' }]);
    expect(llegado.mail.to && !Array.isArray(llegado.mail.to) ? llegado.mail.to.text : '').toBe(lucia.email);
    // The academy's name has accents: they travel encoded (RFC 2047) and arrive intact.
    expect(llegado.raw.toString('latin1')).toMatch(/^Subject: =\?UTF-8\?/m);
    expect(llegado.mail.subject).toBe(`Tu factura ${f.serie}-${f.numero} de Fotografía Peñalara`);
    expect(llegado.mail.messageId).toBe(correo.messageId);
    expect(llegado.mail.text).toContain(`Te enviamos la factura ${f.serie}-${f.numero}`);
    expect(llegado.mail.text).toMatch(/121,00\s€/);
    expect(llegado.mail.html).toContain(`<strong>${f.serie}-${f.numero}</strong>`);
    const [adjunto] = llegado.mail.attachments;
    expect(adjunto.filename).toBe(`factura-${f.serie}-${f.numero}.pdf`);
    expect(adjunto.contentType).toBe('application/pdf');
    const descarga = await t.app.inject({ method: 'GET', url: `/facturas/${f.id}/pdf`, headers: { cookie: t.cookie } });
    expect(descarga.statusCode).toBe(200);
    expect(Buffer.compare(adjunto.content, descarga.rawPayload)).toBe(0);
    // The outbox keeps what went and how it went.
    expect(correo).toMatchObject({ plantilla: 'factura', para: lucia.email, intentos: 1, usuarioId: lucia.id });
    expect(String(correo.respuesta)).toMatch(/^250/);
    const historial = await readHistorial(t, 'correos', Number(correo.id));
    expect(historial.map((h: Row) => h.accion)).toEqual(['enviar', 'encolar']);
  });

  it('a client named as HTML stays text in the HTML part, and as written in the plain one', async () => {
    const raro = await alumno(t);
    const f = await emitida(t, raro, { clienteNombre: '<script>alert("x")</script> & Cía' });
    const correo = await waitCorreo(t, { facturaId: f.id }, 'enviado');
    expect(correo.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;&#x2F;script&gt; &amp; Cía');
    expect(correo.html).not.toContain('<script>');
    expect(correo.texto).toContain('Hola, <script>alert("x")</script> & Cía:');
  });

  it('«Enviar por email» to another address: queued by the contable, audited, sent; never to a list or across a line break', async () => {
    const lucia = await alumno(t);
    const f = await emitida(t, lucia);
    const r = await t.call('POST', `/facturas/${f.id}/enviar`, { email: 'gestoria@example.es' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ para: 'gestoria@example.es', estado: 'pendiente', facturaId: f.id, pedidoPorId: expect.any(Number) });
    await waitCorreo(t, { id: r.body.id }, 'enviado');
    expect(smtp.recibidos.some((m) => m.para.join() === 'gestoria@example.es')).toBe(true);
    for (const email of ['gestoria@example.es\r\nBcc: espia@example.com', 'a@example.es, b@example.es', 'Gestoría <g@example.es>', 'a@example.es;b@example.es']) {
      const mal = await t.call('POST', `/facturas/${f.id}/enviar`, { email });
      expect(mal.status, email).toBe(422);
      expect(mal.body.error.details[0]).toMatchObject({ path: '/email' });
    }
    const borrador = await t.call('POST', '/facturas', { usuarioId: lucia.id, concepto: 'Borrador', base: 100, tipoIva: 21 });
    expect((await t.call('POST', `/facturas/${borrador.body.id}/enviar`, {})).status).toBe(409);
  });
});

describe('what the server answers', () => {
  let smtp: ServidorSmtp;
  let t: TestApp;
  beforeAll(async () => {
    // The first attempt of each message to «tarde@» is refused for now; «nadie@» does not exist.
    smtp = await startSmtp({ respuesta: (intento, para) => (para.startsWith('tarde') && intento === 1 ? 451 : para.startsWith('nadie') ? 550 : undefined) });
    t = await conServidor(smtp);
  });
  afterAll(async () => {
    await t.destroy();
    await smtp.stop();
  });

  it('451, then accepted: sent once, on the second attempt', async () => {
    const u = await alumno(t, { email: 'tarde@example.es' });
    const f = await emitida(t, u);
    const correo = await waitCorreo(t, { facturaId: f.id }, 'enviado');
    expect(correo.intentos).toBe(2);
    expect(smtp.rechazos.filter((r) => r.para === 'tarde@example.es')).toEqual([{ para: 'tarde@example.es', codigo: 451 }]);
    expect(smtp.recibidos.filter((r) => r.para.includes('tarde@example.es'))).toHaveLength(1);
  });

  it('550: fallido at once with the reason, and «Reintentar» puts it back in the queue', async () => {
    const u = await alumno(t, { email: 'nadie@example.es' });
    const f = await emitida(t, u);
    const correo = await waitCorreo(t, { facturaId: f.id }, 'fallido');
    expect(correo.intentos).toBe(1);
    expect(correo.respuesta).toMatch(/^550 .*No existe ese buzón/);
    const otra = await t.call('POST', `/correos/${correo.id}/reintentar`, {});
    expect(otra.status, JSON.stringify(otra.body)).toBe(200);
    expect(otra.body).toMatchObject({ estado: 'pendiente', intentos: 0 });
    await waitCorreo(t, { id: correo.id }, 'fallido');
    expect((await t.call('POST', `/correos/${correo.id}/descartar`, {})).body).toMatchObject({ estado: 'descartado' });
    expect((await t.call('POST', `/correos/${correo.id}/descartar`, {})).status).toBe(409);
  });
});

describe('a server that is down', () => {
  it('leaves the message pendiente with the reason, and it is sent when the server is back', async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.stop();
    const t = await conServidor(smtp);
    let vuelto: ServidorSmtp | undefined;
    try {
      const f = await emitida(t, await alumno(t));
      const fila = await waitIntentos(t, { facturaId: f.id }, 2);
      expect(fila.estado).toBe('pendiente');
      expect(fila.respuesta).toMatch(/servidor de correo/);
      vuelto = await startSmtp({ port });
      await waitCorreo(t, { facturaId: f.id }, 'enviado');
      expect(vuelto.recibidos).toHaveLength(1);
    } finally {
      await t.destroy();
      await vuelto?.stop();
    }
  });
});

describe('STARTTLS and a login', () => {
  let pki: Pki;
  beforeAll(async () => {
    pki = await crearPki();
  });
  afterAll(async () => pki.borrar());

  it('upgrades the connection, checks the certificate against SMTP_CA and logs in', async () => {
    const smtp = await startSmtp({ tls: pki.servidor, credenciales: { usuario: 'aula', pass: 'clave secreta' } });
    const t = await conServidor(smtp, { SMTP_URL: smtp.url('aula:clave%20secreta'), SMTP_CA: pki.ca });
    try {
      const f = await emitida(t, await alumno(t));
      await waitCorreo(t, { facturaId: f.id }, 'enviado');
      expect(smtp.recibidos[0]).toMatchObject({ usuario: 'aula', seguro: true });
    } finally {
      await t.destroy();
      await smtp.stop();
    }
  });

  it('a certificate no authority vouches for is never accepted: the message waits', async () => {
    const smtp = await startSmtp({ tls: pki.servidor, credenciales: { usuario: 'aula', pass: 'x' } });
    const t = await conServidor(smtp, { SMTP_URL: smtp.url('aula:x') });
    try {
      const f = await emitida(t, await alumno(t));
      const fila = await waitIntentos(t, { facturaId: f.id }, 1);
      expect(fila.estado).toBe('pendiente');
      expect(fila.respuesta).toMatch(/certif/i);
      expect(smtp.recibidos).toHaveLength(0);
    } finally {
      await t.destroy();
      await smtp.stop();
    }
  });
});

describe('without SMTP_URL', () => {
  it('nothing is sent: the message waits, readable as it would go, and the admin is told', async () => {
    const t = await createTestApp();
    try {
      const f = await emitida(t, await alumno(t));
      const r = await t.call('GET', `/correos?filter=${encodeURIComponent(JSON.stringify({ where: { facturaId: f.id } }))}`);
      expect(r.body).toEqual([expect.objectContaining({ estado: 'pendiente', asunto: `Tu factura ${f.serie}-${f.numero} de Aula` })]);
      expect(r.body[0].datos).toBeUndefined();
      expect((await t.call('GET', '/correo/ajustes')).body).toMatchObject({ servidor: false });
      expect(await t.db('trabajos').where('tipo', 'envioCorreo').count({ n: '*' }).first()).toMatchObject({ n: 0 });
    } finally {
      await t.destroy();
    }
  });

  it('a rectificativa goes with its own message, naming the invoice it corrects; the contable sends by hand, the editor neither sends nor reads', async () => {
    const t = await createTestApp();
    try {
      const f = await emitida(t, await alumno(t));
      const r = await t.call('POST', `/facturas/${f.id}/rectificar`, { motivo: 'R1', descripcion: 'Descuento no aplicado', base: -2000 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const correo = await t.db('correos').where('facturaId', r.body.id).first();
      expect(correo).toMatchObject({ plantilla: 'rectificativa', asunto: `Factura rectificativa R-${r.body.numero} de Aula`, });
      expect(Boolean(correo.adjuntarFactura)).toBe(true);
      expect(correo.texto).toContain(`que corrige la factura ${f.serie}-${f.numero}`);
      const contable = await cuentaCon(t, 'contable');
      expect((await t.call('POST', `/facturas/${f.id}/enviar`, {}, { cookie: contable.cookie })).status).toBe(200);
      expect((await t.call('GET', `/correos?filter=${encodeURIComponent(JSON.stringify({ where: { facturaId: f.id } }))}`, undefined, { cookie: contable.cookie })).body).toHaveLength(2);
      const editor = await cuentaCon(t, 'editor');
      expect((await t.call('POST', `/facturas/${f.id}/enviar`, {}, { cookie: editor.cookie })).status).toBe(403);
      expect((await t.call('GET', '/correos', undefined, { cookie: editor.cookie })).status).toBe(403);
    } finally {
      await t.destroy();
    }
  });

  it('ENVIAR_FACTURAS off: an issued invoice queues nothing, and can still be sent by hand', async () => {
    const t = await createTestApp({ ENVIAR_FACTURAS: 'false' });
    try {
      const f = await emitida(t, await alumno(t));
      expect(await t.db('correos').where('facturaId', f.id)).toHaveLength(0);
      expect((await t.call('POST', `/facturas/${f.id}/enviar`, {})).status).toBe(200);
      expect(await t.db('correos').where('facturaId', f.id)).toHaveLength(1);
    } finally {
      await t.destroy();
    }
  });
});
