import { EMAIL_ALREADY_IN_USE_MESSAGE } from '@handoff/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SecretBox } from '../common/secret-box.ts';
import { Mailbox } from '../testing/mailbox.ts';
import {
  registerAndSignIn,
  signIn,
  uniqueEmail,
  waitForResetCode,
  waitForVerificationCode,
} from '../testing/sign-in.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
const mailbox = new Mailbox();
beforeAll(async () => {
  t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await mailbox.listen()}` });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const register = (payload: object) => t.app.inject({ method: 'POST', url: '/jira/register', payload });
const getUser = (email: string, authorization?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/jira/get-user-by-email',
    payload: { email },
    headers: authorization ? { authorization } : {},
  });

async function countFor(email: string) {
  const accounts = await t.db
    .selectFrom('identity_accounts')
    .select('local_id')
    .where('email', '=', email)
    .execute();
  const users = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
  return { accounts: accounts.length, users: users.length };
}

describe('POST /jira/register', () => {
  it('creates the sign-in account and the user, with the API key encrypted', async () => {
    const email = uniqueEmail('New.Person');
    const res = await register({ email, password: 'good-password', apikey: 'plain-jira-token' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: 'You have been registered successfully.' });

    const account = await t.db
      .selectFrom('identity_accounts')
      .select(['local_id', 'email'])
      .where('email', '=', email.toLowerCase())
      .executeTakeFirstOrThrow();
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('identity_uid', '=', account.local_id)
      .executeTakeFirstOrThrow();
    expect(user.email).toBe(email.toLowerCase());
    expect(user.apikey_encrypted).not.toBe('plain-jira-token');
    expect(user.apikey_encrypted).not.toContain('plain-jira-token');
    expect(new SecretBox(t.app.config.secretKey).open(user.apikey_encrypted)).toBe('plain-jira-token');

    // The account signs in through the provider with the same password.
    expect((await signIn(t.app, email, 'good-password')).uid).toBe(account.local_id);
  });

  it('answers an existing e-mail with 400 EMAIL_EXISTS and the provider’s text, whatever its case', async () => {
    const email = uniqueEmail();
    expect((await register({ email, password: 'good-password', apikey: 'k' })).statusCode).toBe(200);
    // Verified: an account that never proved its address holds it against no one (verified-addresses.test.ts).
    const oobCode = await waitForVerificationCode(mailbox, email);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:update?key=${TEST_IDENTITY_API_KEY}`,
      payload: { oobCode },
    });
    expect(verified.statusCode).toBe(200);
    const again = await register({ email: email.toUpperCase(), password: 'other-password', apikey: 'k2' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      status: 400,
      code: 'EMAIL_EXISTS',
      message: 'The email address is already in use by another account.',
    });
    expect(again.json().message).toBe(EMAIL_ALREADY_IN_USE_MESSAGE);
    expect(await countFor(email.toLowerCase())).toEqual({ accounts: 1, users: 1 });
  });

  it('refuses a weak password, a bad e-mail or a missing API key with 400 and creates nothing', async () => {
    const email = uniqueEmail();
    const weak = await register({ email, password: '12345', apikey: 'k' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toEqual({
      status: 400,
      code: 'WEAK_PASSWORD',
      message: 'The password must be 6 characters long or more.',
    });

    const noKey = await register({ email, password: 'good-password' });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json()).toMatchObject({
      status: 400,
      message: expect.stringContaining('Enter your Jira API token.'),
    });
    const blankKey = await register({ email, password: 'good-password', apikey: '   ' });
    expect(blankKey.statusCode).toBe(400);

    const badEmail = await register({ email: 'not-an-email', password: 'good-password', apikey: 'k' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json()).toEqual({
      status: 400,
      code: 'INVALID_EMAIL',
      message: 'The email address is badly formatted.',
    });
    const noPassword = await register({ email, apikey: 'k' });
    expect(noPassword.statusCode).toBe(400);

    expect(await countFor(email)).toEqual({ accounts: 0, users: 0 });
  });

  it('leaves nothing half-made when the user cannot be written', async () => {
    const email = uniqueEmail();
    // A user row for the e-mail without a sign-in account (as if left from an import).
    await t.db
      .insertInto('users')
      .values({ identity_uid: 'orphan-identity', email, apikey_encrypted: 'x' })
      .execute();
    const res = await register({ email, password: 'good-password', apikey: 'k' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('EMAIL_EXISTS');
    expect(await countFor(email)).toEqual({ accounts: 0, users: 1 });
  });

  it('is described in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    expect(doc.paths['/jira/register'].post.requestBody).toBeDefined();
    expect(doc.paths['/jira/register'].post.responses['200']).toBeDefined();
    expect(doc.paths['/jira/get-user-by-email'].post.responses['403']).toBeDefined();
  });
});

describe('POST /jira/get-user-by-email', () => {
  it("answers the caller's own user, e-mail compared without case", async () => {
    const me = await registerAndSignIn(t.app, { email: uniqueEmail('Me'), apikey: 'my-jira-token' });
    const res = await getUser(me.email.toUpperCase(), me.authorization);
    expect(res.statusCode).toBe(200);
    const user = await t.db
      .selectFrom('users')
      .select('id')
      .where('identity_uid', '=', me.uid)
      .executeTakeFirstOrThrow();
    expect(res.json()).toEqual({
      data: { id: user.id, email: me.email.toLowerCase(), apikey: 'my-jira-token', name: '' },
    });
  });

  it('refuses another user’s e-mail with 403', async () => {
    const me = await registerAndSignIn(t.app);
    const other = await registerAndSignIn(t.app);
    const res = await getUser(other.email, me.authorization);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: 403,
      code: 'FORBIDDEN',
      message: 'You may only look up your own account.',
    });
    expect(res.body).not.toContain(other.apikey);
    expect((await getUser(uniqueEmail(), me.authorization)).statusCode).toBe(403);
  });

  it('needs a valid bearer token: 401 without one, with a bad one, and after a password reset', async () => {
    const me = await registerAndSignIn(t.app);
    const missing = await getUser(me.email);
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((await getUser(me.email, 'Bearer not.a.token')).statusCode).toBe(401);
    expect((await getUser(me.email, `Basic ${me.idToken}`)).statusCode).toBe(401);

    await t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=${TEST_IDENTITY_API_KEY}`,
      payload: { requestType: 'PASSWORD_RESET', email: me.email },
    });
    const oobCode = await waitForResetCode(mailbox, me.email);
    const reset = await t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=${TEST_IDENTITY_API_KEY}`,
      payload: { oobCode, newPassword: 'another-password' },
    });
    expect(reset.statusCode).toBe(200);
    const revoked = await getUser(me.email, me.authorization);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('Your session has expired. Sign in again.');
    const again = await signIn(t.app, me.email, 'another-password');
    expect((await getUser(me.email, again.authorization)).statusCode).toBe(200);
  });

  it('refuses a token whose account has no Handoff user with 403', async () => {
    const email = uniqueEmail();
    const res = await t.app.inject({
      method: 'POST',
      url: `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${TEST_IDENTITY_API_KEY}`,
      payload: { email, password: 'good-password', returnSecureToken: true },
    });
    const { idToken } = res.json();
    const answer = await getUser(email, `Bearer ${idToken}`);
    expect(answer.statusCode).toBe(403);
  });
});
