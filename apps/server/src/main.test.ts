import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from './testing/test-app.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** Starts `main.ts` as `npm start` would, and collects its output until `done` says so (or it exits). */
function runServer(env: Record<string, string>, done: (output: string) => boolean) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'info', PORT: '0', ...env },
  });
  let output = '';
  return new Promise<{ output: string; exitCode: number | null }>((resolve) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (done(output)) child.kill('SIGTERM');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    // 'close', not 'exit': the output written while exiting is read by then.
    child.on('close', (exitCode) => resolve({ output, exitCode }));
  });
}

// A start creates and migrates a new embedded database (PGlite in WebAssembly) and compiles the server on the
// fly: beside the other test lanes on two busy cores that took over a minute.
const START_TIMEOUT_MS = 180_000;

describe('start-up', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it(
    'warns when it listens beyond loopback without PUBLIC_URL',
    async () => {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'handoff-main-'));
      dirs.push(dataDir);
      const { output } = await runServer({ HOST: '0.0.0.0', DATA_DIR: dataDir }, (out) =>
        out.includes('Handoff is ready'),
      );
      expect(output).toContain('Handoff listens on 0.0.0.0 but PUBLIC_URL is not set');
      // The log is written in batches (log-destination.ts): what was held is written on the way out.
      expect(output).toContain('SIGTERM received, shutting down');
    },
    START_TIMEOUT_MS,
  );

  it(
    'refuses to start on PostgreSQL without SECRET_KEY, saying why',
    async () => {
      const { output, exitCode } = await runServer(
        { DATABASE_URL: 'postgres://127.0.0.1:1/handoff', SECRET_KEY: '' },
        () => false,
      );
      expect(exitCode).toBe(1);
      expect(output).toContain('SECRET_KEY: required with DATABASE_URL');
    },
    START_TIMEOUT_MS,
  );
});

describe('/config.json', () => {
  it("points the web app at the identity provider on the page's own origin unless PUBLIC_URL is set", async () => {
    const plain = await createTestApp();
    const behindName = await createTestApp({ PUBLIC_URL: 'https://handoff.example.com/' });
    try {
      const own = (await plain.app.inject({ method: 'GET', url: '/config.json' })).json();
      expect(own).toMatchObject({
        identityToolkitUrl: '/identitytoolkit.googleapis.com',
        secureTokenUrl: '/securetoken.googleapis.com',
        // MAX_ATTACHMENT_MB's default, so the send screen can say the limit before sending.
        maxAttachmentBytes: 10 * 1024 * 1024,
      });
      const configured = (await behindName.app.inject({ method: 'GET', url: '/config.json' })).json();
      expect(configured).toMatchObject({
        identityToolkitUrl: 'https://handoff.example.com/identitytoolkit.googleapis.com',
        secureTokenUrl: 'https://handoff.example.com/securetoken.googleapis.com',
      });
    } finally {
      await plain.close();
      await behindName.close();
    }
  });
});
