// Every import of a tree's TypeScript files, resolved as the compiler resolves them, with the line
// it is written on: what the layer test (capas.test.ts) reads. Type-only imports count too: a
// layer that names another's types depends on it as much as one that calls it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

export interface Importacion {
  /** The importing file, relative to the root. */
  desde: string;
  linea: number;
  /** The imported file, relative to the root. */
  hacia: string;
  /** Names only types (`import type`, `import('…')` in a type): gone from the compiled module. */
  soloTipos: boolean;
}

function listTs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

/** The module specifiers a file names: static imports and re-exports, `import()` and `import('…')` types. */
function listEspecificadores(src: ts.SourceFile): { texto: string; nodo: ts.Node; soloTipos: boolean }[] {
  const found: { texto: string; nodo: ts.Node; soloTipos: boolean }[] = [];
  const visit = (n: ts.Node): void => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const c = n.importClause;
      const named = c?.namedBindings && ts.isNamedImports(c.namedBindings) ? c.namedBindings.elements : undefined;
      const soloTipos = !!c && (c.isTypeOnly || (!c.name && !!named && named.length > 0 && named.every((e) => e.isTypeOnly)));
      found.push({ texto: n.moduleSpecifier.text, nodo: n, soloTipos });
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      found.push({ texto: n.moduleSpecifier.text, nodo: n, soloTipos: n.isTypeOnly });
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
      found.push({ texto: n.arguments[0].text, nodo: n, soloTipos: false });
    } else if (ts.isImportTypeNode(n) && ts.isLiteralTypeNode(n.argument) && ts.isStringLiteral(n.argument.literal)) {
      found.push({ texto: n.argument.literal.text, nodo: n, soloTipos: true });
    }
    n.forEachChild(visit);
  };
  visit(src);
  return found;
}

/**
 * The imports of every file under `carpetas` (relative to `root`) that lead to another file of
 * the repository; packages are left out. `sinResolver` lists what named a relative path the
 * compiler could not find, so a rule never passes by reading a graph with holes.
 */
export function readImportaciones(root: string, carpetas: string[]): { importaciones: Importacion[]; sinResolver: string[] } {
  const { config } = ts.readConfigFile(join(root, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, root);
  const host = ts.createCompilerHost(options);
  const importaciones: Importacion[] = [];
  const sinResolver: string[] = [];
  for (const file of carpetas.flatMap((c) => listTs(join(root, c)))) {
    const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const { texto, nodo, soloTipos } of listEspecificadores(src)) {
      const linea = src.getLineAndCharacterOfPosition(nodo.getStart(src)).line + 1;
      const desde = relative(root, file);
      const resolved = ts.resolveModuleName(texto, file, options, host).resolvedModule;
      if (!resolved) {
        if (texto.startsWith('.')) sinResolver.push(`${desde}:${linea} → ${texto}`);
        continue;
      }
      if (resolved.isExternalLibraryImport) continue;
      importaciones.push({ desde, linea, hacia: relative(root, resolved.resolvedFileName), soloTipos });
    }
  }
  return { importaciones, sinResolver };
}

/**
 * The cycles of the file graph (its strongly connected components of more than one file, or a
 * file that imports itself). Type-only imports are left out: they vanish when compiled, so they
 * cannot make the order modules start in decide what is defined when.
 */
export function findCiclos(importaciones: Importacion[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { desde, hacia, soloTipos } of importaciones) {
    if (soloTipos) continue;
    if (!next.has(desde)) next.set(desde, new Set());
    next.get(desde)!.add(hacia);
  }
  // Tarjan's algorithm, iterative so a deep chain of imports does not exhaust the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const ciclos: string[][] = [];
  let counter = 0;
  for (const start of next.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; it: Iterator<string> }[] = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, it: (next.get(node) ?? new Set<string>()).values() });
    };
    open(start);
    while (work.length) {
      const top = work[work.length - 1];
      const step = top.it.next();
      if (!step.done) {
        const w = step.value;
        if (!index.has(w)) open(w);
        else if (onStack.has(w)) low.set(top.node, Math.min(low.get(top.node)!, index.get(w)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const scc: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          scc.push(w);
        } while (w !== top.node);
        if (scc.length > 1 || next.get(top.node)?.has(top.node)) ciclos.push(scc.sort());
      }
    }
  }
  return ciclos;
}
