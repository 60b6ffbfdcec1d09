// The measured calls: each is an API path and, beside it, the SQL the API runs for
// it, written by hand and run through the bare driver. The API orders by `fecha DESC, id DESC`
// (it appends id as a tie-break) and loads an include with a second query.
import { randomInt } from 'node:crypto';
import { AUDIT_TIPOS } from '../api/src/base/types.js';
import type { Driver, Row } from './driver.js';

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface Scenario {
  name: string;
  /** One API call's path; varied between calls where the issue asks for it. */
  path(): string;
  /** The same work through the bare driver. */
  direct(): Promise<unknown>;
  /** The statements whose plans are printed and checked for full scans. */
  plans(): Promise<Statement[]>;
  /** Why an API answer is not what this scenario expects, if it is not. */
  check(body: unknown): string | undefined;
  /** Measured against the bare-HTTP ceiling too (ceiling.ts serves it), with its target. */
  ceiling: boolean;
}

const PAGE = 25;

/** The page of pagos as the API runs it (estado + fecha range, newest first), with `?` bindings. */
export const PAGE_SQL =
  'SELECT * FROM pagos WHERE estado = ? AND fecha >= ? AND fecha < ? ORDER BY fecha DESC, id DESC LIMIT ? OFFSET ?';

export const BY_ID_SQL = 'SELECT * FROM pagos WHERE id = ?';

/** The shop's question (GET /usuarios/{id}/acceso/{cursoId}): the usuario's activa matrícula in the curso. */
export const ACCESO_SQL = 'SELECT id, hasta FROM matriculas WHERE "usuarioId" = ? AND "cursoId" = ? AND estado = ? LIMIT 1';

/** The include's second query: the page's usuarios, by id. */
export const usuariosSql = (n: number) => `SELECT * FROM usuarios WHERE id IN (${Array(n).fill('?').join(', ')}) ORDER BY id ASC`;

export async function buildScenarios(driver: Driver, now = new Date()): Promise<Scenario[]> {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - 12);
  const range = [since.toISOString(), now.toISOString()];
  const where = { estado: 'completado', fecha: { gte: range[0], lt: range[1] } };

  // "vary skip a little": one of the first nine pages, the same spread on both sides.
  const skip = () => PAGE * randomInt(0, 9);
  const pageParams = (offset: number) => ['completado', ...range, PAGE, offset];
  const countSql = 'SELECT count(*) AS count FROM pagos WHERE estado = ? AND fecha >= ? AND fecha < ?';
  const usuarioIds = (rows: Row[]) => [...new Set(rows.map((r) => r.usuarioId))];

  const [{ lo, hi }] = (await driver.query('SELECT min(id) AS lo, max(id) AS hi FROM pagos', [])) as { lo: number; hi: number }[];
  const anyId = () => randomInt(Number(lo), Number(hi) + 1);
  const page = (offset: number) => driver.query(PAGE_SQL, pageParams(offset));
  const filter = (extra: object) => encodeURIComponent(JSON.stringify({ where, order: 'fecha DESC', limit: PAGE, ...extra }));
  const isPage = (body: unknown) => (Array.isArray(body) && body.length === PAGE ? undefined : `se esperaba una página de ${PAGE} pagos`);

  return [
    {
      name: 'página de pagos',
      path: () => `/pagos?filter=${filter({ skip: skip() })}`,
      direct: () => page(skip()),
      plans: async () => [{ sql: PAGE_SQL, params: pageParams(0) }],
      check: isPage,
      ceiling: true,
    },
    {
      name: 'count',
      path: () => `/pagos/count?where=${encodeURIComponent(JSON.stringify(where))}`,
      direct: () => driver.query(countSql, ['completado', ...range]),
      plans: async () => [{ sql: countSql, params: ['completado', ...range] }],
      check: (body) => (typeof (body as { count?: unknown })?.count === 'number' ? undefined : 'se esperaba {count}'),
      ceiling: false,
    },
    {
      name: 'getById',
      path: () => `/pagos/${anyId()}`,
      direct: () => driver.query(BY_ID_SQL, [anyId()]),
      plans: async () => [{ sql: BY_ID_SQL, params: [lo] }],
      check: (body) => (typeof (body as { id?: unknown })?.id === 'number' ? undefined : 'se esperaba un pago'),
      ceiling: true,
    },
    {
      name: 'página + usuario',
      path: () => `/pagos?filter=${filter({ skip: skip(), include: ['usuario'] })}`,
      direct: async () => {
        const ids = usuarioIds(await page(skip()));
        return ids.length ? driver.query(usuariosSql(ids.length), ids) : [];
      },
      plans: async () => {
        const ids = usuarioIds(await page(0));
        return [
          { sql: PAGE_SQL, params: pageParams(0) },
          { sql: usuariosSql(ids.length), params: ids },
        ];
      },
      check: (body) => isPage(body) ?? ((body as Row[]).every((p) => p.usuario) ? undefined : 'falta el usuario incluido'),
      ceiling: true,
    },
  ];
}

/** A record's history as the API reads it (api/src/rest/historial.ts): one range of logs_recurso_historial. */
export const HISTORIAL_SQL =
  'SELECT "logs"."id", "logs"."fecha", "logs"."tipo", "logs"."datos", "logs"."cambios", "logs"."version", "logs"."ip", "logs"."loginId", "logins"."nombre", "logins"."usuario" ' +
  'FROM "logs" LEFT JOIN "logins" ON "logins"."id" = "logs"."loginId" WHERE "logs"."recurso" = ? AND "logs"."recursoId" = ? AND "logs"."tipo" IN (?, ?, ?) ORDER BY "logs"."id" DESC LIMIT ?';

export const historialParams = (recurso: string, id: number, limit: number) => [recurso, id, ...AUDIT_TIPOS, limit];

/** What the admin's Historial tab asks for (admin/src/providers/dataProvider.ts, `historial`). */
export const HISTORIAL_LIMIT = 50;

/** The history of each record given, as the admin's Historial tab opens it. */
export async function buildHistorialScenarios(driver: Driver, records: { recurso: string; id: number }[]): Promise<Scenario[]> {
  return Promise.all(
    records.map(async ({ recurso, id }) => {
      const params = historialParams(recurso, id, HISTORIAL_LIMIT);
      // Counted here rather than taken from the fill: the demo's own rows count too.
      const [{ n }] = (await driver.query('SELECT count(*) AS n FROM "logs" WHERE "recurso" = ? AND "recursoId" = ? AND "tipo" IN (?, ?, ?)', params.slice(0, -1))) as { n: number }[];
      const expected = Math.min(Number(n), HISTORIAL_LIMIT);
      return {
        name: `historial de ${recurso}/${id} (${n} filas)`,
        path: () => `/${recurso}/${id}/historial?filter=${encodeURIComponent(JSON.stringify({ limit: HISTORIAL_LIMIT }))}`,
        direct: () => driver.query(HISTORIAL_SQL, params),
        plans: async () => [{ sql: HISTORIAL_SQL, params }],
        check: (body: unknown) =>
          Array.isArray(body) && body.length === expected && body.every((f: Row) => 'cambios' in f && typeof f.fecha === 'string')
            ? undefined
            : `se esperaban ${expected} cambios`,
        ceiling: true,
      };
    }),
  );
}
