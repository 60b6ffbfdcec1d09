// The naming rule of docs/arquitectura.md §15, read from the declarations: a function is an English
// generic verb and a Spanish domain noun (`parsePeriodo`, `saveCodigos`), so a function whose name
// starts with a Spanish verb (`leerPeriodo`, `guardarCodigos`) fails here, unless the verb is one of
// the business actions that are routes and keep their legal/domain name (`emitir`, `rectificar`…).
// React components (PascalCase, named by what the screen says) and hooks (`useX`) start with no
// Spanish verb and pass as they are. Message keys of the catalogues are texts' names, not functions.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const CARPETAS = ['api/src', 'admin/src', 'contrato', 'scripts', 'bench'];

/** Business actions that are routes, domain and legal terms: they keep their Spanish verb (§15). */
const ACCIONES = ['emitir', 'rectificar', 'anular', 'facturar', 'reembolsar', 'subsanar', 'reintentar', 'restaurar'];

/**
 * First words that end like a Spanish infinitive and are not one: English words the code uses and
 * Spanish nouns. A new one goes here when it is not a verb; a Spanish verb never does.
 */
const NO_VERBOS = [
  'after', 'answer', 'buffer', 'caller', 'clear', 'cover', 'demuxer', 'enter', 'filter', 'formatter', 'getter',
  'handler', 'integer', 'lower', 'order', 'other', 'over', 'par', 'parse', 'per', 'prefer', 'primer',
  'quantifier', 'reader', 'recover', 'register', 'render', 'reorder', 'server', 'timer', 'trigger', 'upper', 'user',
];

/**
 * Files another change is rewriting (issue 30 #2, the one job runner: VeriFactu's remitente and the
 * runner's trabajos/), and names they call from elsewhere, left to it so the two do not collide: to
 * be emptied after its merge. `nombres` absent: the whole file.
 */
const EXCEPCIONES: { archivo: string; nombres?: string[] }[] = [];

interface Declaracion {
  nombre: string;
  /** `file:line`, relative to the root. */
  donde: string;
}

/** Functions, arrow and `useCallback` constants, methods and function-typed members a file declares. */
function listDeclaraciones(archivo: string, texto: string): Declaracion[] {
  const src = ts.createSourceFile(archivo, texto, ts.ScriptTarget.Latest, true, archivo.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Declaracion[] = [];
  const add = (name: ts.Node | undefined, n: ts.Node) => {
    if (!name || !ts.isIdentifier(name)) return;
    found.push({ nombre: name.text, donde: `${archivo}:${src.getLineAndCharacterOfPosition(n.getStart(src)).line + 1}` });
  };
  const isFunction = (e: ts.Expression | undefined) =>
    !!e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e) || (ts.isCallExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'useCallback'));
  const visit = (n: ts.Node): void => {
    if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isMethodSignature(n)) add(n.name, n);
    else if ((ts.isVariableDeclaration(n) || ts.isPropertyAssignment(n) || ts.isPropertyDeclaration(n)) && isFunction(n.initializer)) add(n.name, n);
    else if (ts.isPropertySignature(n) && n.type && ts.isFunctionTypeNode(n.type)) add(n.name, n);
    n.forEachChild(visit);
  };
  visit(src);
  return found;
}

/** The Spanish verb a name starts with (infinitive, with or without `se`), or undefined. */
function verboEspanol(nombre: string): string | undefined {
  const primera = /^[a-zñ]+/.exec(nombre)?.[0];
  if (!primera || !/(ar|er|ir)(se)?$/.test(primera) || NO_VERBOS.includes(primera) || ACCIONES.includes(primera)) return undefined;
  return primera;
}

function listFuentes(carpeta: string): string[] {
  return readdirSync(join(root, carpeta), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(tsx?|mts|mjs)$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

const exceptuado = (d: Declaracion) =>
  EXCEPCIONES.some((e) => d.donde.startsWith(e.archivo) && (!e.nombres || e.nombres.includes(d.nombre)));

const declaraciones = CARPETAS.flatMap(listFuentes)
  // The message catalogues' keys name texts (`acceso.leer`: the text for a refused read).
  .filter((f) => !basename(f).startsWith('mensajes'))
  .flatMap((f) => listDeclaraciones(f, readFileSync(join(root, f), 'utf8')));

describe('names (docs/arquitectura.md §15)', () => {
  it('reads the declarations of every folder: functions, methods, arrow constants', () => {
    // A walk that found nothing would pass every rule below.
    expect(declaraciones.length).toBeGreaterThan(1000);
    expect(declaraciones.map((d) => d.nombre)).toEqual(expect.arrayContaining(['parsePeriodo', 'saveCodigos', 'emitir', 'formatNombre']));
  });

  it('tells a Spanish generic verb from an English one, a route action, a component and a hook', () => {
    const texto = [
      'export function leerPeriodo() {}',
      'const guardarCodigos = async () => {};',
      'class A { soltar() {} }',
      'interface B { asomarse(): void; barrer: () => void }',
      'const cerrar = useCallback(() => {}, []);',
      'export function parsePeriodo() {}',
      'export async function emitir() {}',
      'export const ExportarButton = () => null;',
      'export function useEntrar() {}',
      'const register = () => {};',
    ].join('\n');
    const malos = listDeclaraciones('ejemplo.tsx', texto).filter((d) => verboEspanol(d.nombre)).map((d) => d.nombre);
    expect(malos).toEqual(['leerPeriodo', 'guardarCodigos', 'soltar', 'asomarse', 'barrer', 'cerrar']);
  });

  it('no function starts with a Spanish generic verb', () => {
    const malos = declaraciones.filter((d) => verboEspanol(d.nombre) && !exceptuado(d)).map((d) => `${d.donde} ${d.nombre}`);
    expect(malos, 'an English generic verb + the Spanish noun (§15), or a route action in ACCIONES').toEqual([]);
  });

  it('every exception still names something to rename: once renamed, it leaves the list', () => {
    const vigentes = EXCEPCIONES.filter((e) => declaraciones.some((d) => verboEspanol(d.nombre) && d.donde.startsWith(e.archivo) && (!e.nombres || e.nombres.includes(d.nombre))));
    expect(vigentes).toEqual(EXCEPCIONES);
  });
});
