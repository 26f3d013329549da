import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { Mailbox } from '../testing/mailbox.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { startStoryTracker } from '../testing/story-tracker.ts';
import { TEST_IDENTITY_API_KEY, TEST_SECRET_KEY, testConfig } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

const serverEntry = fileURLToPath(new URL('../main.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../../node_modules/.bin/tsx', import.meta.url));

// Several server processes share one PostgreSQL database; PGlite is single-process by design, so this
// file runs only where TEST_DATABASE_URL gives a PostgreSQL server (vitest.config.ts; CI gives one).
describe('auto-send with two server processes on one PostgreSQL', () => {
  const mailbox = new Mailbox();
  let tracker: Awaited<ReturnType<typeof startStoryTracker>>;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const servers: ChildProcess[] = [];

  beforeAll(async () => {
    const smtpPort = await mailbox.listen();
    tracker = await startStoryTracker();
    tracker.state.stories = Array.from({ length: 5 }, (_, i) => ({
      key: `RACE-${i + 1}`,
      summary: `Story ${i + 1}`,
    }));
    database = await createTestDatabase();
    const env = { JIRA_BASE_URL: tracker.url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` };

    // Set up the user and project through the API, on the same database the processes use.
    const app = await buildApp({ config: testConfig(env), db: database.db, webRoot: false });
    const owner = await signUpAndSignIn(app, {
      email: 'race@example.test',
      password: 'race-password',
      apikey: 'race-jira',
    });
    const headers = { authorization: `Bearer ${owner.idToken}` };
    const project = {
      projectKey: 'RACE',
      projectName: 'Race',
      clientEmails: ['client@example.test'],
      clientCC: [],
    };
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/jira/addProject',
          headers,
          payload: { userId: owner.userId, ...project },
        })
      ).statusCode,
    ).toBe(200);
    const toggle = {
      userId: owner.userId,
      projectKey: 'RACE',
      updatedProject: { ...project, autosend: true },
    };
    expect(
      (await app.inject({ method: 'POST', url: '/jira/updateFirebaseProject', headers, payload: toggle }))
        .statusCode,
    ).toBe(200);
    await app.close();

    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const server = spawn(tsx, [serverEntry], {
        env: {
          ...process.env,
          ...env,
          DATABASE_URL: database.url,
          PORT: String(port),
          HOST: '127.0.0.1',
          IDENTITY_API_KEY: TEST_IDENTITY_API_KEY,
          SECRET_KEY: TEST_SECRET_KEY,
          AUTOSEND_INTERVAL_MINUTES: '0.01',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      servers.push(server);
      await waitForHealth(port);
    }
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map(stop));
    await database?.drop();
    await tracker?.close();
    await mailbox.close();
  });

  it('e-mails each new story exactly once, including stories finished while both run', async () => {
    await mailbox.waitFor((mail) => mail.text?.includes('- Story 5') === true, 20_000);
    tracker.state.stories.push({ key: 'RACE-6', summary: 'Story 6' }, { key: 'RACE-7', summary: 'Story 7' });
    await mailbox.waitFor((mail) => mail.text?.includes('- Story 7') === true, 20_000);
    // Several more rounds of both processes, with nothing new.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    const mentions = new Map<string, number>();
    for (const mail of mailbox.messages) {
      for (const [, n] of (mail.text ?? '').matchAll(/^- Story (\d+)$/gm)) {
        mentions.set(`RACE-${n}`, (mentions.get(`RACE-${n}`) ?? 0) + 1);
      }
    }
    expect(Object.fromEntries(mentions)).toEqual({
      'RACE-1': 1,
      'RACE-2': 1,
      'RACE-3': 1,
      'RACE-4': 1,
      'RACE-5': 1,
      'RACE-6': 1,
      'RACE-7': 1,
    });
    const sends = await database.db
      .selectFrom('sends')
      .select(['status', 'issue_keys'])
      .where('status', '=', 'sent')
      .execute();
    expect(sends.flatMap((send) => send.issue_keys).sort()).toEqual([
      'RACE-1',
      'RACE-2',
      'RACE-3',
      'RACE-4',
      'RACE-5',
      'RACE-6',
      'RACE-7',
    ]);
  }, 60_000);

  it('stops both processes cleanly on SIGTERM', async () => {
    const codes = await Promise.all(servers.map(stop));
    expect(codes).toEqual([0, 0]);
  }, 30_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitForHealth(port: number): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the server on port ${port} did not start`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stop(server: ChildProcess): Promise<number | null> {
  if (server.exitCode !== null) return Promise.resolve(server.exitCode);
  return new Promise((resolve) => {
    server.once('exit', (code) => resolve(code));
    server.kill('SIGTERM');
  });
}
