import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Paths the single Node server answers; the dev server forwards them so `npm run dev` talks to it.
const serverTarget = 'http://127.0.0.1:3000';
const proxiedPaths = [
  '/jira',
  '/config.json',
  '/identitytoolkit.googleapis.com',
  '/securetoken.googleapis.com',
  '/.well-known',
  '/rest',
];

export default defineConfig({
  plugins: [react()],
  resolve: {
    // '/src' is resolved from the project root (this folder) by Vite and Vitest alike.
    alias: { '@': '/src' },
  },
  build: {
    outDir: 'dist',
    // Lets scripts/login-bundle-size.mjs follow the chunks /auth/login loads.
    manifest: true,
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(
      proxiedPaths.map((path) => [path, { target: serverTarget, changeOrigin: false }]),
    ),
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
  },
});
