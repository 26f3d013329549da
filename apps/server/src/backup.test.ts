import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { resolveSecrets } from './secrets.ts';
import { registerAndSignIn, signIn } from './testing/sign-in.ts';
import { TEST_IDENTITY_API_KEY } from './testing/test-app.ts';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const run = promisify(execFile);

/** The server as `npm start` builds it, on the embedded database in `dataDir`. */
async function startServer(dataDir: string) {
  const config = await resolveSecrets(
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', IDENTITY_API_KEY: TEST_IDENTITY_API_KEY }),
  );
  const db = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') });
  const app = await buildApp({ config, db, webRoot: false });
  return {
    app,
    stop: async () => {
      await app.close();
      await db.destroy();
    },
  };
}

/** The backup command exactly as `npm run backup -- FILE` / `npm run restore -- FILE` runs it. */
const command = (action: 'backup' | 'restore', file: string, dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', 'apps/server/src/backup-cli.ts', action, file], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir },
  });

describe('backup and restore of the embedded database', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('backs up to one file and restores into an empty DATA_DIR: accounts, projects and sent lists are there', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'handoff-backup-'));
    dirs.push(work);
    const original = path.join(work, 'original');
    const restored = path.join(work, 'restored');
    const file = path.join(work, 'handoff.backup');

    const first = await startServer(original);
    const me = await registerAndSignIn(first.app, {
      email: 'kept@example.test',
      password: 'kept-password',
      apikey: 'jira-secret',
    });
    const userRes = await first.app.inject({
      method: 'POST',
      url: '/jira/get-user-by-email',
      headers: { authorization: me.authorization },
      payload: { email: me.email },
    });
    const userId = userRes.json().data.id;
    const call = (app: typeof first.app, url: string, authorization: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { authorization }, payload });
    await call(first.app, '/jira/addProject', me.authorization, {
      userId,
      projectKey: 'KEEP',
      projectName: 'Kept',
      clientEmails: ['client@example.test'],
    });
    await call(first.app, '/jira/updateFirebaseProject', me.authorization, {
      userId,
      projectKey: 'KEEP',
      updatedProject: { sentProjectIssuesList: ['KEEP-1', 'KEEP-2'] },
    });
    await first.stop();

    await command('backup', file, original);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // A DATA_DIR that is not empty is refused, and left as it was.
    await expect(command('restore', file, original)).rejects.toMatchObject({
      stderr: expect.stringContaining('is not empty: restore into an empty DATA_DIR'),
    });
    await command('restore', file, restored);
    expect((await stat(restored)).mode & 0o777).toBe(0o700);
    expect((await readdir(restored)).sort()).toEqual(['pglite', 'secrets.json']);

    const second = await startServer(restored);
    try {
      const again = await signIn(second.app, 'kept@example.test', 'kept-password');
      const projects = await call(second.app, '/jira/getFirebaseProjects', again.authorization, { userId });
      expect(projects.json().data).toMatchObject([
        {
          projectKey: 'KEEP',
          clientEmails: ['client@example.test'],
          sentProjectIssuesList: ['KEEP-1', 'KEEP-2'],
        },
      ]);
      // The restored secrets still open the stored Jira token.
      const user = await call(second.app, '/jira/get-user-by-email', again.authorization, {
        email: 'kept@example.test',
      });
      expect(user.json().data.apikey).toBe('jira-secret');
    } finally {
      await second.stop();
    }
  }, 120_000);
});
