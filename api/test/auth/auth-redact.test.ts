// The log redaction recommended for the app, held to its promise on a real Fastify logger:
// secrets sent in headers, bodies and query strings never appear in the log output.
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { LOG_REDACT_PATHS, redactUrl } from '../../src/auth/redact.js';

describe('redactUrl', () => {
  it('hides query values whose key or JSON content names a secret, and keeps the rest', () => {
    expect(redactUrl('/logins?filter[where][pass]=abc&filter[limit]=5')).toBe('/logins?filter[where][pass]=[oculto]&filter[limit]=5');
    expect(redactUrl('/logins?filter%5Bwhere%5D%5Bpass%5D=abc')).toBe('/logins?filter%5Bwhere%5D%5Bpass%5D=[oculto]');
    const json = encodeURIComponent(JSON.stringify({ where: { usuario: 'ana', pass: 'abc' } }));
    expect(redactUrl(`/logins?filter=${json}&x=1`)).toBe('/logins?filter=[oculto]&x=1');
    expect(redactUrl('/cursos?filter[where][titulo]=Node&flag')).toBe('/cursos?filter[where][titulo]=Node&flag');
    expect(redactUrl('/cursos')).toBe('/cursos');
    expect(redactUrl('/x?pass=%E0%A4%A')).toBe('/x?pass=[oculto]');
    // JSON reads `pa\u0073s` as `pass`; so does the redaction, in the value and in the key.
    const escaped = encodeURIComponent('{"where":{"pa\\u0073s":"abc"}}');
    expect(redactUrl(`/logins?filter=${escaped}`)).toBe('/logins?filter=[oculto]');
    expect(redactUrl('/logins?filter=%7B%22where%22%3A%7B%22PA%5Cu0053S%22%3A%22abc%22%7D%7D')).toBe('/logins?filter=[oculto]');
    expect(redactUrl('/logins?filter[where][pa%5Cu0073s]=abc')).toBe('/logins?filter[where][pa%5Cu0073s]=[oculto]');
  });
});

describe('LOG_REDACT_PATHS with redactUrl on a Fastify logger', () => {
  it('keeps cookies, passwords and session tokens out of every line', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = Fastify({
      logger: {
        level: 'trace',
        stream,
        redact: { paths: LOG_REDACT_PATHS, censor: '[oculto]' },
        serializers: { req: (req) => ({ method: req.method, url: redactUrl(req.url) }) },
      },
    });
    app.post('/logins/login', async (request, reply) => {
      request.log.info({ body: request.body, headers: request.headers }, 'lo que un descuido registraría');
      request.log.info(request.body as object, 'el cuerpo tal cual');
      reply.header('set-cookie', 'aula_sesion=TOKEN-SECRETO; HttpOnly');
      request.log.info({ res: { headers: reply.getHeaders() } }, 'la respuesta');
      return {};
    });
    await app.inject({
      method: 'POST',
      url: '/logins/login?pass=EN-LA-URL',
      headers: { cookie: 'aula_sesion=COOKIE-SECRETA', authorization: 'Basic QUTH', 'content-type': 'application/json' },
      payload: JSON.stringify({ usuario: 'ana', pass: 'CLAVE-SECRETA' }),
    });
    await app.close();
    const log = lines.join('');
    expect(log).toContain('lo que un descuido registraría');
    expect(log).toContain('[oculto]');
    for (const secret of ['EN-LA-URL', 'COOKIE-SECRETA', 'QUTH', 'CLAVE-SECRETA', 'TOKEN-SECRETO']) expect(log).not.toContain(secret);
  });
});
