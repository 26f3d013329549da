import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '../testing/mailbox.ts';
import { signIn, uniqueEmail, waitForVerificationCode } from '../testing/sign-in.ts';
import { callAs, invitationToken } from '../testing/team.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from '../testing/test-app.ts';

// No hostages: a sign-in account without a Handoff profile does not keep its address from registering.
// REGISTRATION=invite: only invited addresses register, after the installation's first account.

const IT = '/identitytoolkit.googleapis.com/v1/accounts:';

const signUp = (app: TestApp['app'], email: string, password: string) =>
  app.inject({
    method: 'POST',
    url: `${IT}signUp?key=${TEST_IDENTITY_API_KEY}`,
    payload: { email, password },
  });
const register = (app: TestApp['app'], email: string, password: string) =>
  app.inject({ method: 'POST', url: '/jira/register', payload: { email, password, apikey: 'jira-token' } });
const signInStatus = async (app: TestApp['app'], email: string, password: string) =>
  (
    await app.inject({
      method: 'POST',
      url: `${IT}signInWithPassword?key=${TEST_IDENTITY_API_KEY}`,
      payload: { email, password },
    })
  ).statusCode;

describe('no hostages (SMTP_URL set: addresses are verified)', () => {
  const mailbox = new Mailbox();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await mailbox.listen()}` });
  });
  afterAll(async () => {
    await t.close();
    await mailbox.close();
  });

  it('the right password completes a sign-in account that has no profile', async () => {
    const email = uniqueEmail('orphan');
    const created = await signUp(t.app, email, 'the-password');
    expect(created.statusCode).toBe(200);
    const uid = created.json().localId;
    const registered = await register(t.app, email, 'the-password');
    expect(registered.statusCode, registered.body).toBe(200);
    const session = await signIn(t.app, email, 'the-password');
    expect(session.uid).toBe(uid);
    // Its address still has to be proven: the link was sent.
    const code = await waitForVerificationCode(mailbox, email);
    await t.app.inject({
      method: 'POST',
      url: `${IT}update?key=${TEST_IDENTITY_API_KEY}`,
      payload: { oobCode: code },
    });
    const profile = await callAs(t.app, { idToken: session.idToken, userId: '' }, '/jira/get-user-by-email', {
      email,
    });
    expect(profile.statusCode).toBe(200);
    // Registered now: a second registration is refused.
    expect((await register(t.app, email, 'the-password')).json().code).toBe('EMAIL_EXISTS');
  });

  it('an unverified account without a profile is replaced by a registration with another password', async () => {
    const email = uniqueEmail('hostage');
    expect((await signUp(t.app, email, 'squatter-password')).statusCode).toBe(200);
    const registered = await register(t.app, email, 'owner-password');
    expect(registered.statusCode, registered.body).toBe(200);
    expect(await signInStatus(t.app, email, 'squatter-password')).toBe(400);
    expect(await signInStatus(t.app, email, 'owner-password')).toBe(200);
    // The verification e-mail decides: it went to the address.
    expect(await waitForVerificationCode(mailbox, email)).toBeTruthy();
  });

  it('a verified account without a profile is not replaced: a wrong password is EMAIL_EXISTS', async () => {
    const email = uniqueEmail('verified');
    const created = await signUp(t.app, email, 'owner-password');
    await t.app.inject({
      method: 'POST',
      url: `${IT}sendOobCode?key=${TEST_IDENTITY_API_KEY}`,
      payload: { requestType: 'VERIFY_EMAIL', idToken: created.json().idToken },
    });
    const code = await waitForVerificationCode(mailbox, email);
    await t.app.inject({
      method: 'POST',
      url: `${IT}update?key=${TEST_IDENTITY_API_KEY}`,
      payload: { oobCode: code },
    });
    expect((await register(t.app, email, 'other-password')).json().code).toBe('EMAIL_EXISTS');
    expect(await signInStatus(t.app, email, 'owner-password')).toBe(200);
  });
});

describe('the default', () => {
  it('is invitation only, and /config.json says so once there is an account; open says nothing of it', async () => {
    const byDefault = await createTestApp({ REGISTRATION: '' });
    const open = await createTestApp({ REGISTRATION: 'open' });
    try {
      expect((await register(byDefault.app, uniqueEmail('first'), 'first-password')).statusCode).toBe(200);
      expect((await register(byDefault.app, uniqueEmail('second'), 'good-password')).statusCode).toBe(403);
      expect((await byDefault.app.inject({ method: 'GET', url: '/config.json' })).json().inviteOnly).toBe(
        true,
      );
      expect((await register(open.app, uniqueEmail('first'), 'first-password')).statusCode).toBe(200);
      expect((await open.app.inject({ method: 'GET', url: '/config.json' })).json().inviteOnly).toBe(false);
    } finally {
      await byDefault.close();
      await open.close();
    }
  });
});

describe('REGISTRATION=invite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ REGISTRATION: 'invite' });
  });
  afterAll(() => t.close());

  it('lets the first account of an empty installation in, then only invited addresses', async () => {
    const inviteOnly = async () =>
      (await t.app.inject({ method: 'GET', url: '/config.json' })).json().inviteOnly;
    // The register screen of an empty installation is open to its first owner.
    expect(await inviteOnly()).toBe(false);
    const first = uniqueEmail('first');
    expect((await register(t.app, first, 'first-password')).statusCode).toBe(200);
    // From then on it says, before anyone types, that registration is by invitation.
    expect(await inviteOnly()).toBe(true);

    const stranger = await register(t.app, uniqueEmail('stranger'), 'good-password');
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({
      status: 403,
      code: 'REGISTRATION_BY_INVITATION',
      message: 'Registration is by invitation only.',
    });

    const session = await signIn(t.app, first, 'first-password');
    const owner = { idToken: session.idToken, userId: '' };
    owner.userId = (await callAs(t.app, owner, '/jira/get-user-by-email', { email: first })).json().data.id;
    const invited = uniqueEmail('Invited');
    const invite = await callAs(t.app, owner, '/jira/inviteMember', { userId: owner.userId, email: invited });
    expect(invite.statusCode, invite.body).toBe(200);
    expect(await invitationToken(t.db, invited)).toBeTruthy();
    expect((await register(t.app, invited.toUpperCase(), 'good-password')).statusCode).toBe(200);
  });
});
