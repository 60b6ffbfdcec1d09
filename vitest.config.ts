import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { entidadesDelApi } from './admin/entidades.vite';

// The API suite runs once per database: always on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it), so both dialects are held to the same contract.
// faults.test.ts restarts the shared PostgreSQL server, which would cut every other test's
// connections: on PostgreSQL it runs as its own project, after all the others (groupOrder).
// parity.test.ts compares SQLite with PostgreSQL, so it runs once, in the PostgreSQL project;
// so does proxy.test.ts: instances on several machines share a PostgreSQL, never a SQLite file.
const FAULTS = 'api/test/faults.test.ts';
const PARITY = 'api/test/parity.test.ts';
const PROXY = 'api/test/proxy.test.ts';
// Live events across two instances behind haproxy: PostgreSQL's NOTIFY, so PostgreSQL only.
const EVENTOS_PROXY = 'api/test/eventos/proxy.test.ts';
// Two API processes sharing one VeriFactu sender: several machines, so PostgreSQL only.
const VERIFACTU_PG = 'api/test/verifactu/verifactu-pg.test.ts';
const STORAGE = ['api/test/media/subidas.test.ts', 'api/test/media/subidas-hostiles.test.ts', 'api/test/media/averias.test.ts', 'api/test/media/storage-check.test.ts'];
const apiProject = (name: string, dialect: 'sqlite' | 'pg', only?: string | string[], env: Record<string, string> = {}) => ({
  extends: true as const,
  test: {
    name,
    include: only ? [only].flat() : ['api/test/**/*.test.ts'],
    exclude: only ? [] : dialect === 'sqlite' ? [PARITY, PROXY, EVENTOS_PROXY, VERIFACTU_PG] : [FAULTS],
    environment: 'node',
    env: { TEST_DIALECT: dialect, ...env },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { groupOrder: only ? 1 : 0 },
  },
});

export default defineConfig({
  plugins: [react(), entidadesDelApi()],
  test: {
    globals: true,
    // Vitest's own default is one file fewer at a time than the machine has cores: on CI's two,
    // one file at a time, a core idle while a test waits on PostgreSQL, a child process or ffmpeg
    // (the suite's phases summed to its wall time, 28 min). At least two files at a time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      apiProject('api-sqlite', 'sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'pg'), apiProject('api-postgres-faults', 'pg', FAULTS)] : []),
      // The storage tests once more on a real S3 server, when one is named (CI starts Swift).
      ...(process.env.TEST_S3_URL ? [apiProject('api-s3', 'sqlite', STORAGE, { TEST_STORAGE: 's3' })] : []),
      {
        extends: true,
        test: {
          name: 'admin',
          include: ['admin/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['admin/test/setup.ts'],
        },
      },
    ],
  },
});
