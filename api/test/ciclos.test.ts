// The import graph's rules, read by madge from the sources as the compiler resolves them: a
// cycle makes the order modules start in decide what is defined when, and the engine (rest/)
// must serve whatever entities it is handed rather than import them.
import madge from 'madge';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
let graph: Awaited<ReturnType<typeof madge>>;

beforeAll(async () => {
  graph = await madge([resolve(root, 'api/src'), resolve(root, 'admin/src')], {
    baseDir: root,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: resolve(root, 'tsconfig.json'),
  });
}, 120_000);

describe('imports', () => {
  it('no cycle in api/src or admin/src', () => {
    expect(graph.circular().map((cycle) => cycle.join(' > '))).toEqual([]);
  });

  it('rest/ imports nothing from resources/', () => {
    const deps = graph.obj();
    const hacia = Object.keys(deps)
      .filter((f) => f.startsWith('api/src/rest/'))
      .flatMap((f) => deps[f].filter((d: string) => d.startsWith('api/src/resources/')).map((d: string) => `${f} > ${d}`));
    expect(hacia).toEqual([]);
  });

  it('api/src imports nothing from seeds/: the server never carries the demo data', () => {
    const deps = graph.obj();
    const hacia = Object.keys(deps)
      .filter((f) => f.startsWith('api/src/'))
      .flatMap((f) => deps[f].filter((d: string) => d.startsWith('seeds/')).map((d: string) => `${f} > ${d}`));
    expect(hacia).toEqual([]);
  });

  it('auth/ and media/ read no global registry: they serve the one app.ts hands them with the repository', () => {
    const deps = graph.obj();
    const hacia = Object.keys(deps)
      .filter((f) => f.startsWith('api/src/auth/') || f.startsWith('api/src/media/'))
      .flatMap((f) => deps[f].filter((d: string) => d === 'api/src/resources/index.ts').map((d: string) => `${f} > ${d}`));
    expect(hacia).toEqual([]);
  });

  it('db/preparar.ts imports nothing above db/: what it needs from above comes as callbacks', () => {
    const deps = graph.obj();
    const abajo = (d: string) => !d.startsWith('api/src/') || d.startsWith('api/src/db/') || d.startsWith('api/src/config/');
    expect(deps['api/src/db/preparar.ts'].filter((d: string) => !abajo(d))).toEqual([]);
  });

  it('the graph it reads is the real one', () => {
    // A resolution that failed would leave every rule above trivially true.
    const deps = graph.obj();
    expect(deps['api/src/app.ts']).toContain('api/src/rest/crud.ts');
    expect(deps['api/src/resources/index.ts']).toContain('api/src/resources/facturas/index.ts');
    // Files outside the two folders are in it too: the seeds rule sees where imports lead.
    expect(deps['api/src/db/preparar.ts']).toContain('migrations/index.ts');
    // The admin's registry is a module its Vite plugin makes (admin/entidades.vite.ts), not a file.
    expect(graph.warnings().skipped.filter((m: string) => !m.startsWith('virtual:'))).toEqual([]);
  });
});
