// The HTTP ceiling for the measured calls (the page of pagos, a pago by id, the page with its
// usuarios, a record's history): node:http, the bare driver and JSON.stringify, and nothing of the API (no framework,
// validation, session, query building); and the same in a bare Fastify, to tell the framework's
// share of the API's distance from it. It converts values as the API must: a
// PostgreSQL date-time goes out as the same ISO string, a SQLite 0/1 as a boolean. The API's
// distance from it is the API's own cost, and its distance from the in-process driver is what
// HTTP and the load generator cost on this machine. Started by api.ts like server.ts; reports its
// port over IPC.
import Fastify from 'fastify';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { timestamptzToIso } from '../api/src/db/index.js';
import { openPg, openSqlite, type Row } from './driver.js';
import { BY_ID_SQL, HISTORIAL_SQL, historialParams, PAGE_SQL, usuariosSql } from './scenarios.js';

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

const send = (res: ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

const pagoById = (id: number) => driver.query(BY_ID_SQL, [id]).then((rows) => rows[0]);

/** A record's history: what the log keeps as text, each change's values, goes out as JSON. */
const historial = async (recurso: string, id: number, filter: { limit: number }) =>
  (await driver.query(HISTORIAL_SQL, historialParams(recurso, id, filter.limit))).map((f) => ({ ...f, cambios: f.cambios === null ? null : JSON.parse(String(f.cambios)) }));

/** node:http alone: nothing between the socket and the query but what any server must do. */
function bareServer(): Promise<Server> {
  const server = createServer((req, res) => {
    // Each call read as any server must read it; the scenarios' shapes are known.
    const url = new URL(req.url!, 'http://ceiling');
    const byId = /^\/pagos\/(\d+)$/.exec(url.pathname);
    const deHistorial = /^\/(\w+)\/(\d+)\/historial$/.exec(url.pathname);
    const filter = JSON.parse(url.searchParams.get('filter') ?? '{}');
    const answer = byId ? pagoById(Number(byId[1])) : deHistorial ? historial(deHistorial[1], Number(deHistorial[2]), filter) : page(filter);
    answer.then(
      (body) => (body === undefined ? send(res, 404, '{}') : send(res, 200, JSON.stringify(body))),
      (err: Error) => send(res, 500, JSON.stringify(err.message)),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * The same work as routes of a Fastify with nothing registered (BENCH_SERVER=fastify): between
 * this and node:http is what the framework itself costs; between this and the API, what the API
 * adds (its hooks, headers, session, validation, query building).
 */
async function fastifyServer(): Promise<Server> {
  const app = Fastify();
  app.get<{ Params: { id: string } }>('/pagos/:id', async (req, reply) => (await pagoById(Number(req.params.id))) ?? reply.code(404).send({}));
  app.get<{ Querystring: { filter?: string } }>('/pagos', async (req) => page(JSON.parse(req.query.filter ?? '{}')));
  app.get<{ Params: { recurso: string; id: string }; Querystring: { filter?: string } }>('/:recurso/:id/historial', async (req) =>
    historial(req.params.recurso, Number(req.params.id), JSON.parse(req.query.filter ?? '{}')),
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app.server;
}

const server = await (process.env.BENCH_SERVER === 'fastify' ? fastifyServer() : bareServer());
process.send!({ port: (server.address() as AddressInfo).port });
process.once('disconnect', () => {
  server.close();
  driver.close().then(() => process.exit(0));
});
