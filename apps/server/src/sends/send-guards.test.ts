import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { Mailbox } from '../testing/mailbox.ts';
import { multipartBody } from '../testing/multipart.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { testConfig } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';

// Two server instances on one database, as two processes would be: the send limit is shared.
const mailbox = new Mailbox();
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let first: FastifyInstance;
let second: FastifyInstance;
let owner: { idToken: string; userId: string };

async function send(app: FastifyInstance, fields: Array<[string, string]>) {
  const body = await multipartBody(fields);
  return app.inject({
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { authorization: `Bearer ${owner.idToken}`, ...body.headers },
    payload: body.payload,
  });
}

const mail = (to: string[], cc: string[] = [], projectKey?: string): Array<[string, string]> => [
  ['subject', 'Request for Testing'],
  ['text', 'Please test.'],
  ...to.map((address): [string, string] => ['to', address]),
  ...cc.map((address): [string, string] => ['cc', address]),
  // A send tied to a project names its stories (none here).
  ...(projectKey
    ? [['projectKey', projectKey] as [string, string], ['issueKeys', ''] as [string, string]]
    : []),
];

async function addProject(projectKey: string, clientEmails: string[], clientCC: string[]) {
  const res = await first.inject({
    method: 'POST',
    url: '/jira/addProject',
    headers: { authorization: `Bearer ${owner.idToken}` },
    payload: { userId: owner.userId, projectKey, projectName: projectKey, clientEmails, clientCC },
  });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  database = await createTestDatabase();
  const config = testConfig({
    SMTP_URL: `smtp://127.0.0.1:${await mailbox.listen()}`,
    MAX_SENDS_PER_HOUR: '4',
  });
  first = await buildApp({ config, db: database.db, webRoot: false });
  second = await buildApp({ config, db: database.db, webRoot: false });
  owner = await signUpAndSignIn(first, {
    email: 'owner@example.test',
    password: 'owner-password',
    apikey: 'k',
  });
  await addProject('ALPHA', ['client@alpha.test', 'Tester@Alpha.test'], ['boss@alpha.test']);
  await addProject('BETA', ['client@beta.test'], []);
});
afterAll(async () => {
  await first.close();
  await second.close();
  await database.drop();
  await mailbox.close();
});

describe('mail goes only where a project says', () => {
  it.each([
    [
      'a stranger in "to", with the project named',
      mail(['client@alpha.test', 'victim@elsewhere.test'], [], 'ALPHA'),
    ],
    ['a stranger in "cc"', mail(['client@alpha.test'], ['victim@elsewhere.test'], 'ALPHA')],
    ["another project's client, with the project named", mail(['client@beta.test'], [], 'ALPHA')],
    [
      'addresses of two projects at once, with no project named',
      mail(['client@alpha.test', 'client@beta.test']),
    ],
    ['a stranger with no project named', mail(['victim@elsewhere.test'])],
  ])('refuses %s with 403, and sends nothing', async (_what, fields) => {
    const before = mailbox.messages.length;
    const res = await send(first, fields);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(
      /^E-mail goes only to the client (or|and) CC addresses of .*Not allowed: /,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailbox.messages.length).toBe(before);
    const recorded = await database.db
      .selectFrom('sends')
      .select('id')
      .where('status', '!=', 'pending')
      .execute();
    expect(recorded).toHaveLength(0);
  });

  it("names the strangers, and refuses a project that isn't the user's with 404", async () => {
    const res = await send(first, mail(['client@alpha.test', 'victim@elsewhere.test'], [], 'ALPHA'));
    expect(res.json().message).toContain('Not allowed: victim@elsewhere.test.');
    expect((await send(first, mail(['client@alpha.test'], [], 'NOPE'))).statusCode).toBe(404);
  });
});

describe('sends per user per hour', () => {
  it('allows MAX_SENDS_PER_HOUR sends across server processes, then answers 429 with Retry-After', async () => {
    // A send its own claim refuses (a story of it is claimed by another draft) is not counted, as the
    // refused recipients above are not.
    const update = await first.inject({
      method: 'POST',
      url: '/jira/updateFirebaseProject',
      headers: { authorization: `Bearer ${owner.idToken}` },
      payload: {
        userId: owner.userId,
        projectKey: 'ALPHA',
        updatedProject: {
          projectKey: 'ALPHA',
          projectName: 'ALPHA',
          clientEmails: ['client@alpha.test', 'Tester@Alpha.test'],
          clientCC: ['boss@alpha.test'],
          sentProjectIssuesList: ['ALPHA-1', 'ALPHA-2'],
        },
      },
    });
    expect(update.statusCode).toBe(200);
    const conflict = await send(first, [
      ...mail(['client@alpha.test']),
      ['projectKey', 'ALPHA'],
      ['issueKeys', 'ALPHA-1'],
    ]);
    expect(conflict.statusCode).toBe(409);

    const allowed = [
      // Client and CC addresses of the named project, in any case; or of some project when none is named.
      await send(first, mail(['tester@alpha.test'], ['BOSS@alpha.test'], 'ALPHA')),
      await send(second, mail(['client@beta.test'])),
      await send(first, mail(['client@alpha.test'], ['boss@alpha.test'])),
      await send(second, mail(['client@beta.test'], [], 'BETA')),
    ];
    expect(allowed.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    await mailbox.waitFor(() => mailbox.messages.length >= 4);

    for (const app of [first, second]) {
      const refused = await send(app, mail(['client@beta.test'], [], 'BETA'));
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(
        /^You have sent the limit of 4 e-mails this hour\. Try again in \d+ minutes\.$/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(mailbox.messages).toHaveLength(4);
  });
});
