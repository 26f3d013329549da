import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '../testing/mailbox.ts';
import { signIn, uniqueEmail, waitForResetCode, waitForVerificationCode } from '../testing/sign-in.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from '../testing/test-app.ts';

// With SMTP_URL set, registering e-mails a verification link; until it is used, the account may sign in
// and read its profile, and every other product call is refused.

const IT = '/identitytoolkit.googleapis.com/v1/accounts:';
const VERIFY_FIRST = 'Please verify your e-mail address first. We sent you a link.';
const PUBLIC_ROUTES = [
  '/jira/register',
  '/jira/logout',
  '/jira/review/getNotice',
  '/jira/review/submitVerdicts',
  '/jira/review/signOff',
  '/jira/review/getLinkState',
  '/jira/getInvitation',
];

const mailbox = new Mailbox();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${await mailbox.listen()}`, PUBLIC_URL: 'https://handoff.example.com' },
    { identity: { rateLimits: { sendOobCodePerEmail: { max: 2, windowMs: 60 * 60_000 } } } },
  );
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

async function register(email: string, password = 'good-password') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/jira/register',
    payload: { email, password, apikey: 'jira-token' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return signIn(t.app, email, password);
}

const call = (authorization: string, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { authorization }, payload });

const identity = (operation: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `${IT}${operation}?key=${TEST_IDENTITY_API_KEY}`, payload });

describe('verified addresses', () => {
  it('register e-mails a link to /auth/action; the account sees only its profile until it is used', async () => {
    const email = uniqueEmail('verify');
    const session = await register(email);
    const code = await waitForVerificationCode(mailbox, email);
    const mail = mailbox.messages.find((m) => m.text?.includes(code));
    expect(mail?.text).toContain(`https://handoff.example.com/auth/action?mode=verifyEmail&oobCode=${code}`);
    // The outbox keeps the message without a working link.
    const kept = await t.db
      .selectFrom('mail_messages')
      .select('text_body')
      .where('purpose', '=', 'verify-email')
      .execute();
    expect(kept.some((row) => row.text_body.includes(code))).toBe(false);

    const profile = await call(session.authorization, '/jira/get-user-by-email', { email });
    expect(profile.statusCode).toBe(200);
    const userId = profile.json().data.id as string;
    const refused = await call(session.authorization, '/jira/getWorkspaces', { userId });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ status: 403, code: 'EMAIL_NOT_VERIFIED', message: VERIFY_FIRST });
    const lookup = await identity('lookup', { idToken: session.idToken });
    expect(lookup.json().users[0].emailVerified).toBe(false);

    const applied = await identity('update', { oobCode: code });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ email, emailVerified: true });
    // At once, with the same ID token.
    expect((await call(session.authorization, '/jira/getWorkspaces', { userId })).statusCode).toBe(200);
    expect((await identity('lookup', { idToken: session.idToken })).json().users[0].emailVerified).toBe(true);
    expect((await identity('update', { oobCode: code })).json().error.message).toBe('INVALID_OOB_CODE');
  });

  it('refuses every product route but the profile to an unverified account', async () => {
    const email = uniqueEmail('every');
    const session = await register(email);
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const unexpected: string[] = [];
    let refused = 0;
    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/jira/') || PUBLIC_ROUTES.includes(path)) continue;
      for (const method of Object.keys(operations)) {
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET' | 'POST',
          url: path,
          headers: { authorization: session.authorization },
          ...(method === 'post' ? { payload: { email } } : {}),
        });
        const allowed = path === '/jira/get-user-by-email';
        const ok = allowed
          ? res.statusCode === 200
          : res.statusCode === 403 && res.json().message === VERIFY_FIRST;
        if (ok && !allowed) refused += 1;
        if (!ok) unexpected.push(`${method} ${path}: ${res.statusCode}`);
      }
    }
    expect(unexpected).toEqual([]);
    expect(refused).toBeGreaterThanOrEqual(20);
  });

  it('sends the link again on request (sendOobCode VERIFY_EMAIL), a limited number of times', async () => {
    const email = uniqueEmail('again');
    const session = await register(email);
    const first = await waitForVerificationCode(mailbox, email);
    const again = await identity('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: session.idToken });
    expect(again.json()).toEqual({ kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email });
    const second = await waitForVerificationCode(mailbox, email, { previous: first });
    expect(second).not.toBe(first);
    expect(
      (await identity('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: session.idToken })).statusCode,
    ).toBe(200);
    const refused = await identity('sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: session.idToken });
    expect(refused.json().error.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('no squatting', () => {
  const profileOf = async (authorization: string, email: string) =>
    (await call(authorization, '/jira/get-user-by-email', { email })).json().data as {
      id: string;
      apikey: string;
    };

  it('a later registration that completes verification replaces an unverified account, its token and sessions', async () => {
    const email = uniqueEmail('squatted');
    const squatter = await t.app.inject({
      method: 'POST',
      url: '/jira/register',
      payload: { email, password: 'squatter-password', apikey: 'squatter-jira-token' },
    });
    expect(squatter.statusCode).toBe(200);
    const squatterSession = await signIn(t.app, email, 'squatter-password');
    const squatterCode = await waitForVerificationCode(mailbox, email);
    const squatterProfile = await profileOf(squatterSession.authorization, email);

    const owner = await t.app.inject({
      method: 'POST',
      url: '/jira/register',
      payload: { email, password: 'owner-password', apikey: 'owner-jira-token' },
    });
    expect(owner.statusCode, owner.body).toBe(200);
    // The squatter's password, session and verification link are gone.
    expect(
      (
        await identity('signInWithPassword', {
          email,
          password: 'squatter-password',
          returnSecureToken: true,
        })
      ).statusCode,
    ).toBe(400);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: `/securetoken.googleapis.com/v1/token?key=${TEST_IDENTITY_API_KEY}`,
      payload: { grant_type: 'refresh_token', refresh_token: squatterSession.refreshToken },
    });
    expect(refreshed.statusCode).toBe(400);
    expect((await identity('update', { oobCode: squatterCode })).statusCode).toBe(400);

    const code = await waitForVerificationCode(mailbox, email, { previous: squatterCode });
    expect((await identity('update', { oobCode: code })).statusCode).toBe(200);
    const session = await signIn(t.app, email, 'owner-password');
    const profile = await profileOf(session.authorization, email);
    expect(profile).toEqual({ id: squatterProfile.id, email, apikey: 'owner-jira-token', name: '' });
    expect(
      (await call(session.authorization, '/jira/getWorkspaces', { userId: profile.id })).statusCode,
    ).toBe(200);
    // Now verified, the address is the owner's for good.
    const again = await t.app.inject({
      method: 'POST',
      url: '/jira/register',
      payload: { email, password: 'another-password', apikey: 'k' },
    });
    expect(again.json().code).toBe('EMAIL_EXISTS');
  });

  it("a password reset through the e-mailed link verifies the address and drops a squatter's Jira token", async () => {
    const email = uniqueEmail('reset-squatted');
    await register(email, 'squatter-password');
    const sent = await identity('sendOobCode', { requestType: 'PASSWORD_RESET', email });
    expect(sent.statusCode).toBe(200);
    const oobCode = await waitForResetCode(mailbox, email);
    const reset = await identity('resetPassword', { oobCode, newPassword: 'owner-password' });
    expect(reset.statusCode, reset.body).toBe(200);
    const session = await signIn(t.app, email, 'owner-password');
    expect((await identity('lookup', { idToken: session.idToken })).json().users[0].emailVerified).toBe(true);
    const profile = await profileOf(session.authorization, email);
    expect(profile.apikey).toBe('');
    expect(
      (await call(session.authorization, '/jira/getWorkspaces', { userId: profile.id })).statusCode,
    ).toBe(200);

    // A reset of an address already verified keeps the token.
    await call(session.authorization, '/jira/updateApiKey', { apikey: 'owner-jira-token' });
    await identity('sendOobCode', { requestType: 'PASSWORD_RESET', email });
    const second = await waitForResetCode(mailbox, email, { previous: oobCode });
    expect(
      (await identity('resetPassword', { oobCode: second, newPassword: 'owner-password-2' })).statusCode,
    ).toBe(200);
    const later = await signIn(t.app, email, 'owner-password-2');
    expect((await profileOf(later.authorization, email)).apikey).toBe('owner-jira-token');
  });
});

describe('without SMTP_URL', () => {
  it('asks no verification: no link could reach the address', async () => {
    const plain = await createTestApp();
    try {
      const email = uniqueEmail('plain');
      const res = await plain.app.inject({
        method: 'POST',
        url: '/jira/register',
        payload: { email, password: 'good-password', apikey: 'k' },
      });
      expect(res.statusCode).toBe(200);
      const session = await signIn(plain.app, email, 'good-password');
      const projects = await plain.app.inject({
        method: 'POST',
        url: '/jira/getAllProjects',
        headers: { authorization: session.authorization },
        payload: { email },
      });
      expect(projects.statusCode).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
