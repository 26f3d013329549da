// Small gates (main README, "Security"): e-mail addresses are stored, compared and mailed in one spelling
// (NFKC, lower case, IDNA domain), so a look-alike spelling (U+212A KELVIN SIGN, full-width letters) is the
// same address and changes nothing a rule guards; attachment names that could disguise a file, story keys
// that are no keys, review calls that are not JSON and passwords over 4096 characters are refused.
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

describe('attachment names that hide their extension', () => {
  it.each([
    ['a soft hyphen (Cf)', 'invoice\u00AD.pdf', 'invisible format characters (Unicode category Cf'],
    ['a zero-width space (Cf)', 'invoice.pdf\u200B.exe', 'invisible format characters (Unicode category Cf'],
    ['a variation selector', 'invoice.pdf\uFE0F.exe', 'variation selectors or the combining grapheme joiner'],
    ['a supplementary variation selector', 'invoice.pdf\u{E0100}.exe', 'variation selectors'],
    ['a combining grapheme joiner', 'invoice.pdf\u034F.exe', 'the combining grapheme joiner'],
    ['8 ideographic spaces', `invoice.pdf${'\u3000'.repeat(8)}.exe`, 'two or more spaces in a row'],
    ['two no-break spaces', 'invoice.pdf\u00A0\u00A0.exe', 'two or more spaces in a row'],
    ['two plain spaces', 'invoice.pdf  .exe', 'two or more spaces in a row'],
  ])('refuses %s with 400 naming the rule', async (_what, name, rule) => {
    const refused = await send([['to', 'client@kelvin.test']], { name, content: Buffer.from('x') });
    expect(refused.statusCode, name).toBe(400);
    expect(refused.json().code).toBe('INVALID_FILE_NAME');
    expect(refused.json().message).toContain(rule);
  });

  it('keeps names with single spaces and letters of any script', async () => {
    for (const name of ['Rechnung März 2026.pdf', '見積書 第2版.pdf', 'résumé – final.pdf']) {
      const sent = await send([['to', 'client@kelvin.test']], { name, content: Buffer.from('x') });
      expect(sent.statusCode, name).toBe(200);
    }
  });
});

describe('story keys', () => {
  it('refuses a value that is no issue key before its project is checked', async () => {
    for (const key of ['LOOK-3 OR project = MOB', 'look-1', 'LOOK-0', 'LOOK-01', '1LOOK-2', 'L-1']) {
      const refused = await send([
        ['to', 'client@kelvin.test'],
        ['issueKeys', key],
      ]);
      expect(refused.statusCode, key).toBe(400);
      expect(refused.json().code, key).toBe('INVALID_ISSUE_KEY');
      expect(refused.json().message).toContain(`Not a key: ${JSON.stringify(key)}`);
    }
  });
});

describe('the review routes take JSON only', () => {
  it.each(['/jira/review/getNotice', '/jira/review/submitVerdicts', '/jira/review/signOff'])(
    '%s answers text/plain with 415 and says what to send',
    async (url) => {
      const answer = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ token: 'A'.repeat(43), reviewer: 'Ann', verdicts: [] }),
      });
      expect(answer.statusCode).toBe(415);
      expect(answer.json().message).toBe(
        'Send the request body as JSON, with the header Content-Type: application/json.',
      );
    },
  );
});

describe('passwords', () => {
  it('refuses one over 4096 characters with WEAK_PASSWORD naming the limit', async () => {
    const register = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/jira/register',
        payload: { email: 'long@gates.test', password, apikey: 'k' },
      });
    const refused = await register('p'.repeat(4097));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'WEAK_PASSWORD',
      message: 'The password may be at most 4096 characters long.',
    });
    const signUp = await t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${TEST_IDENTITY_API_KEY}`,
      payload: { email: 'long2@gates.test', password: 'p'.repeat(4097) },
    });
    expect(signUp.statusCode).toBe(400);
    expect(signUp.json().error.message).toBe('WEAK_PASSWORD : Password may be at most 4096 characters');
    expect((await register('p'.repeat(4096))).statusCode).toBe(200);
  });
});
