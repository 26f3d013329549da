// A send acts only on its own project's stories, as its sender (main README, "Whose Jira token writes"):
// a key of another project is refused before anything is claimed or sent, and the client's verdicts are
// written to Jira (the built-in demo tracker) with the Jira token of the member who sent the notice; only
// once that member has left does an owner's token write, and the history says whose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from '../testing/multipart.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { type Caller, callAs, inviteAndJoin } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
type Account = Caller & { email: string };
let owner: Account;
let member: Account;

async function account(email: string): Promise<Account> {
  return {
    ...(await signUpAndSignIn(t.app, { email, password: 'a-password', apikey: `${email}-jira` })),
    email,
  };
}

async function send(caller: Account, issueKeys: string) {
  const form = await multipartBody([
    ['subject', `Request for Testing ${issueKeys}`],
    ['text', 'Please test.'],
    ['to', 'client@acting.test'],
    ['projectKey', 'DEMO'],
    ['issueKeys', issueKeys],
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { authorization: `Bearer ${caller.idToken}`, ...form.headers },
    payload: form.payload,
  });
}

/** What a send could have written: sends, outbox messages, the project's sent list. */
async function footprint() {
  const count = async (table: 'sends' | 'mail_messages') =>
    Number((await t.db.selectFrom(table).select(t.db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const project = await t.db
    .selectFrom('projects')
    .leftJoin('sent_lists', 'sent_lists.project_id', 'projects.id')
    .select('sent_lists.issue_keys')
    .where('project_key', '=', 'DEMO')
    .executeTakeFirstOrThrow();
  return { sends: await count('sends'), mails: await count('mail_messages'), sent: project.issue_keys ?? [] };
}

/** The review token of a notice kept in the outbox (no SMTP server: the outbox copy keeps the link). */
async function reviewToken(subject: string): Promise<string> {
  const row = await t.db
    .selectFrom('mail_messages')
    .select('text_body')
    .where('subject', '=', subject)
    .executeTakeFirstOrThrow();
  return /\/review\/([\w-]+)/.exec(row.text_body)?.[1] as string;
}

/** The story's verdict once written back, as the owner's history shows it. */
async function writtenBack(sendId: string, key: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const sends = (
      await callAs(t.app, owner, '/jira/getProjectSends', { userId: owner.userId, projectKey: 'DEMO' })
    ).json().data as Array<{ id: string; review: { stories: Array<Record<string, unknown>> } }>;
    const story = sends.find((row) => row.id === sendId)?.review.stories.find((row) => row.key === key);
    if (story && story.writeBack !== 'pending') return story;
    if (Date.now() > deadline) throw new Error(`not written back: ${JSON.stringify(story)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const newestCommentAuthor = async (issueKey: string) =>
  (
    await t.db
      .selectFrom('demo_tracker_comments')
      .select('author_user_id')
      .where('issue_key', '=', issueKey)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).author_user_id;

const verdict = (token: string, value: 'passed' | 'failed') =>
  t.app.inject({
    method: 'POST',
    url: '/jira/review/submitVerdicts',
    payload: { token, verdicts: [{ key: 'DEMO-1', verdict: value }] },
  });

beforeAll(async () => {
  t = await createTestApp();
  owner = await account('owner@acting.test');
  member = await account('member@acting.test');
  const added = await callAs(t.app, owner, '/jira/addProject', {
    userId: owner.userId,
    projectKey: 'DEMO',
    projectName: 'Demo Web Shop',
    clientEmails: ['client@acting.test'],
  });
  expect(added.statusCode).toBe(200);
  await inviteAndJoin(t.app, owner, member);
});
afterAll(() => t.close());

describe('a send acts only on its own project, as its sender', () => {
  it('refuses a key of another project (400 naming it): nothing is claimed or sent', async () => {
    const before = await footprint();
    const refused = await send(member, 'DEMO-1,MOB-1,DEMO_OPS-2');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'A send names only stories of its project DEMO. Not of it: MOB-1, DEMO_OPS-2.',
    );
    expect(await footprint()).toEqual(before);
  });

  it("writes verdicts back with the sender's Jira token, and an owner's once the sender has left", async () => {
    const sent = await send(member, 'DEMO-1');
    expect(sent.statusCode).toBe(200);
    const sendId = sent.json().data.sendId as string;
    const token = await reviewToken('Request for Testing DEMO-1');

    expect((await verdict(token, 'failed')).statusCode).toBe(200);
    expect(await writtenBack(sendId, 'DEMO-1')).toMatchObject({
      writeBack: 'written',
      writtenAs: member.email,
    });
    expect(await newestCommentAuthor('DEMO-1')).toBe(member.userId);

    const removed = await callAs(t.app, owner, '/jira/removeMember', {
      userId: owner.userId,
      memberId: member.userId,
    });
    expect(removed.statusCode).toBe(200);
    expect((await verdict(token, 'passed')).statusCode).toBe(200);
    expect(await writtenBack(sendId, 'DEMO-1')).toMatchObject({
      verdict: 'passed',
      writeBack: 'written',
      writtenAs: `${owner.email} (an owner: the notice's sender has left the workspace or has no token for the site)`,
    });
    expect(await newestCommentAuthor('DEMO-1')).toBe(owner.userId);
  });
});
