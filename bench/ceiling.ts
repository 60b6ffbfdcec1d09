// The HTTP ceiling for the measured calls (the page of pagos, a pago by id, the page with its
// usuarios, a record's history, the shop's access question): node:http, the bare driver and JSON.stringify, and of the API
// only what any secure server of this product must do (issue 31): the session cookie checked
// against `sesiones` (SHA-256 of the token, a check reused for at most a second, as the API's
// reads do), the API's own security headers, and a record's ETag. No framework, validation,
// roles or query building. And the same in a bare Fastify, to tell the framework's
// share of the API's distance from it. It converts values as the API must: a
// PostgreSQL date-time goes out as the same ISO string, a SQLite 0/1 as a boolean. The API's
// distance from it is the API's own cost, and its distance from the in-process driver is what
// HTTP and the load generator cost on this machine. Started by api.ts like server.ts; reports its
// port over IPC.
import Fastify from 'fastify';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SESSION_COOKIE } from '../api/src/auth/sessions.js';
import { timestamptzToIso } from '../api/src/db/index.js';
import { apiSecurityHeaders } from '../api/src/rest/security.js';
import { etag } from '../api/src/rest/versiones.js';
import { openPg, openSqlite, type Row } from './driver.js';
import { answerPerfiles } from './perfil.js';
import { ACCESO_SQL, BY_ID_SQL, HISTORIAL_SQL, historialParams, PAGE_SQL, usuariosSql } from './scenarios.js';

const { TIMESTAMPTZ } = pg.types.builtins;

const isPg = process.env.BENCH_DIALECT === 'pg';
// The API's own reading of a timestamptz (db/index.ts), not pg's Date, which costs more.
const asIso: pg.CustomTypesConfig = { getTypeParser: (oid, format) => (oid === TIMESTAMPTZ ? timestamptzToIso : pg.types.getTypeParser(oid, format)) };
const driver = isPg ? openPg(process.env.BENCH_DB!, asIso) : openSqlite(process.env.BENCH_DB!);

// SQLite has no boolean: the one boolean column these calls read is the usuario's.
const usuarioOut = isPg ? (u: Row) => u : (u: Row) => ({ ...u, activo: u.activo === 1 });

async function page(filter: { where: { estado: string; fecha: { gte: string; lt: string } }; limit: number; skip?: number; include?: string[] }) {
  const { where, limit, skip = 0 } = filter;
  const pagos = await driver.query(PAGE_SQL, [where.estado, where.fecha.gte, where.fecha.lt, limit, skip]);
  if (!filter.include?.includes('usuario') || !pagos.length) return pagos;
  const ids = [...new Set(pagos.map((p) => p.usuarioId))];
  const usuarios = new Map((await driver.query(usuariosSql(ids.length), ids)).map((u) => [u.id, usuarioOut(u)]));
  for (const p of pagos) p.usuario = usuarios.get(p.usuarioId) ?? null;
  return pagos;
}

const SESION_SQL =
  'SELECT "sesiones"."expiresAt", "logins"."activo" FROM "sesiones" JOIN "logins" ON "logins"."id" = "sesiones"."loginId" WHERE "sesiones"."tokenHash" = ?';
const RECHECK_MS = 1_000;
const COOKIE = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([A-Za-z0-9_-]{43})(?:;|$)`);
const millis = (v: unknown) => (v instanceof Date ? v.getTime() : new Date(String(v)).getTime());
const checked = new Map<string, number>();

/** Whether the request's session cookie names a live session: the database asked at most once a second per token. */
async function sessionOk(cookie: string | undefined): Promise<boolean> {
  const token = COOKIE.exec(cookie ?? '')?.[1];
  if (!token) return false;
  const now = Date.now();
  if (now - (checked.get(token) ?? -Infinity) < RECHECK_MS) return true;
  const [row] = await driver.query(SESION_SQL, [createHash('sha256').update(token).digest('hex')]);
  const ok = row !== undefined && (row.activo === true || row.activo === 1) && millis(row.expiresAt) > now;
  if (ok) checked.set(token, now);
  else checked.delete(token);
  return ok;
}

const send = (res: ServerResponse, status: number, body: string, extra: Record<string, string> = {}) => {
  res.writeHead(status, { ...apiSecurityHeaders, ...extra, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

/** A record's ETag, as the API sends it. */
const recordHeaders = (row: Row): Record<string, string> => (row.version === undefined ? {} : { etag: etag(row.version) });

const pagoById = (id: number) => driver.query(BY_ID_SQL, [id]).then((rows) => rows[0]);

/** A record's history: what the log keeps as text, each change's values, goes out as JSON. */
const historial = async (recurso: string, id: number, filter: { limit: number }) =>
  (await driver.query(HISTORIAL_SQL, historialParams(recurso, id, filter.limit))).map((f) => ({ ...f, cambios: f.cambios === null ? null : JSON.parse(String(f.cambios)) }));

/**
 * The shop's question as the API answers it: access while the activa matrícula has not ended;
 * without one, the usuario and the curso looked up, since one that does not exist is a 404.
 */
async function acceso(usuarioId: number, cursoId: number): Promise<{ status: number; body: object }> {
  const [fila] = await driver.query(ACCESO_SQL, [usuarioId, cursoId, 'activa']);
  if (fila && (fila.hasta == null || millis(fila.hasta) > Date.now())) {
    return { status: 200, body: { acceso: true, hasta: fila.hasta == null ? null : new Date(millis(fila.hasta)).toISOString(), matriculaId: Number(fila.id) } };
  }
  const [[usuario], [curso]] = await Promise.all([driver.query('SELECT id FROM usuarios WHERE id = ?', [usuarioId]), driver.query('SELECT id FROM cursos WHERE id = ?', [cursoId])]);
  return usuario && curso ? { status: 200, body: { acceso: false, hasta: null, matriculaId: null } } : { status: 404, body: {} };
}

/** node:http alone: nothing between the socket and the query but what any server must do. */
function bareServer(): Promise<Server> {
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    if (!(await sessionOk(req.headers.cookie))) return send(res, 401, '{}');
    // Each call read as any server must read it; the scenarios' shapes are known.
    const url = new URL(req.url!, 'http://ceiling');
    const byId = /^\/pagos\/(\d+)$/.exec(url.pathname);
    const deHistorial = /^\/(\w+)\/(\d+)\/historial$/.exec(url.pathname);
    const deAcceso = /^\/usuarios\/(\d+)\/acceso\/(\d+)$/.exec(url.pathname);
    const filter = JSON.parse(url.searchParams.get('filter') ?? '{}');
    if (deAcceso) {
      const { status, body } = await acceso(Number(deAcceso[1]), Number(deAcceso[2]));
      return send(res, status, JSON.stringify(body));
    }
    if (byId) {
      const row = await pagoById(Number(byId[1]));
      return row === undefined ? send(res, 404, '{}') : send(res, 200, JSON.stringify(row), recordHeaders(row));
    }
    send(res, 200, JSON.stringify(await (deHistorial ? historial(deHistorial[1], Number(deHistorial[2]), filter) : page(filter))));
  };
  const server = createServer((req, res) => void answer(req, res).catch((err: Error) => send(res, 500, JSON.stringify(err.message))));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * The same work as routes of a Fastify with nothing registered (BENCH_SERVER=fastify): between
 * this and node:http is what the framework itself costs; between this and the API, what the API
 * adds (its hooks, headers, session, validation, query building).
 */
async function fastifyServer(): Promise<Server> {
  const app = Fastify();
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(apiSecurityHeaders);
    if (!(await sessionOk(req.headers.cookie))) return reply.code(401).send({});
  });
  app.get<{ Params: { id: string } }>('/pagos/:id', async (req, reply) => {
    const row = await pagoById(Number(req.params.id));
    return row === undefined ? reply.code(404).send({}) : reply.headers(recordHeaders(row)).send(row);
  });
  app.get<{ Querystring: { filter?: string } }>('/pagos', async (req) => page(JSON.parse(req.query.filter ?? '{}')));
  app.get<{ Params: { recurso: string; id: string }; Querystring: { filter?: string } }>('/:recurso/:id/historial', async (req) =>
    historial(req.params.recurso, Number(req.params.id), JSON.parse(req.query.filter ?? '{}')),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server;
}

const server = await (process.env.BENCH_SERVER === 'fastify' ? fastifyServer() : bareServer());
answerPerfiles(`techo-${process.env.BENCH_SERVER ?? 'node'}`);
process.send!({ port: (server.address() as AddressInfo).port });
process.once('disconnect', () => {
  server.close();
  driver.close().then(() => process.exit(0));
});
