// API tokens and the shop's role (issue 32, point 1): an administrador creates a token that is
// shown once, a machine acts with its role through `Authorization: Bearer`, its writes are audited
// as the token, it is throttled, revoked or expired it stops at once in every process, and the
// `tienda` role reaches what a shop needs and nothing else.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createTestApp, type TestApp } from '../support/app.js';
import { tokenCon } from '../support/cuentas.js';

let t: TestApp;
/** Another API instance on the same database, as another process. */
let otra: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_MAX_POR_MINUTO: '40' });
  otra = await buildApp({ config: t.config, db: t.db });
});
afterAll(async () => {
  await otra.close();
  await t.destroy();
});

const bearer = (token: string) => ({ cookie: '', headers: { authorization: `Bearer ${token}` } });
const q = (filter: unknown) => encodeURIComponent(JSON.stringify(filter));

describe('creating, listing and revoking a token', () => {
  it('answers the token once; the list, the record and the table never hold it', async () => {
    const res = await t.call('POST', '/tokens', { nombre: 'Tienda web', rol: 'tienda' });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^aula_[A-Za-z0-9_-]{43}$/);
    expect(res.body).toMatchObject({ nombre: 'Tienda web', rol: 'tienda', prefijo: res.body.token.slice(0, 11), revocadoEn: null, ultimoUso: null });
    expect(res.body).not.toHaveProperty('tokenHash');
    const leido = await t.call('GET', `/tokens/${res.body.id}`);
    expect(leido.body).not.toHaveProperty('token');
    expect(leido.body).not.toHaveProperty('tokenHash');
    const lista = await t.call('GET', '/tokens');
    expect(JSON.stringify(lista.body)).not.toContain(res.body.token);
    const fila = await t.db('tokens').where('id', res.body.id).first();
    expect(fila.tokenHash).toBe(createHash('sha256').update(res.body.token).digest('hex'));
    expect(JSON.stringify(fila)).not.toContain(res.body.token);
    // Its creation is in its history, by the administrador, without the token either.
    const historial = await t.call('GET', `/tokens/${res.body.id}/historial`);
    expect(historial.body[0]).toMatchObject({ accion: 'crear', login: { usuario: 'admin' } });
    expect(JSON.stringify(historial.body)).not.toContain(res.body.token);
  });

  it('refuses a bad body with the reason next to the field, and a past expiry', async () => {
    const sinRol = await t.call('POST', '/tokens', { nombre: 'x' });
    expect(sinRol.status).toBe(422);
    expect(sinRol.body.error.details[0].path).toBe('/rol');
    const persona = await t.call('POST', '/tokens', { nombre: 'x', rol: 'jefe' });
    expect(persona.status).toBe(422);
    const pasada = await t.call('POST', '/tokens', { nombre: 'x', rol: 'tienda', caduca: '2020-01-01T00:00:00.000Z' });
    expect(pasada.status).toBe(422);
    expect(pasada.body.error.details).toEqual([expect.objectContaining({ path: '/caduca', message: 'La fecha de caducidad debe ser posterior a ahora' })]);
    expect(await t.db('tokens').where('nombre', 'x').first()).toBeUndefined();
  });

  it('changes its name, never its role or expiry', async () => {
    const { id } = await tokenCon(t, 'tienda', 'Renombrable');
    expect((await t.call('PATCH', `/tokens/${id}`, { nombre: 'Tienda nueva' })).status).toBe(204);
    const rol = await t.call('PATCH', `/tokens/${id}`, { rol: 'administrador' });
    expect(rol.status).toBe(422);
    expect(rol.body.error.details[0]).toMatchObject({ path: '/rol' });
    expect((await t.call('GET', `/tokens/${id}`)).body).toMatchObject({ nombre: 'Tienda nueva', rol: 'tienda' });
  });

  it('revoked, it is refused at once in this process and in another; the row and its writes stay', async () => {
    const tienda = await tokenCon(t, 'tienda', 'Para revocar');
    expect((await tienda.call('GET', '/cursos')).status).toBe(200);
    expect((await otra.inject({ method: 'GET', url: '/cursos', headers: { authorization: `Bearer ${tienda.token}` } })).statusCode).toBe(200);
    const revocado = await t.call('POST', `/tokens/${tienda.id}/revocar`, {});
    expect(revocado.status).toBe(200);
    expect(revocado.body.revocadoEn).toEqual(expect.any(String));
    const aqui = await tienda.call('GET', '/cursos');
    expect(aqui.status).toBe(401);
    expect(aqui.body.error.message).toBe('El token no es válido, ha caducado o fue revocado: pide uno nuevo a un administrador');
    expect((await otra.inject({ method: 'GET', url: '/cursos', headers: { authorization: `Bearer ${tienda.token}` } })).statusCode).toBe(401);
    expect((await t.call('POST', `/tokens/${tienda.id}/revocar`, {})).status).toBe(409);
    expect((await t.call('GET', `/tokens/${tienda.id}`)).status).toBe(200);
  });

  it('expired, it is refused', async () => {
    const caduca = new Date(Date.now() + 60_000).toISOString();
    const res = await t.call('POST', '/tokens', { nombre: 'Caduca', rol: 'tienda', caduca });
    expect((await t.call('GET', '/cursos', undefined, bearer(res.body.token))).status).toBe(200);
    // As if its time had come: the database says when it expires.
    await t.db('tokens').where('id', res.body.id).update({ caduca: new Date(Date.now() - 1000).toISOString() });
    expect((await t.call('GET', '/cursos', undefined, bearer(res.body.token))).status).toBe(401);
  });

  it('records its last use', async () => {
    const tienda = await tokenCon(t, 'tienda', 'Uso');
    expect((await t.call('GET', `/tokens/${tienda.id}`)).body.ultimoUso).toBeNull();
    await tienda.call('GET', '/cursos');
    expect((await t.call('GET', `/tokens/${tienda.id}`)).body.ultimoUso).toEqual(expect.any(String));
  });

  it('only an administrador manages tokens, and a token never creates one', async () => {
    const admin = await tokenCon(t, 'administrador', 'Integración');
    const otro = await admin.call('POST', '/tokens', { nombre: 'Copia', rol: 'administrador' });
    expect(otro.status).toBe(403);
    expect(otro.body.error.message).toMatch(/nunca otro token/);
    expect((await admin.call('POST', `/tokens/${admin.id}/revocar`, {})).status).toBe(403);
    expect(await t.db('tokens').where('nombre', 'Copia').first()).toBeUndefined();
    // An administrador's token is an administrador on the data, not on the accounts' own routes.
    expect((await admin.call('GET', '/pagos')).status).toBe(200);
    for (const [method, url] of [
      ['GET', '/logins/me'],
      ['POST', '/cuenta/contrasena'],
      ['GET', '/cuenta/sesiones'],
      ['GET', '/eventos'],
    ] as const) {
      const res = await admin.call(method, url, method === 'POST' ? { actual: 'a', nueva: 'b' } : undefined);
      expect(res.status, url).toBe(403);
      expect(res.body.error.message).toMatch(/un token no puede usarla/);
    }
  });
});

describe('a request with a token', () => {
  it('with an unknown, malformed or empty token is 401, whatever cookie it carries', async () => {
    for (const auth of ['Bearer aula_' + 'x'.repeat(43), 'Bearer nada', 'Bearer ', 'bearer']) {
      const res = await t.call('GET', '/cursos', undefined, { headers: { authorization: auth } });
      expect(res.status, auth).toBe(401);
    }
    // Another scheme (a proxy's Basic credentials) is no token: the session still counts.
    expect((await t.call('GET', '/cursos', undefined, { headers: { authorization: 'Basic YWRtaW46YWRtaW4=' } })).status).toBe(200);
  });

  it('is exempt from the Origin check, not from its role', async () => {
    const tienda = await tokenCon(t, 'tienda', 'Origen');
    const cursos = await tienda.call('POST', '/usuarios', { nombre: 'Ana', email: 'ana-origen@example.com' }, { origin: 'https://tienda.example.com' });
    expect(cursos.status).toBe(200);
    // The same Origin with a session cookie is a forged request.
    const conCookie = await t.call('POST', '/usuarios', { nombre: 'Eva', email: 'eva-origen@example.com' }, { headers: { origin: 'https://tienda.example.com' } });
    expect(conCookie.status).toBe(403);
    const factura = await tienda.call('POST', '/facturas', {}, { origin: 'https://tienda.example.com' });
    expect(factura.status).toBe(403);
    expect(factura.body.error.message).toBe('Tu cuenta (Tienda) no tiene acceso a las facturas');
  });

  it('is audited as the token, not as an account', async () => {
    const tienda = await tokenCon(t, 'tienda', 'Tienda web');
    const u = await tienda.call('POST', '/usuarios', { nombre: 'Luis', apellidos: 'Sanz', email: 'luis@example.com' });
    expect(u.status).toBe(200);
    const fila = await t.db('logs').where({ recurso: 'usuarios', recursoId: u.body.id, tipo: 'CREATE' }).first();
    expect(fila).toMatchObject({ tokenId: tienda.id, loginId: null });
    const conToken = await t.call('GET', `/logs/${fila.id}?filter=${q({ include: ['token'] })}`);
    expect(conToken.body.token).toMatchObject({ nombre: 'Tienda web', rol: 'tienda' });
    // The usuario's history says the shop added it.
    const historial = await t.call('GET', `/usuarios/${u.body.id}/historial`);
    expect(historial.body[0]).toMatchObject({ accion: 'crear', login: null, token: { id: tienda.id, nombre: 'Tienda web' } });
    // A refused write too: one PROHIBIDO row, the token's.
    expect((await tienda.call('DELETE', `/usuarios/${u.body.id}`)).status).toBe(403);
    expect(await t.db('logs').where({ tipo: 'PROHIBIDO', tokenId: tienda.id }).first()).toMatchObject({ loginId: null, recurso: 'usuarios' });
  });

  it('is throttled: past its requests per minute, 429 with when to come back', async () => {
    const tienda = await tokenCon(t, 'tienda', 'Prisa');
    const estados: number[] = [];
    for (let i = 0; i < 42; i++) estados.push((await tienda.call('GET', '/categorias')).status);
    expect(estados.slice(0, 40).every((s) => s === 200)).toBe(true);
    const ultima = await tienda.call('GET', '/categorias');
    expect(ultima.status).toBe(429);
    expect(Number(ultima.headers['retry-after'])).toBeGreaterThan(0);
    // Another token, or a person, is not held back by it.
    expect((await (await tokenCon(t, 'tienda', 'Otra')).call('GET', '/categorias')).status).toBe(200);
    expect((await t.call('GET', '/categorias')).status).toBe(200);
  });
});

describe('the tienda role: what a shop needs and no more', () => {
  let tienda: Awaited<ReturnType<typeof tokenCon>>;
  let otraTienda: Awaited<ReturnType<typeof tokenCon>>;
  let publicado: number;
  let borrador: number;
  let clienta: number;

  beforeAll(async () => {
    tienda = await tokenCon(t, 'tienda', 'Tienda principal');
    otraTienda = await tokenCon(t, 'tienda', 'Tienda de otra marca');
    publicado = (await t.call('POST', '/cursos', { titulo: 'Guitarra', precio: 4900, estado: 'publicado' })).body.id;
    borrador = (await t.call('POST', '/cursos', { titulo: 'Piano (en preparación)', precio: 5900, estado: 'borrador' })).body.id;
    clienta = (await t.call('POST', '/usuarios', { nombre: 'Marta', apellidos: 'Gil', email: 'marta.tienda@example.com', nif: '12345678Z', telefono: '600000000' })).body.id;
  });

  it('reads the published catalogue, never a draft', async () => {
    const cursos = await tienda.call('GET', '/cursos');
    expect(cursos.status).toBe(200);
    const ids = cursos.body.map((c: { id: number }) => c.id);
    expect(ids).toContain(publicado);
    expect(ids).not.toContain(borrador);
    expect(cursos.body.every((c: { estado: string }) => c.estado === 'publicado')).toBe(true);
    expect((await tienda.call('GET', `/cursos/count`)).body.count).toBe(cursos.body.length);
    expect((await tienda.call('GET', `/cursos/${publicado}`)).status).toBe(200);
    const draft = await tienda.call('GET', `/cursos/${borrador}`);
    expect(draft.status).toBe(403);
    expect(draft.body.error.message).toBe('Solo tienes acceso a los cursos con Estado «Publicado»');
    expect((await tienda.call('GET', `/cursos?filter=${q({ where: { estado: 'borrador' } })}`)).body).toEqual([]);
    expect((await tienda.call('GET', `/cursos/${borrador}/historial`)).status).toBe(403);
    expect((await tienda.call('GET', '/categorias')).status).toBe(200);
  });

  it('finds a usuario by the exact email, with only who they are; never lists them', async () => {
    const encontrada = await tienda.call('GET', `/usuarios?filter=${q({ where: { email: 'marta.tienda@example.com' } })}`);
    expect(encontrada.status).toBe(200);
    expect(encontrada.body).toEqual([{ id: clienta, nombre: 'Marta', apellidos: 'Gil', email: 'marta.tienda@example.com', pais: 'ES' }]);
    for (const url of ['/usuarios', `/usuarios/${clienta}`, '/usuarios/count', '/usuarios.csv', `/usuarios?filter=${q({ where: { email: { like: '%example.com' } } })}`, `/usuarios/${clienta}/historial`]) {
      const res = await tienda.call('GET', url);
      expect(res.status, url).toBe(403);
      expect(res.body.error.message, url).toMatch(/^Solo puedes buscar los usuarios por su email exacto/);
    }
    // Nor by what it may not read.
    expect((await tienda.call('GET', `/usuarios?filter=${q({ where: { email: 'marta.tienda@example.com', nif: '12345678Z' } })}`)).status).toBe(403);
  });

  it('creates a usuario, never changes or deletes one', async () => {
    const nueva = await tienda.call('POST', '/usuarios', { nombre: 'Nuria', apellidos: 'Vega', email: 'nuria@example.com', pais: 'PT' });
    expect(nueva.status).toBe(200);
    expect(Object.keys(nueva.body).sort()).toEqual(['apellidos', 'email', 'id', 'nombre', 'pais']);
    // One that exists is refused as taken: the shop then finds it.
    expect((await tienda.call('POST', '/usuarios', { nombre: 'Marta', email: 'MARTA.tienda@example.com' })).status).toBe(422);
    expect((await tienda.call('POST', '/usuarios', { nombre: 'Ñ', email: 'n2@example.com', nif: '12345678Z' })).status).toBe(403);
    const cambio = await tienda.call('PATCH', `/usuarios/${clienta}`, { nombre: 'Otra' });
    expect(cambio.status).toBe(403);
    expect(cambio.body.error.message).toBe('Tu cuenta (Tienda) puede crear los usuarios, pero no cambiarlos ni borrarlos');
    expect((await tienda.call('DELETE', `/usuarios/${clienta}`)).status).toBe(403);
    expect((await t.call('GET', `/usuarios/${clienta}`)).body.nombre).toBe('Marta');
  });

  it('opens a pago pendiente and reads back its own, never another shop’s nor a completed one', async () => {
    const pago = await tienda.call('POST', '/pagos', { usuarioId: clienta, cursoId: publicado, importe: 4900, metodo: 'tarjeta', referencia: 'pi_3Tienda', fecha: new Date().toISOString() });
    expect(pago.status).toBe(200);
    expect(pago.body).toMatchObject({ estado: 'pendiente', importe: 4900 });
    expect(pago.body).not.toHaveProperty('notas');
    expect(pago.body).not.toHaveProperty('tokenId');
    expect((await t.db('pagos').where('id', pago.body.id).first()).tokenId).toBe(tienda.id);
    expect((await tienda.call('GET', `/pagos/${pago.body.id}`)).body.estado).toBe('pendiente');
    expect((await tienda.call('GET', '/pagos')).body.map((p: { id: number }) => p.id)).toEqual([pago.body.id]);

    const ajeno = await otraTienda.call('GET', `/pagos/${pago.body.id}`);
    expect(ajeno.status).toBe(403);
    expect((await otraTienda.call('GET', '/pagos')).body).toEqual([]);
    // Nor one a person recorded.
    const manual = await t.call('POST', '/pagos', { usuarioId: clienta, importe: 100, metodo: 'efectivo', estado: 'completado', fecha: new Date().toISOString() });
    expect((await tienda.call('GET', `/pagos/${manual.body.id}`)).status).toBe(403);

    const cobrado = await tienda.call('POST', '/pagos', { usuarioId: clienta, importe: 4900, metodo: 'tarjeta', estado: 'completado', fecha: new Date().toISOString() });
    expect(cobrado.status).toBe(422);
    expect(cobrado.body.error.details[0]).toMatchObject({ path: '/estado' });
    expect((await tienda.call('PATCH', `/pagos/${pago.body.id}`, { estado: 'completado' })).status).toBe(403);
    expect((await tienda.call('POST', `/pagos/${pago.body.id}/reembolsar`, { importe: 100 })).status).toBe(403);
    // What the pago's usuario is, it asks by email: no way round through an include.
    expect((await tienda.call('GET', `/pagos/${pago.body.id}?filter=${q({ include: ['usuario'] })}`)).status).toBe(403);
  });

  it('never reaches an invoice, an account, the log, a token or the jobs', async () => {
    for (const url of ['/facturas', '/logins', '/logs', '/tokens', '/trabajos', '/registros', '/reembolsos', '/clases', '/archivos', '/informes/resumen']) {
      expect((await tienda.call('GET', url)).status, url).toBe(403);
    }
    expect((await tienda.call('POST', '/tokens', { nombre: 'otra', rol: 'administrador' })).status).toBe(403);
  });
});
