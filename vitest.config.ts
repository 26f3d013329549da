import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// One runner, three projects: pure logic, the server against a real database, the web app in jsdom.
export default defineConfig({
  test: {
    // A test file per core, not Vitest's one fewer: the server's tests spend much of their time waiting
    // (child processes, sockets, timers), and on two cores one fewer is half the machine.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' } },
      // The repository's own checks (scripts/check-*.mjs), each shown to fail on a planted violation.
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
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
          // One module graph per worker, not per file: importing the app for each of ~80 files cost more than
          // half the project's time. Each test makes its own app and database, so no state is shared by design.
          isolate: false,
          // Makes the PGlite data directories (and, on PostgreSQL, the database) every test database starts from, once a run.
          globalSetup: [
            'apps/server/src/testing/pglite-template.ts',
            'apps/server/src/testing/postgres-template.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/*/vite.config.ts',
    ],
  },
});
