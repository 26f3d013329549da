// Delivery evidence per recipient (main README, "Sending stories"): a real SMTP server refuses chosen
// recipients at RCPT TO. Every To refused: the client got nothing, so the send fails, its story is
// offered again and the answer is 502 naming the refused addresses (and the CC that got it anyway). Some
// To accepted: the send stands, and the answer and the history name the refused ones.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Mailbox } from '../testing/mailbox.ts';
import { multipartBody } from '../testing/multipart.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { callAs } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const mailbox = new Mailbox();
let t: TestApp;
let owner: { idToken: string; userId: string };
let counter = 0;

beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await mailbox.listen()}` });
  owner = await signUpAndSignIn(t.app, {
    email: 'owner@evidence.test',
    password: 'owner-password',
    apikey: 'k',
  });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});
beforeEach(() => mailbox.refusedRecipients.clear());

async function newProject(): Promise<string> {
  const projectKey = `EV${++counter}`;
  const added = await callAs(t.app, owner, '/jira/addProject', {
    userId: owner.userId,
    projectKey,
    projectName: `Evidence ${counter}`,
    clientEmails: ['client@evidence.test', 'second@evidence.test'],
    clientCC: ['boss@evidence.test'],
  });
  expect(added.statusCode).toBe(200);
  return projectKey;
}

async function send(projectKey: string, to: string[], issueKeys: string) {
  const form = await multipartBody([
    ['subject', 'Request for Testing'],
    ['text', 'Please test.'],
    ...to.map((address): [string, string] => ['to', address]),
    ['cc', 'boss@evidence.test'],
    ['projectKey', projectKey],
    ['issueKeys', issueKeys],
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { authorization: `Bearer ${owner.idToken}`, ...form.headers },
    payload: form.payload,
  });
}

const history = async (projectKey: string) =>
  (await callAs(t.app, owner, '/jira/getProjectSends', { userId: owner.userId, projectKey })).json().data;
const sentList = async (projectKey: string) =>
  (await callAs(t.app, owner, '/jira/getFirebaseProjectByKey', { userId: owner.userId, projectKey })).json()
    .data.sentProjectIssuesList as string[];

describe('delivery evidence per recipient', () => {
  it('fails the send when every To address is refused, gives its story back, and names who got it anyway', async () => {
    const projectKey = await newProject();
    mailbox.refusedRecipients.add('client@evidence.test');
    const before = mailbox.messages.length;
    const answer = await send(projectKey, ['client@evidence.test'], `${projectKey}-1`);
    expect(answer.statusCode).toBe(502);
    expect(answer.json().message).toContain('client@evidence.test (550 5.1.1 <client@evidence.test>');
    expect(answer.json().message).toContain('Nothing was marked as sent');
    // The mail server took it for the CC: the history says so.
    expect(mailbox.envelopes.slice(before)).toEqual([['boss@evidence.test']]);
    const [failed] = await history(projectKey);
    expect(failed.status).toBe('failed');
    expect(failed.error).toContain('the CC received it anyway: boss@evidence.test');
    expect(failed.recipients).toEqual([
      { address: 'boss@evidence.test', accepted: true },
      {
        address: 'client@evidence.test',
        accepted: false,
        reply: '550 5.1.1 <client@evidence.test>: no such mailbox here',
      },
    ]);
    // Offered again: the story is not in the sent list.
    expect(await sentList(projectKey)).toEqual([]);
  });

  it('keeps the send when some To addresses were accepted, and names the refused ones', async () => {
    const projectKey = await newProject();
    mailbox.refusedRecipients.add('second@evidence.test');
    const answer = await send(
      projectKey,
      ['client@evidence.test', 'second@evidence.test'],
      `${projectKey}-1`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.refused).toEqual([
      'second@evidence.test (550 5.1.1 <second@evidence.test>: no such mailbox here)',
    ]);
    const [sent] = await history(projectKey);
    expect(sent.status).toBe('sent');
    expect(sent.recipients).toEqual([
      { address: 'client@evidence.test', accepted: true },
      { address: 'boss@evidence.test', accepted: true },
      {
        address: 'second@evidence.test',
        accepted: false,
        reply: '550 5.1.1 <second@evidence.test>: no such mailbox here',
      },
    ]);
    expect(await sentList(projectKey)).toEqual([`${projectKey}-1`]);
  });

  it('records every recipient accepted on an ordinary send', async () => {
    const projectKey = await newProject();
    const answer = await send(projectKey, ['client@evidence.test'], `${projectKey}-1`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().data.refused).toEqual([]);
    const [sent] = await history(projectKey);
    expect(sent.recipients).toEqual([
      { address: 'client@evidence.test', accepted: true },
      { address: 'boss@evidence.test', accepted: true },
    ]);
  });
});
