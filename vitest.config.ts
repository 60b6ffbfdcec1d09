import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { registroDelApi } from './admin/registro.vite';

// The API suite runs once per database: always on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set (CI sets it), so both dialects are held to the same contract.
// faults.test.ts restarts the shared PostgreSQL server, which would cut every other test's
// connections: on PostgreSQL it runs as its own project, after all the others (groupOrder).
// parity.test.ts compares SQLite with PostgreSQL, so it runs once, in the PostgreSQL project.
const FAULTS = 'api/test/faults.test.ts';
const PARITY = 'api/test/parity.test.ts';
const apiProject = (name: string, dialect: 'sqlite' | 'pg', only?: string) => ({
  extends: true as const,
  test: {
    name,
    include: only ? [only] : ['api/test/**/*.test.ts'],
    exclude: only ? [] : dialect === 'sqlite' ? [PARITY] : [FAULTS],
    environment: 'node',
    env: { TEST_DIALECT: dialect },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    sequence: { groupOrder: only ? 1 : 0 },
  },
});

export default defineConfig({
  plugins: [react(), registroDelApi()],
  test: {
    globals: true,
    projects: [
      apiProject('api-sqlite', 'sqlite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'pg'), apiProject('api-postgres-faults', 'pg', FAULTS)] : []),
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
