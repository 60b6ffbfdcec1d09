// The layer map of docs/arquitectura.md §1, as data: which folder of api/src (and bench/) may
// import which. An import that runs up the map, or a cycle, fails here with its file and line,
// so the map stays what the code does instead of drifting from it.
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findCiclos, readImportaciones, type Importacion } from './support/importaciones.js';

const root = resolve(import.meta.dirname, '../..');

const CONFIG = 'api/src/config/';
const MENSAJES = 'api/src/mensajes.ts';
/** The catalogue's pages, each beside its module, and the wording they share (api/src/mensajes.ts). */
const PAGINAS = [
  'api/src/rest/mensajes.ts',
  'api/src/auth/mensajes.ts',
  'api/src/media/mensajes.ts',
  'api/src/resources/facturas/mensajes.ts',
  'api/src/resources/pagos/mensajes.ts',
  'api/src/resources/cursos/mensajes.ts',
  'api/src/resources/mensajes.ts',
  'api/src/verifactu/mensajes.ts',
  'api/src/informes/mensajes.ts',
  'api/src/trabajos/mensajes.ts',
  'api/src/eventos/mensajes.ts',
  'api/src/pasarelas/mensajes.ts',
  'api/src/extractos/mensajes.ts',
  'api/src/resources/matriculas/mensajes.ts',
  'api/src/resources/cupones/mensajes.ts',
  'api/src/importacion/mensajes.ts',
  'api/src/correo/mensajes.ts',
];
const REDACCION = 'api/src/redaccion.ts';
const BASE = 'api/src/base/';
const DB = 'api/src/db/';
const REST = 'api/src/rest/';
const AUTH = 'api/src/auth/';
const TRABAJOS = 'api/src/trabajos/';
const CORREO = 'api/src/correo/';
const RESOURCES = 'api/src/resources/';
const PLUGINS = ['api/src/media/', 'api/src/verifactu/', 'api/src/informes/', 'api/src/eventos/', 'api/src/pasarelas/', 'api/src/extractos/', 'api/src/matriculas/', 'api/src/cupones/', 'api/src/importacion/'];
const APP = ['api/src/app.ts', 'api/src/index.ts', 'api/src/cluster.ts', 'api/src/preparacion.ts', 'api/src/configuracion.ts', 'api/src/admin-server.ts'];
const MIGRACIONES = 'migrations/';
const CONTRATO = 'contrato/';

/** Bottom to top, what each floor of §1 stands on (the catalogue of messages is beside them all). */
const bajoRest = [CONFIG, MENSAJES, BASE, DB];
const bajoAuth = [...bajoRest, REST];
const bajoTrabajos = [...bajoAuth, AUTH];
const bajoResources = [...bajoTrabajos, TRABAJOS];
const bajoCorreo = bajoResources;
const bajoPlugins = [...bajoResources, CORREO, RESOURCES];

/**
 * A file or folder (the longest key that starts a file's path is its place) → what it may import
 * besides its own folder. A path not under any key fails the test: a new folder takes its place
 * here and in §1 before it is used.
 */
const CAPAS: Record<string, string[]> = {
  // The environment, read and typed (MFA_ROLES by the contract's list of roles). What only a
  // module above can judge, configuracion.ts (the application's) has judged.
  [CONFIG]: [MENSAJES],
  // The catalogue words its messages with the labels' grammar, which is the contract's. The
  // index composes the pages; a page, though it lives in its module's folder, is a leaf of the
  // catalogue's floor: it imports the shared wording and nothing of its module (nor does its
  // module import it: code reads the texts through the index).
  [MENSAJES]: PAGINAS,
  ...Object.fromEntries(PAGINAS.map((p) => [p, [REDACCION]])),
  [REDACCION]: [],
  [BASE]: [CONFIG, MENSAJES],
  [DB]: [CONFIG, MENSAJES, BASE, MIGRACIONES],
  [REST]: bajoRest,
  [AUTH]: bajoAuth,
  [TRABAJOS]: bajoTrabajos,
  // The list of kinds, which app.ts hands the runner: like resources/index.ts, it names what
  // lives above its folder.
  'api/src/trabajos/tipos.ts': [...bajoPlugins, ...PLUGINS],
  // Email's queue, templates and links (§25): what an entity's rules queue a message with, so
  // under the entities; its routes (the template preview) stand with the plugins.
  [CORREO]: bajoCorreo,
  'api/src/correo/rutas.ts': bajoPlugins,
  [RESOURCES]: [...bajoResources, CORREO],
  ...Object.fromEntries(PLUGINS.map((p) => [p, bajoPlugins])),
  ...Object.fromEntries(APP.map((a) => [a, ['api/src/']])),
  // The benchmarks build the application and fill databases as the tests do.
  'bench/': ['api/src/', MIGRACIONES, 'seeds/', 'api/test/support/'],
  // The contract shared with the admin (docs/arquitectura.md §1): under every floor, it imports
  // nothing but itself, so both sides can take it without taking anything else.
  [CONTRATO]: [],
  // Where imports may lead outside the scanned folders: their own rules are not this test's.
  [MIGRACIONES]: [],
  'seeds/': [],
  'api/test/support/': [],
};

/**
 * Upward imports still waiting for their move, each with why. An entry that no longer matches
 * an import fails too, so the list only shrinks.
 */
const EXCEPCIONES: { desde: string; hacia: string; motivo: string }[] = [];

function findLugar(path: string): string | undefined {
  return Object.keys(CAPAS)
    .filter((k) => (k.endsWith('/') ? path.startsWith(k) : path === k))
    .sort((a, b) => b.length - a.length)[0];
}

function isPermitida({ desde, hacia }: Importacion): boolean {
  const lugar = findLugar(desde)!;
  if (findLugar(hacia) === lugar) return true;
  if (hacia.startsWith(CONTRATO) && lugar !== MIGRACIONES) return true;
  return CAPAS[lugar].some((p) => (p.endsWith('/') ? hacia.startsWith(p) : hacia === p));
}

let importaciones: Importacion[];
let sinResolver: string[];

beforeAll(() => {
  ({ importaciones, sinResolver } = readImportaciones(root, ['api/src', 'bench', 'contrato']));
}, 120_000);

describe('the layer map (docs/arquitectura.md §1)', () => {
  it('reads the real graph: every relative import resolves, and known edges are there', () => {
    expect(sinResolver).toEqual([]);
    const edges = new Set(importaciones.map((i) => `${i.desde} → ${i.hacia}`));
    expect(edges).toContain('api/src/app.ts → api/src/rest/crud.ts');
    expect(edges).toContain('api/src/db/preparar.ts → migrations/index.ts');
    expect(edges).toContain('bench/run.ts → bench/options.ts');
  });

  it('every file imported or importing has its place in the map', () => {
    const sinLugar = [...new Set(importaciones.flatMap((i) => [i.desde, i.hacia]))].filter((f) => findLugar(f) === undefined);
    expect(sinLugar).toEqual([]);
  });

  it('no import runs up the map', () => {
    const excepcion = (i: Importacion) => EXCEPCIONES.some((e) => e.desde === i.desde && e.hacia === i.hacia);
    const hacia = importaciones.filter((i) => !isPermitida(i) && !excepcion(i)).map((i) => `${i.desde}:${i.linea} → ${i.hacia}`);
    expect(hacia).toEqual([]);
  });

  it('every named exception is still an import (fixed ones leave the list)', () => {
    const vivas = EXCEPCIONES.filter((e) => importaciones.some((i) => i.desde === e.desde && i.hacia === e.hacia && !isPermitida(i)));
    expect(vivas).toEqual(EXCEPCIONES);
  });

  it('finds a cycle where there is one, and not through type-only imports', () => {
    const i = (desde: string, hacia: string, soloTipos = false): Importacion => ({ desde, hacia, linea: 1, soloTipos });
    expect(findCiclos([i('a', 'b'), i('b', 'c'), i('c', 'a'), i('c', 'd'), i('d', 'd')]).sort()).toEqual([['a', 'b', 'c'], ['d']]);
    expect(findCiclos([i('a', 'b'), i('b', 'a', true)])).toEqual([]);
  });

  it('no cycle among the files of api/src and bench/', () => {
    expect(findCiclos(importaciones).map((c) => c.join(' ⇄ '))).toEqual([]);
  });
});
