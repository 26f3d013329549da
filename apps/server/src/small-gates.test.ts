// Small gates (main README, "Security"): e-mail addresses are compared after Unicode NFKC and lower-casing
// for every rule, so a look-alike spelling (U+212A KELVIN SIGN, full-width letters) is the same address
// and changes nothing a rule guards; attachment names that could disguise a file are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartBody } from './testing/multipart.ts';
import { signUpAndSignIn } from './testing/sign-up.ts';
import { type Caller, callAs, inviteAndJoin } from './testing/team.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from './testing/test-app.ts';

let t: TestApp;
type Account = Caller & { email: string };
let owner: Account;
let member: Account;
const KELVIN = '\u212A';
const FULL_WIDTH_K = '\uFF4B';

async function account(email: string): Promise<Account> {
  return { ...(await signUpAndSignIn(t.app, { email, password: 'a-password', apikey: 'jira' })), email };
}

const project = async (caller: Account) =>
  (
    await callAs(t.app, caller, '/jira/getFirebaseProjectByKey', {
      userId: caller.userId,
      projectKey: 'LOOK',
    })
  ).json().data;

async function send(fields: Array<[string, string]>, file?: { name: string; content: Buffer }) {
  const form = await multipartBody(
    [
      ['subject', 'Request for Testing'],
      ['text', 'Please test.'],
      ['projectKey', 'LOOK'],
      ['issueKeys', ''],
      ...fields,
    ],
    file,
  );
  return t.app.inject({
    method: 'POST',
    url: '/jira/sendDownloadedIssues',
    headers: { authorization: `Bearer ${member.idToken}`, ...form.headers },
    payload: form.payload,
  });
}

beforeAll(async () => {
  t = await createTestApp({ SIGNUP_DOMAINS: 'kelvin.test,gates.test' });
  owner = await account('owner@gates.test');
  member = await account('member@gates.test');
  const added = await callAs(t.app, owner, '/jira/addProject', {
    userId: owner.userId,
    projectKey: 'LOOK',
    projectName: 'Look-alikes',
    clientEmails: ['client@kelvin.test'],
  });
  expect(added.statusCode).toBe(200);
  await inviteAndJoin(t.app, owner, member);
});
afterAll(() => t.close());

describe('e-mail addresses compared after NFKC and lower-casing', () => {
  it("a member's look-alike spelling of the client addresses is no change: the stored spelling stays", async () => {
    for (const lookAlike of [`client@${KELVIN}elvin.test`, `CLIENT@${FULL_WIDTH_K}elvin.test`]) {
      const update = await callAs(t.app, member, '/jira/updateFirebaseProject', {
        userId: member.userId,
        projectKey: 'LOOK',
        updatedProject: { clientEmails: [lookAlike] },
      });
      expect(update.statusCode).toBe(200);
      expect((await project(owner)).clientEmails).toEqual(['client@kelvin.test']);
    }
    const change = await callAs(t.app, member, '/jira/updateFirebaseProject', {
      userId: member.userId,
      projectKey: 'LOOK',
      updatedProject: { clientEmails: ['client@kelvin.example'] },
    });
    expect(change.statusCode).toBe(403);
  });

  it('checks recipients the same way: a look-alike of a client address is that address', async () => {
    const sent = await send([['to', `client@${FULL_WIDTH_K}elvin.test`]]);
    expect(sent.statusCode, sent.body).toBe(200);
    const stranger = await send([['to', 'client@kelvin.example']]);
    expect(stranger.statusCode).toBe(403);
  });

  it('mails a look-alike recipient in the spelling that was checked, and the history shows that', async () => {
    const sent = await send([
      ['to', `CLIENT@${FULL_WIDTH_K}elvin.test`],
      ['cc', `client@${KELVIN}elvin.test`],
    ]);
    expect(sent.statusCode, sent.body).toBe(200);
    const history = await callAs(t.app, owner, '/jira/getProjectSends', {
      userId: owner.userId,
      projectKey: 'LOOK',
    });
    const latest = history.json().data[0];
    expect(latest.to).toEqual(['client@kelvin.test']);
    expect(latest.cc).toEqual(['client@kelvin.test']);
  });

  it('the identity provider folds at sign-up: a look-alike spelling is the same account', async () => {
    const register = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/jira/register',
        payload: { email, password: 'boss-password', apikey: 'k' },
      });
    expect((await register('\uFF42oss@gates.test')).statusCode).toBe(200);
    const again = await register('boss@gates.test');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('EMAIL_EXISTS');
    const signIn = await t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${TEST_IDENTITY_API_KEY}`,
      payload: { email: 'BOSS@gates.test', password: 'boss-password', returnSecureToken: true },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json().email).toBe('boss@gates.test');
  });

  it('checks sign-up domains the same way', async () => {
    const signUp = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/jira/register',
        payload: { email, password: 'a-password', apikey: 'k' },
      });
    expect((await signUp(`new@${FULL_WIDTH_K}elvin.test`)).statusCode).toBe(200);
    expect((await signUp('new@elsewhere.test')).statusCode).toBe(403);
  });
});

describe('attachment names', () => {
  it('refuses a name with a bidirectional override or a control character (400 naming the rule)', async () => {
    for (const name of ['invoice\u202Efdp.exe', 'report\u2067.pdf', 'tab\there.txt']) {
      const refused = await send([['to', 'client@kelvin.test']], { name, content: Buffer.from('x') });
      expect(refused.statusCode, name).toBe(400);
      expect(refused.json().message).toContain(
        'may not contain control characters or bidirectional text controls',
      );
    }
    const plain = await send([['to', 'client@kelvin.test']], {
      name: 'Rechnung März.pdf',
      content: Buffer.from('x'),
    });
    expect(plain.statusCode).toBe(200);
  });
});
