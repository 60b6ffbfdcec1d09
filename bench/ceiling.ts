// The HTTP ceiling for the page of pagos: node:http, the bare driver and JSON.stringify, and
// nothing of the API (no framework, validation, session, Knex, value conversion): the least any
// server must do for that call. The API's distance from it is the API's own cost, and its
// distance from the in-process driver is what HTTP and the load generator cost on this machine.
// Started by api.ts like server.ts; reports its port over IPC.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { openPg, openSqlite } from './driver.js';
import { PAGE_SQL } from './scenarios.js';

const { TIMESTAMPTZ } = pg.types.builtins;

// No conversion of any value: PostgreSQL's date-times go out as the text it sent (the API turns
// them into ISO strings; pg's default would make Date objects, which costs more than either).
const asText: pg.CustomTypesConfig = { getTypeParser: (oid, format) => (oid === TIMESTAMPTZ ? (v: string) => v : pg.types.getTypeParser(oid, format)) };
const driver = process.env.BENCH_DIALECT === 'pg' ? openPg(process.env.BENCH_DB!, asText) : openSqlite(process.env.BENCH_DB!);

const server = createServer((req, res) => {
  // The page's own filter, read as any server must read it; the scenario's shape is known.
  const filter = JSON.parse(new URL(req.url!, 'http://ceiling').searchParams.get('filter') ?? '{}');
  const { where, limit, skip = 0 } = filter;
  driver.query(PAGE_SQL, [where.estado, where.fecha.gte, where.fecha.lt, limit, skip]).then(
    (rows) => {
      const body = JSON.stringify(rows);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    },
    (err: Error) => {
      res.writeHead(500);
      res.end(err.message);
    },
  );
});

server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
process.once('disconnect', () => {
  server.close();
  driver.close().then(() => process.exit(0));
});
