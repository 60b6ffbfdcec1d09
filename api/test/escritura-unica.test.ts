// One write path (docs/arquitectura.md §3, issue 30): no module outside the REST engine's writing
// half writes an entity's table itself, through Knex or through SQL, or the history, the live
// lists, the versions and the roles miss that change. Read from the sources with the TypeScript
// compiler, the way ciclos.test.ts reads the imports: a Knex chain that ends in a write (insert,
// update, delete…) on a table named by a literal, and SQL text that inserts, updates or deletes.
// The tables that are no entity (sessions, counters, queues) are named here, each with why.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { resources } from '../src/resources/index.js';
import { createTestDb } from './support/db.js';

const root = resolve(import.meta.dirname, '../..');
const src = join(root, 'api/src');

/**
 * The engine's writing half, the only place that writes an entity's rows, and the history's
 * retention, which clears old values of the engine's own audit rows (§17).
 */
const MOTOR = new Set(['api/src/rest/escritura.ts', 'api/src/rest/purgaHistorial.ts']);
/** What a Knex instance or transaction is called where a chain starts from it (`db('x')`, `h.db('x')`, `w.db('x')`). */
const CONEXIONES = new Set(['db', 'trx', 'knex', 'conn', 'conexion']);

/** Tables that are not entities, written where they are kept. */
const NO_ENTIDADES: Record<string, string> = {
  sesiones: 'the session store (auth/sessions.ts): a cookie, not a record',
  intentosLogin: 'the login throttle\'s sliding windows',
  intentosCodigo: 'the second factor\'s sliding windows',
  contadores: 'the last number of each invoice serie, locked while one is issued',
  cadenas: 'the last huella of each issuer\'s VeriFactu chain',
  envios: 'each message sent to the AEAT: the sender\'s own log',
  verifactu: 'the sender\'s state (waits, blocks)',
  totp: 'an account\'s second-factor secret',
  codigos_recuperacion: 'an account\'s recovery codes (hashes)',
  trabajos: 'the background job queue',
};

const ESCRITURAS = new Set(['insert', 'update', 'delete', 'del', 'increment', 'decrement', 'upsert', 'truncate']);
const SQL_ESCRITURA = /\b(?:insert\s+into|update|delete\s+from)\s+["`]?([A-Za-z_][A-Za-z0-9_]*)["`]?/gi;

function fuentes(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return fuentes(p);
    return /\.tsx?$/.test(f) ? [p] : [];
  });
}

/** The table a Knex chain starts from (`trx('facturas')…`, `.from('x')`, `.into('x')`), if a literal names it. */
function tablaDe(expr: ts.Expression): string | undefined {
  let e: ts.Expression = expr;
  while (true) {
    if (ts.isCallExpression(e)) {
      const callee = e.expression;
      const [arg] = e.arguments;
      const literal = arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg)) ? arg.text.split(/\s+as\s+/i)[0] : undefined;
      if (ts.isPropertyAccessExpression(callee) && ['from', 'into', 'table'].includes(callee.name.text) && literal) return literal;
      if (literal && (ts.isIdentifier(callee) || (ts.isPropertyAccessExpression(callee) && CONEXIONES.has(callee.name.text)))) return literal;
      e = ts.isPropertyAccessExpression(callee) ? callee.expression : callee;
    } else if (ts.isPropertyAccessExpression(e)) e = e.expression;
    else if (ts.isAwaitExpression(e) || ts.isParenthesizedExpression(e)) e = e.expression;
    else return undefined;
  }
}

/** The constant strings of a file, so `INSERT INTO ${TABLE}` is read with its table. */
function constantes(sf: ts.SourceFile): Map<string, string> {
  const valores = new Map<string, string>();
  const visitar = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && ts.isStringLiteral(n.initializer)) valores.set(n.name.text, n.initializer.text);
    ts.forEachChild(n, visitar);
  };
  visitar(sf);
  return valores;
}

/** Every write of a table in the file: `tabla @ línea`. */
function escrituras(fichero: string): { tabla: string; donde: string }[] {
  const texto = readFileSync(fichero, 'utf8');
  const sf = ts.createSourceFile(fichero, texto, ts.ScriptTarget.Latest, true);
  const consts = constantes(sf);
  const encontradas: { tabla: string; donde: string }[] = [];
  const donde = (n: ts.Node) => `${relative(root, fichero)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
  const visitar = (n: ts.Node) => {
    if (ts.isCallExpression(n) && ts.isPropertyAccessExpression(n.expression) && ESCRITURAS.has(n.expression.name.text)) {
      const tabla = tablaDe(n.expression.expression);
      if (tabla) encontradas.push({ tabla, donde: donde(n) });
    }
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n)) {
      const sql = ts.isTemplateExpression(n)
        ? n.head.text + n.templateSpans.map((s) => (ts.isIdentifier(s.expression) ? (consts.get(s.expression.text) ?? '?') : '?') + s.literal.text).join('')
        : n.text;
      for (const m of sql.matchAll(SQL_ESCRITURA)) encontradas.push({ tabla: m[1], donde: donde(n) });
    }
    ts.forEachChild(n, visitar);
  };
  visitar(sf);
  return encontradas;
}

const entidades = new Set(Object.values(resources).map((r) => r.name));

describe('one write path', () => {
  it('no module outside rest/escritura.ts writes an entity\'s table', () => {
    const fuera = fuentes(src)
      .filter((f) => !MOTOR.has(relative(root, f)))
      .flatMap(escrituras)
      .filter(({ tabla }) => entidades.has(tabla))
      .map(({ tabla, donde }) => `${donde} ${tabla}`);
    expect(fuera).toEqual([]);
  });

  it('the tables written elsewhere are none of the entities, and each is a table of the schema', async () => {
    expect(Object.keys(NO_ENTIDADES).filter((t) => entidades.has(t))).toEqual([]);
    const t = await createTestDb();
    try {
      const faltan: string[] = [];
      for (const tabla of Object.keys(NO_ENTIDADES)) if (!(await t.db.schema.hasTable(tabla))) faltan.push(tabla);
      expect(faltan).toEqual([]);
    } finally {
      await t.destroy();
    }
  });

  it('the reader it relies on sees a write hidden in a chain, in SQL and behind a constant', () => {
    const ejemplo = join(root, 'api/test/support/escrituras-de-ejemplo.ts');
    expect(escrituras(ejemplo).map(({ tabla }) => tabla).sort()).toEqual(['clases', 'facturas', 'logs', 'pagos', 'usuarios']);
  });
});
