// The search planner: a where that names other tables' fields (`usuario.apellidos`, from the
// admin's search box) or fields with a trigram index, made into SQL that stays fast on a million
// pagos. Measured on the bench's databases (npm run bench -- --only busqueda):
//
// - The related rows are looked up first, in their own (smaller, indexed) table: up to MAX_IDS of
//   them become a list of ids, which the pagos' foreign-key index serves. More than that is a
//   common word («ca»): its condition is checked on each pago read instead (where.ts, `rel`),
//   which a page ordered by fecha reads few of before it is full.
// - PostgreSQL's planner then knows how many ids there are and what the trigram indexes say, and
//   picks between finding the matching rows (then sorting them) and reading by fecha until the
//   page is full. SQLite keeps no statistics and would rather find every match of any indexed
//   condition, then sort them all, for a page of 25. So on SQLite the planner counts, up to a
//   cap, the rows each searched condition would gather: the one that gathers few leads; one that
//   gathers many is checked row by row (`scan`), as are the others.
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { readRows } from '../db/reader.js';
import type { Resource } from '../base/types.js';
import { registryOf } from './registry.js';
import type { WhereNode } from './filter.js';
import type { Dialect } from '../base/values.js';
import { compileWhere, consultaDeTrigramas, quote } from './where.js';

/** Related rows a word may match and still be looked for by their ids (of 100 000 usuarios, 5 %). */
export const MAX_IDS = 5000;
/**
 * The same for a count or an export, which read every match: gathering 20 000 usuarios' pagos
 * through the index costs less than reading the whole table to check each.
 */
export const MAX_IDS_TODAS = 20_000;
/**
 * Rows a searched condition may gather on SQLite and still lead a page: past it, reading by the
 * page's order finds 25 matches sooner (1 row in 400 or more match) than sorting them all.
 */
export const MAX_RECOGIDAS = 10_000;

/**
 * What the where is for. `pagina`: a page in some order, up to a limit, where reading in that
 * order may stop early. `todas`: every matching row (a count, an export), where gathering the
 * few is always cheaper than reading them all.
 */
export type Proposito = 'pagina' | 'todas';

/** Sibling `rel` nodes of one relation become one, so each relation is looked up once per word. */
function groupNodos(node: WhereNode): WhereNode {
  if (node.kind === 'rel') return { ...node, where: groupNodos(node.where) };
  if (node.kind !== 'and' && node.kind !== 'or') return node;
  const children = node.children.map(groupNodos);
  const porRelacion = new Map<string, WhereNode[]>();
  const resto: WhereNode[] = [];
  for (const child of children) {
    if (child.kind === 'rel') porRelacion.set(child.relation, [...(porRelacion.get(child.relation) ?? []), child.where]);
    else resto.push(child);
  }
  const unidos = [...porRelacion].map(([relation, wheres]): WhereNode => ({
    kind: 'rel',
    relation,
    where: wheres.length === 1 ? wheres[0] : { kind: node.kind as 'and' | 'or', children: wheres },
  }));
  const todos = [...resto, ...unidos];
  return todos.length === 1 ? todos[0] : { kind: node.kind, children: todos };
}

/**
 * Each `rel` as the ids of the rows it names, when an index finds them (a word of three letters
 * or more in indexed fields) and there are not too many. A shorter word has no trigram to look
 * up: finding the few usuarios with «py» means reading all of them, while checking the pagos a
 * page reads costs nothing when, as with most short words, many match.
 */
async function resolveNodo(db: Db | Knex.Transaction, dialect: Dialect, resource: Resource, node: WhereNode, proposito: Proposito): Promise<WhereNode> {
  if (node.kind === 'and' || node.kind === 'or') {
    return { kind: node.kind, children: await Promise.all(node.children.map((c) => resolveNodo(db, dialect, resource, c, proposito))) };
  }
  if (node.kind !== 'rel') return node;
  const rel = resource.relations[node.relation];
  const target = registryOf(resource).get(rel.target);
  if (!recogible(target, node.where)) return node;
  const tope = proposito === 'todas' ? MAX_IDS_TODAS : MAX_IDS;
  const { sql, bindings } = compileWhere(target, node.where, dialect);
  const select = `SELECT ${quote(target.name)}."id" AS "id" FROM ${quote(target.name)} WHERE ${sql}`;
  if (dialect === 'pg') {
    // Its estimate (within a factor of two on usuarios) spares looking up thousands of usuarios
    // only to find there are too many: a common syllable matches thousands, and fetching them is wasted.
    const [plan] = (await readRows(db, `EXPLAIN (FORMAT JSON) ${select}`, bindings)) as { 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }[];
    if (plan['QUERY PLAN'][0].Plan['Plan Rows'] > 2 * tope) return node;
  }
  const rows = await readRows(db, `${select} LIMIT ?`, [...bindings, tope + 1]);
  if (rows.length > tope) return node;
  return { kind: 'ids', field: rel.foreignKey, ids: rows.map((r) => Number(r.id)) };
}

/** Whether SQLite can gather the rows `node` matches through indexes alone (no row read to decide). */
function recogible(resource: Resource, node: WhereNode): boolean {
  switch (node.kind) {
    case 'ids':
      return true;
    case 'cond':
      return node.op === 'ilike' && !!resource.fields[node.field].indiceTrigramas && consultaDeTrigramas(node.field, node.value as string) !== undefined;
    case 'or':
      return node.children.length > 0 && node.children.every((c) => recogible(resource, c));
    case 'and':
      return node.children.some((c) => recogible(resource, c));
    default:
      return false;
  }
}

/** Whether `node` holds anything the planner made or decides on: a search, not a plain filter. */
function esBusqueda(resource: Resource, node: WhereNode): boolean {
  switch (node.kind) {
    case 'ids':
    case 'rel':
      return true;
    case 'cond':
      return (node.op === 'ilike' || node.op === 'nilike') && !!resource.fields[node.field].indiceTrigramas;
    case 'and':
    case 'or':
      return node.children.some((c) => esBusqueda(resource, c));
    default:
      return false;
  }
}

/** How many rows `node` gathers on SQLite, counting no further than `tope` + 1. */
async function recogidas(db: Db | Knex.Transaction, resource: Resource, node: WhereNode, tope: number): Promise<number> {
  const { sql, bindings } = compileWhere(resource, node, 'sqlite');
  const [{ n }] = (await readRows(db, `SELECT count(*) AS "n" FROM (SELECT 1 FROM ${quote(resource.name)} WHERE ${sql} LIMIT ?) AS "hasta"`, [...bindings, tope + 1])) as { n: number }[];
  return Number(n);
}

/**
 * On SQLite, which searched condition leads: the one that gathers fewest rows, if it gathers few
 * enough (a page), or at all (every row: a count reads them anyway). The others are checked on
 * the rows it gathers, or on each row read in the page's order when none leads.
 */
async function chooseGuia(db: Db | Knex.Transaction, resource: Resource, conjuntos: WhereNode[], proposito: Proposito): Promise<WhereNode[]> {
  const busquedas = conjuntos.filter((c) => esBusqueda(resource, c));
  const candidatas = busquedas.filter((c) => recogible(resource, c));
  let guia: WhereNode | undefined;
  if (candidatas.length === 1 && proposito === 'todas') guia = candidatas[0];
  else if (candidatas.length) {
    // Several words that each match many rows may still match few together («marcos caballero
    // vicente»): then the least common of them leads, up to ten times the page's cap, rather
    // than a read of the whole table by fecha.
    const topes = proposito === 'pagina' && candidatas.length === 1 ? [MAX_RECOGIDAS] : [MAX_RECOGIDAS, 10 * MAX_RECOGIDAS];
    for (const tope of topes) {
      const cuentas = await Promise.all(candidatas.map((c) => recogidas(db, resource, c, tope)));
      const menor = Math.min(...cuentas);
      if (menor <= tope) {
        guia = candidatas[cuentas.indexOf(menor)];
        break;
      }
      if (proposito === 'todas') {
        guia = candidatas[0];
        break;
      }
    }
  }
  return conjuntos.map((c) => (busquedas.includes(c) && c !== guia ? { kind: 'scan', child: c } : c));
}

/** The conditions that must all hold, nested `and`s opened (a search inside a nested route's scope). */
const flatten = (node: WhereNode): WhereNode[] => (node.kind === 'and' ? node.children.flatMap(flatten) : [node]);

/** The where as the search planner would have the database run it (see the top of this file). */
export async function planBusqueda(db: Db | Knex.Transaction, dialect: Dialect, resource: Resource, where: WhereNode | undefined, proposito: Proposito): Promise<WhereNode | undefined> {
  if (!where || !esBusqueda(resource, where)) return where;
  const resuelto = await resolveNodo(db, dialect, resource, groupNodos(where), proposito);
  if (dialect === 'pg') return resuelto;
  const conjuntos = flatten(resuelto);
  const planeados = await chooseGuia(db, resource, conjuntos, proposito);
  return planeados.length === 1 ? planeados[0] : { kind: 'and', children: planeados };
}
