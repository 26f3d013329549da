import { configDefaults, defineConfig } from 'vitest/config';

// One runner, three projects: pure logic, the server against a real database, the web app in jsdom.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          // Several server processes on one database need PostgreSQL (PGlite is one process by design):
          // those files run where TEST_DATABASE_URL gives one, as CI does.
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? [] : ['apps/server/src/**/*.processes.test.ts']),
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/*/vite.config.ts',
    ],
  },
});
