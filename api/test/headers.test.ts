// Security headers on every answer of the API and of the admin's server, and the envelope on
// the answers Fastify and @fastify/cors would otherwise write in their own formats.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdminServer } from '../src/admin-server.js';
import { loadConfig } from '../src/config/index.js';
import { createTestApp, type TestApp } from './support/app.js';

let t: TestApp;

/** A script big enough to be worth compressing (the plugin leaves out answers under 1 kB). */
const GRANDE = `${'export const texto = "una línea de un chunk del admin";\n'.repeat(400)}`;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.destroy();
});

/** The CSP header as directive → sources, so assertions do not depend on order or spacing. */
function csp(headers: Record<string, unknown>): Record<string, string[]> {
  const value = String(headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    value.split(';').map((d) => d.trim()).filter(Boolean).map((d) => {
      const [name, ...sources] = d.split(/\s+/);
      return [name, sources];
    }),
  );
}

function expectStrictApiHeaders(headers: Record<string, unknown>, what: string) {
  expect(csp(headers), what).toMatchObject({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] });
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
}

function expectEnvelope(body: any, statusCode: number, name: string) {
  expect(body).toEqual({ error: { statusCode, name, message: expect.any(String), code: expect.any(String) } });
  expect(body.error.message).not.toMatch(/FST_|Bad Request|not a valid url|Invalid Preflight/);
}

/** One raw HTTP exchange, for what inject() cannot send: bytes Node's own parser rejects. */
function rawHttp(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', (err: NodeJS.ErrnoException) => (err.code === 'ECONNRESET' ? resolve(answer) : reject(err)));
    socket.write(request);
  });
}

function parseRaw(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  const [statusLine, ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) };
}

describe('API security headers', () => {
  it('sends a policy that allows nothing on JSON answers', async () => {
    for (const [url, cookie] of [['/ping', ''], ['/health', ''], ['/openapi.json', ''], ['/cursos', undefined], ['/cursos/count', undefined]] as const) {
      const res = await t.call('GET', url, undefined, { cookie });
      expect(res.status, url).toBe(200);
      expectStrictApiHeaders(res.headers, url);
    }
    const all = (await t.call('GET', '/ping')).headers;
    // The rest of helmet's set, as configured.
    expect(all['cross-origin-resource-policy']).toBe('same-site');
    expect(all['cross-origin-opener-policy']).toBe('same-origin');
    expect(all['x-permitted-cross-domain-policies']).toBe('none');
    expect(all['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('sends it on errors too, whatever produced them', async () => {
    const cases: [string, string, unknown, { cookie?: string; headers?: Record<string, string> }, number][] = [
      ['GET', '/cursos', undefined, { cookie: '' }, 401],
      ['GET', '/cursos/999999', undefined, {}, 404],
      ['GET', '/no-existe', undefined, {}, 404],
      ['GET', '/cursos?filter={"where":{"nada":1}}', undefined, {}, 400],
      ['POST', '/categorias', {}, {}, 422],
      ['POST', '/categorias', '{"nombre":', {}, 400],
      ['POST', '/categorias', { nombre: 'x' }, { headers: { origin: 'https://evil.example' } }, 403],
    ];
    for (const [method, url, body, extra, status] of cases) {
      const res = await t.call(method, url, body, extra);
      expect(res.status, `${method} ${url}`).toBe(status);
      expect(res.body.error.statusCode).toBe(status);
      expectStrictApiHeaders(res.headers, `${method} ${url}`);
    }
  });

  it('lets any origin embed what the admin shows in <img>: an invoice’s QR as the files; never JSON, nor a refusal', async () => {
    // Issue 29 item 17: opened by address (127.0.0.1, a LAN IP), the admin is another site than
    // the API for Chromium, and `same-site` left the QR a broken image.
    const usuario = (await t.call('POST', '/usuarios', { nombre: 'Ana', email: `qr-${Date.now()}@example.es`, nif: '12345678Z', direccion: 'Calle Mayor 1', codigoPostal: '28013', ciudad: 'Madrid', provincia: 'Madrid' })).body;
    const factura = (await t.call('POST', '/facturas', { usuarioId: usuario.id, concepto: 'Curso', base: 10000, tipoIva: 21 })).body;
    expect((await t.call('POST', `/facturas/${factura.id}/emitir`, {})).status).toBe(200);
    const qr = await t.call('GET', `/facturas/${factura.id}/qr.svg`);
    expect(qr.status).toBe(200);
    expect(qr.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(qr.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expectStrictApiHeaders(qr.headers, 'qr.svg');
    // The same route refused (no session, or no such invoice) answers JSON, for this site only.
    for (const [url, cookie] of [[`/facturas/${factura.id}/qr.svg`, ''], ['/facturas/999999/qr.svg', undefined]] as const) {
      const res = await t.call('GET', url, undefined, { cookie });
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-site');
    }
    // The PDF is downloaded, not embedded.
    expect((await t.call('GET', `/facturas/${factura.id}/pdf`)).headers['cross-origin-resource-policy']).toBe('same-site');
  });

  it('sends them with a successful CORS preflight', async () => {
    const res = await t.app.inject({
      method: 'OPTIONS',
      url: '/cursos',
      headers: { origin: t.config.corsOrigins[0], 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expectStrictApiHeaders(res.headers, 'preflight');
  });
});

describe('the explorer under its own policy', () => {
  it('allows its own scripts, styles and data: images, and still no framing', async () => {
    const res = await t.call('GET', '/explorer/', undefined, { cookie: '' });
    expect(res.status).toBe(200);
    const policy = csp(res.headers);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['img-src']).toContain('data:');
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('loads every script and stylesheet its page names, all from this origin and none inline', async () => {
    for (const page of ['/explorer', '/explorer/']) {
      const html = String((await t.call('GET', page, undefined, { cookie: '' })).body);
      // script-src 'self' without 'unsafe-inline': a script without src would not run.
      expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g), page).toBeNull();
      expect(html).not.toMatch(/\sstyle=|<style/);
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(assets.length).toBeGreaterThanOrEqual(5);
      for (const asset of assets) {
        const url = new URL(asset, `http://localhost${page}`);
        expect(url.origin, asset).toBe('http://localhost');
        const res = await t.call('GET', url.pathname, undefined, { cookie: '' });
        expect(res.status, url.pathname).toBe(200);
        expect(String(res.headers['content-type']), url.pathname).toMatch(/javascript|css|image/);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    }
    const spec = await t.call('GET', '/explorer/json', undefined, { cookie: '' });
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toMatch(/^3\./);
  });
});

describe('answers outside the routes, in the envelope', () => {
  it('refuses a preflight without Access-Control-Request-Method (or without Origin) with 400', async () => {
    for (const headers of [{ origin: t.config.corsOrigins[0] }, { 'access-control-request-method': 'GET' }, {}]) {
      const res = await t.app.inject({ method: 'OPTIONS', url: '/cursos', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectEnvelope(res.json(), 400, 'BadRequestError');
      expectStrictApiHeaders(res.headers, 'bad preflight');
    }
  });

  it('answers a URL that does not decode with 400', async () => {
    for (const url of ['/cursos/%E0%A4%A', '/%zz', '/cursos/1/clases%', '/explorer/%zz']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expectEnvelope(res.json(), 400, 'BadRequestError');
      expectStrictApiHeaders(res.headers, url);
    }
  });

  it('answers an over-long path segment with 414', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/cursos/${'9'.repeat(500)}` });
    expect(res.statusCode).toBe(414);
    expectEnvelope(res.json(), 414, 'URITooLongError');
    expectStrictApiHeaders(res.headers, 'long segment');
  });

  describe('over a real socket', () => {
    let port: number;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      port = (t.app.server.address() as { port: number }).port;
    });

    it('answers HTTP that does not parse with 400', async () => {
      const res = parseRaw(await rawHttp(port, 'GET /ping HTTP/1.1\r\nHost: localhost\r\nNo es una cabecera\r\n\r\n'));
      expect(res.status).toBe(400);
      expectEnvelope(res.body, 400, 'BadRequestError');
      expectStrictApiHeaders(res.headers, 'malformed HTTP');
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(res.body))));
    });

    it('answers a query string over the header limit with 431', async () => {
      const res = parseRaw(await rawHttp(port, `GET /cursos?filter=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`));
      expect(res.status).toBe(431);
      expectEnvelope(res.body, 431, 'RequestHeaderFieldsTooLargeError');
      expectStrictApiHeaders(res.headers, 'huge URL');
    });

    it('still serves well-formed requests on the same server', async () => {
      const res = parseRaw(await rawHttp(port, 'GET /ping HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'));
      expect(res.status).toBe(200);
      expectStrictApiHeaders(res.headers, 'ping over the socket');
    });
  });
});

describe('admin server security headers', () => {
  let root: string;
  const admins: FastifyInstance[] = [];
  const admin = async (env: Record<string, string> = {}) => {
    const app = await buildAdminServer(loadConfig({ NODE_ENV: 'test', PORT: '3999', ADMIN_PORT: '8999', ...env }), root);
    admins.push(app);
    return app;
  };
  const get = (app: FastifyInstance, url: string, host = 'admin.example:8999') => app.inject({ method: 'GET', url, headers: { host } });
  const apiUrlIn = (configJs: string) => JSON.parse(configJs.slice(configJs.indexOf('{'), configJs.lastIndexOf('}') + 1)).apiUrl as string;

  beforeAll(() => {
    // A stand-in for dist/admin: the server only needs an index.html and an asset.
    root = mkdtempSync(join(tmpdir(), 'aula-admin-headers-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><script src="/config.js"></script><script type="module" src="/assets/app.js"></script>');
    writeFileSync(join(root, 'assets', 'app.js'), 'console.log(window.AULA_CONFIG);\n');
    writeFileSync(join(root, 'assets', 'grande.js'), GRANDE);
  });

  afterAll(async () => {
    for (const app of admins) await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends a policy with its own scripts, inline styles, and no framing, on every kind of answer', async () => {
    const app = await admin();
    for (const url of ['/', '/index.html', '/config.js', '/assets/app.js', '/main/clases', '/assets/falta.js']) {
      const res = await get(app, url);
      const policy = csp(res.headers);
      expect(policy['default-src'], url).toEqual(["'self'"]);
      expect(policy['script-src'], url).toEqual(["'self'"]);
      expect(policy['style-src'], url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(policy['img-src'], url).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
      expect(policy['font-src'], url).toContain("'self'");
      expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
      expect(policy['object-src'], url).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('lets the browser reach the API at exactly the address /config.js gives it', async () => {
    const app = await admin();
    for (const host of ['admin.example:8999', 'localhost:8999', '127.0.0.1:8999', '[::1]:8999']) {
      const configJs = await get(app, '/config.js', host);
      const apiUrl = apiUrlIn(configJs.body);
      expect(apiUrl).toBe(`http://${host.replace(/:8999$/, '')}:3999`);
      for (const url of ['/', '/config.js', '/main/cursos']) {
        expect(csp((await get(app, url, host)).headers)['connect-src'], `${host}${url}`).toEqual(["'self'", apiUrl]);
      }
    }
  });

  it('with API_URL, allows that origin (a path in it is not part of an origin)', async () => {
    const app = await admin({ API_URL: 'https://api.example.com/v1' });
    const res = await get(app, '/');
    expect(apiUrlIn((await get(app, '/config.js')).body)).toBe('https://api.example.com/v1');
    expect(csp(res.headers)['connect-src']).toEqual(["'self'", 'https://api.example.com']);
    expect(csp(res.headers)['img-src']).toContain('https://api.example.com');
  });

  it('compresses scripts for browsers that accept it, and keeps them cacheable for good', async () => {
    const app = await admin();
    const pedir = (encoding?: string) =>
      app.inject({ method: 'GET', url: '/assets/grande.js', headers: { host: 'localhost:8999', ...(encoding && { 'accept-encoding': encoding }) } });
    const br = await pedir('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(GRANDE.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(GRANDE);
    const gzip = await pedir('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(GRANDE);
    const plano = await pedir();
    expect(plano.headers['content-encoding']).toBeUndefined();
    expect(plano.body).toBe(GRANDE);
  });

  it('does not let a forged Host header write into the policy or the config script', async () => {
    const app = await admin();
    const res = await get(app, '/config.js', "evil.example;script-src 'unsafe-inline'");
    expect(res.statusCode).toBe(200);
    expect(apiUrlIn(res.body)).toBe('http://localhost:3999');
    expect(csp(res.headers)['script-src']).toEqual(["'self'"]);
    expect(csp(res.headers)['connect-src']).toEqual(["'self'", 'http://localhost:3999']);
  });
});
