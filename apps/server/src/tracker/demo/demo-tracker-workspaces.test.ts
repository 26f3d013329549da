// The demo tracker keeps each workspace's comments and status changes to that workspace (main README,
// "The client's review"): an account of another workspace sees the seeded issue, not the team's notes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../testing/sign-up.ts';
import { type Caller, callAs, inviteAndJoin } from '../../testing/team.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ISSUES } from './demo-data.ts';

type Account = Caller & { email: string; apikey: string };
let t: TestApp;
let owner: Account;
let colleague: Account;
let stranger: Account;

async function account(name: string): Promise<Account> {
  const email = `${name}@tracker-walls.test`;
  const apikey = `${name}-jira-token`;
  return { ...(await signUpAndSignIn(t.app, { email, password: 'a-password', apikey })), email, apikey };
}

function jira(caller: Account, method: 'GET' | 'POST', path: string, body?: object) {
  return t.app.inject({
    method,
    url: `/rest/api/3${path}`,
    headers: {
      accept: 'application/json',
      authorization: `Basic ${Buffer.from(`${caller.email}:${caller.apikey}`).toString('base64')}`,
    },
    ...(body ? { payload: body } : {}),
  });
}

const commentBody = (text: string) => ({
  body: { type: 'doc', version: 1, content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] },
});
const commentsSeenBy = async (caller: Account, key: string) =>
  ((await jira(caller, 'GET', `/issue/${key}/comment`)).json().comments as Array<{ body: unknown }>).map(
    (comment) => JSON.stringify(comment.body),
  );
const statusSeenBy = async (caller: Account, key: string) =>
  (await jira(caller, 'POST', '/search/jql', { jql: `key = ${key}`, fields: ['status'] })).json().issues[0]
    .fields.status.name as string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await account('owner');
  colleague = await account('colleague');
  stranger = await account('stranger');
  for (const caller of [owner, stranger]) {
    const added = await callAs(t.app, caller, '/jira/addProject', {
      userId: caller.userId,
      projectKey: 'DEMO',
      projectName: 'Demo Web Shop',
      clientEmails: ['client@tracker-walls.test'],
    });
    expect(added.statusCode).toBe(200);
  }
  await inviteAndJoin(t.app, owner, colleague);
});
afterAll(() => t.close());

describe("the demo tracker keeps each workspace's changes to it", () => {
  it('shows a comment to the workspace whose member wrote it, and to no other account', async () => {
    expect((await jira(owner, 'POST', '/issue/DEMO-1/comment', commentBody('Team secret'))).statusCode).toBe(
      201,
    );
    expect(await commentsSeenBy(owner, 'DEMO-1')).toEqual([expect.stringContaining('Team secret')]);
    expect(await commentsSeenBy(colleague, 'DEMO-1')).toEqual([expect.stringContaining('Team secret')]);
    expect(await commentsSeenBy(stranger, 'DEMO-1')).toEqual([]);
  });

  it("moves an issue's status for that workspace only", async () => {
    const seeded = DEMO_ISSUES.find((issue) => issue.key === 'DEMO-2')!.status.name;
    const transitions = (await jira(owner, 'GET', '/issue/DEMO-2/transitions')).json().transitions as Array<{
      id: string;
      name: string;
    }>;
    const target = transitions.find((transition) => transition.name !== seeded)!;
    expect(
      (await jira(owner, 'POST', '/issue/DEMO-2/transitions', { transition: { id: target.id } })).statusCode,
    ).toBe(204);
    expect(await statusSeenBy(owner, 'DEMO-2')).toBe(target.name);
    expect(await statusSeenBy(colleague, 'DEMO-2')).toBe(target.name);
    expect(await statusSeenBy(stranger, 'DEMO-2')).toBe(seeded);
  });

  it("keeps the status change in that workspace's changelog only", async () => {
    const changesSeenBy = async (caller: Account) =>
      (await jira(caller, 'GET', '/issue/DEMO-2/changelog')).json().total as number;
    expect(await changesSeenBy(owner)).toBe(1);
    expect(await changesSeenBy(colleague)).toBe(1);
    expect(await changesSeenBy(stranger)).toBe(0);
  });
});
