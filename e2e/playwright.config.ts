import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT, E2E_SMTP_PORT } from './support/ports.ts';

const repoRoot = path.resolve(import.meta.dirname, '..');

// Debian's chromium-headless-shell (scripts/ensure-chromium.sh), started with the flags this machine's closed
// network needs.
export default defineConfig({
  testDir: './tests',
  // One SMTP server for every worker (support/mail-server.ts).
  globalSetup: './support/mail-server.ts',
  // Spec files run two at a time (a file's tests in order): they wait mostly on the browser and the
  // server, and each spec works in accounts of its own. E2E_WORKERS=1 runs them one after another.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: E2E_BASE_URL,
    browserName: 'chromium',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // The real, built server with its embedded defaults on a throw-away data directory. Mail goes to
  // the SMTP server that the mail tests start on E2E_SMTP_PORT.
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${E2E_BASE_URL}/health`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      // The tests register many accounts: registration is open (its default is invite).
      REGISTRATION: 'open',
      // The tracker doubles the site specs add (Jira, GitHub, Linear) listen on loopback, which an
      // administrator must allow.
      TRACKER_ALLOWED_HOSTS: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'handoff-e2e-')),
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      MAIL_FROM: 'Handoff <handoff@example.test>',
      LOG_LEVEL: 'warn',
      AUTOSEND_INTERVAL_MINUTES: '0.05',
      // Verdicts are written back to the tracker within a second of the client's last change, not 2 minutes.
      WRITE_BACK_QUIET_SECONDS: '1',
    },
  },
});
