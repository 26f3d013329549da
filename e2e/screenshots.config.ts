// `npm run screenshots`: every screen of e2e/support/screens.ts at 1280 and 390 px, as PNG files in
// screenshots/ (git-ignored), so a reviewer can look at the whole product. The product runs as
// `npm start` runs it, with its embedded defaults; only SMTP_URL is set, so that the notice's review
// link and the invitation reach the test mailbox.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import e2eConfig from './playwright.config.ts';
import { E2E_BASE_URL, E2E_PORT, E2E_SMTP_PORT } from './support/ports.ts';

export default defineConfig({
  ...e2eConfig,
  testDir: './screenshots',
  timeout: 600_000,
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${E2E_BASE_URL}/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      // The tests register many accounts: registration is open (its default is invite).
      REGISTRATION: 'open',
      // Verdicts are written back at once: the tests follow them to the tracker (default: 120 s of quiet).
      WRITE_BACK_QUIET_SECONDS: '0',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'handoff-screenshots-')),
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    },
  },
});
