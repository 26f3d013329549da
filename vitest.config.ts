import { defineConfig } from 'vitest/config';

// One runner, three projects: pure logic, the server against a real database, the web app in jsdom.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/*/vite.config.ts',
    ],
  },
});
