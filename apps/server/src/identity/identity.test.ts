import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { addressesOf, Mailbox } from '../testing/mailbox.ts';
import { uniqueEmail, waitForResetCode } from '../testing/sign-in.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp, testConfig } from '../testing/test-app.ts';

// Wire-level checks of the Identity-Toolkit-compatible provider (https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts).

const KEY = TEST_IDENTITY_API_KEY;
const IT = '/identitytoolkit.googleapis.com';
const op = (name: string, key: string | null = KEY) =>
  `${IT}/v1/accounts:${name}${key === null ? '' : `?key=${key}`}`;
const tokenUrl = `/securetoken.googleapis.com/v1/token?key=${KEY}`;

/** Google's envelope for a business error. */
const envelope = (message: string) => ({
  error: { code: 400, message, errors: [{ message, domain: 'global', reason: 'invalid' }] },
});

let clock = Date.now();
let t: TestApp;
// Reset e-mails are read where a user reads them: from a real SMTP server.
const mailbox = new Mailbox();

beforeAll(async () => {
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${await mailbox.listen()}` },
    {
      identity: {
        now: () => clock,
        rateLimits: {
          signInPerAccountAndIp: { max: 3, windowMs: 15 * 60_000 },
          signInPerAccount: { max: 10, windowMs: 15 * 60_000 },
          signInPerIp: { max: 8, windowMs: 15 * 60_000 },
          signUpPerIp: { max: 5, windowMs: 60 * 60_000 },
          sendOobCodePerIp: { max: 6, windowMs: 60 * 60_000 },
          sendOobCodePerEmail: { max: 2, windowMs: 60 * 60_000 },
        },
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

/** Each test speaks from its own IP address, so that rate limits of one test do not touch another. */
let nextIp = 1;
function client() {
  const remoteAddress = `10.0.0.${nextIp++}`;
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers, remoteAddress });
  return {
    remoteAddress,
    post,
    async signUp(email = uniqueEmail(), password = 'good-password') {
      const res = await post(op('signUp'), { email, password, returnSecureToken: true });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { localId: string; idToken: string; refreshToken: string };
      return { ...body, email: email.toLowerCase(), password };
    },
    async signIn(email: string, password: string) {
      return post(op('signInWithPassword'), { email, password, returnSecureToken: true });
    },
  };
}

describe('API key', () => {
  it('answers a missing key with 403 PERMISSION_DENIED, as Google does', async () => {
    const res = await client().post(op('signUp', null), { email: uniqueEmail(), password: 'good-password' });
    expect(res.statusCode).toBe(403);
    const message = 'The request is missing a valid API key.';
    expect(res.json()).toEqual({
      error: {
        code: 403,
        message,
        errors: [{ message, domain: 'global', reason: 'forbidden' }],
        status: 'PERMISSION_DENIED',
      },
    });
  });

  it('answers a wrong key with 400 INVALID_ARGUMENT, byte for byte as production', async () => {
    const res = await client().post(op('signInWithPassword', 'wrong-key'), {
      email: 'a@b.test',
      password: 'x',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=UTF-8');
    expect(res.body).toBe(
      '{"error":{"code":400,"message":"API key not valid. Please pass a valid API key.","errors":[{"message":"API key not valid. Please pass a valid API key.","domain":"global","reason":"badRequest"}],"status":"INVALID_ARGUMENT"}}',
    );
  });

  it('checks the key on GET passwordPolicy and on the token endpoint too', async () => {
    const policy = await t.app.inject({ method: 'GET', url: `${IT}/v2/passwordPolicy` });
    expect(policy.statusCode).toBe(403);
    const token = await client().post('/securetoken.googleapis.com/v1/token?key=nope', {});
    expect(token.json().error.message).toBe('API key not valid. Please pass a valid API key.');
  });

  it('accepts the key in the x-goog-api-key header', async () => {
    const res = await client().post(
      op('signUp', null),
      { email: uniqueEmail(), password: 'good-password' },
      { 'x-goog-api-key': KEY },
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('accounts:signUp', () => {
  it('creates an account and answers like Google, ignoring the fields the SDK adds', async () => {
    const c = client();
    const email = uniqueEmail('New.User');
    const res = await c.post(op('signUp'), {
      email,
      password: 'good-password',
      returnSecureToken: true,
      clientType: 'CLIENT_TYPE_WEB',
      tenantId: null,
      somethingNew: { nested: true },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      kind: 'identitytoolkit#SignupNewUserResponse',
      localId: expect.stringMatching(/^[A-Za-z0-9]{28}$/),
      email: email.toLowerCase(),
      idToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      refreshToken: expect.stringMatching(/^[\w-]{43}$/),
      expiresIn: '3600',
    });
    const row = await t.db
      .selectFrom('identity_accounts')
      .select(['password_hash', 'email'])
      .where('local_id', '=', body.localId)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(email.toLowerCase());
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const refresh = await t.db.selectFrom('identity_refresh_tokens').select('token_hash').execute();
    expect(refresh.map((r) => r.token_hash)).not.toContain(body.refreshToken);
  });

  it('answers the exact error envelopes: EMAIL_EXISTS, WEAK_PASSWORD, MISSING_*, INVALID_EMAIL', async () => {
    const c = client();
    const { email } = await c.signUp();
    const cases: Array<[unknown, string]> = [
      [{ email: email.toUpperCase(), password: 'other-password' }, 'EMAIL_EXISTS'],
      [
        { email: uniqueEmail(), password: '12345' },
        'WEAK_PASSWORD : Password should be at least 6 characters',
      ],
      [{ email: uniqueEmail() }, 'MISSING_PASSWORD'],
      [{ password: 'good-password' }, 'MISSING_EMAIL'],
      [{ email: 'no-at-sign', password: 'good-password' }, 'INVALID_EMAIL'],
      [{ email: 'a b@example.test', password: 'good-password' }, 'INVALID_EMAIL'],
    ];
    for (const [payload, message] of cases) {
      const res = await client().post(op('signUp'), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(envelope(message));
    }
  });

  it('limits sign-ups per IP address with TOO_MANY_ATTEMPTS_TRY_LATER, shared by every process', async () => {
    const c = client();
    for (let i = 0; i < 5; i++) await c.signUp();
    const refused = await c.post(op('signUp'), { email: uniqueEmail(), password: 'good-password' });
    expect(refused.json()).toEqual(envelope('TOO_MANY_ATTEMPTS_TRY_LATER'));
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // A second server process on the same database sees the same counter.
    const other = await buildApp({
      config: testConfig(),
      db: t.db,
      webRoot: false,
      identity: { now: () => clock, rateLimits: { signUpPerIp: { max: 5, windowMs: 60 * 60_000 } } },
    });
    try {
      const res = await other.inject({
        method: 'POST',
        url: op('signUp'),
        payload: { email: uniqueEmail(), password: 'good-password' },
        remoteAddress: c.remoteAddress,
      });
      expect(res.json().error.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    } finally {
      await other.close();
    }

    // After the window, the address may sign up again.
    clock += 60 * 60_000 + 1;
    await c.signUp();
  });
});

describe('POST /jira/register shares the sign-up limit', () => {
  it('answers 429 once the address has used up its sign-ups', async () => {
    const c = client();
    const register = () =>
      t.app.inject({
        method: 'POST',
        url: '/jira/register',
        payload: { email: uniqueEmail(), password: 'good-password', apikey: 'k' },
        remoteAddress: c.remoteAddress,
      });
    for (let i = 0; i < 5; i++) expect((await register()).statusCode).toBe(200);
    const refused = await register();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      status: 429,
      code: 'TOO_MANY_ATTEMPTS',
      message: 'Too many attempts. Try again later.',
    });
    clock += 60 * 60_000 + 1;
  });
});

describe('accounts:signInWithPassword', () => {
  it('signs in and answers like Google', async () => {
    const c = client();
    const account = await c.signUp(uniqueEmail('Mixed.Case'));
    const res = await c.signIn(account.email.toUpperCase(), account.password);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId: account.localId,
      email: account.email,
      displayName: '',
      idToken: expect.any(String),
      registered: true,
      refreshToken: expect.any(String),
      expiresIn: '3600',
    });
    expect(res.body).not.toMatch(/errorMessage|needConfirmation|mfaPendingCredential/);
  });

  it('protects against e-mail enumeration: unknown e-mail and wrong password answer alike', async () => {
    const c = client();
    const { email } = await c.signUp();
    const wrong = await c.signIn(email, 'wrong-password');
    const unknown = await c.signIn(uniqueEmail(), 'wrong-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(envelope('INVALID_LOGIN_CREDENTIALS'));
    expect(unknown.json()).toEqual(envelope('INVALID_LOGIN_CREDENTIALS'));
    expect((await c.signIn('', 'x')).json()).toEqual(envelope('INVALID_EMAIL'));
    expect((await c.signIn(email, '')).json()).toEqual(envelope('MISSING_PASSWORD'));
  });

  it('locks an account per e-mail and IP after repeated failures; a success resets the count', async () => {
    const c = client();
    const { email, password } = await c.signUp();
    await c.signIn(email, 'wrong-1');
    await c.signIn(email, 'wrong-2');
    expect((await c.signIn(email, password)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await c.signIn(email, `wrong-${i}`)).statusCode).toBe(400);
    const locked = await c.signIn(email, password);
    expect(locked.json()).toEqual(
      envelope(
        'TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.',
      ),
    );
    // Another address is not locked out of the account.
    expect((await client().signIn(email, password)).statusCode).toBe(200);
    // The lock ends with the window.
    clock += 15 * 60_000 + 1;
    expect((await c.signIn(email, password)).statusCode).toBe(200);
  });

  it('locks an account guessed at from many addresses; a password reset lifts the lock', async () => {
    const { email, password } = await client().signUp();
    for (let i = 0; i < 10; i++) expect((await client().signIn(email, `guess-${i}`)).statusCode).toBe(400);
    const locked = await client().signIn(email, password);
    expect(locked.json().error.message).toMatch(/^TOO_MANY_ATTEMPTS_TRY_LATER : Access to this account/);

    const c = client();
    await c.post(op('sendOobCode'), { requestType: 'PASSWORD_RESET', email });
    const oobCode = await waitForResetCode(mailbox, email);
    expect((await c.post(op('resetPassword'), { oobCode, newPassword: 'after-reset' })).statusCode).toBe(200);
    expect((await client().signIn(email, 'after-reset')).statusCode).toBe(200);
  });

  it('limits failed sign-ins per IP address across e-mails', async () => {
    const c = client();
    for (let i = 0; i < 8; i++) await c.signIn(uniqueEmail(), 'guess');
    expect((await c.signIn(uniqueEmail(), 'guess')).json()).toEqual(envelope('TOO_MANY_ATTEMPTS_TRY_LATER'));
    clock += 15 * 60_000 + 1;
  });
});

describe('ID tokens', () => {
  it('are RS256 JWTs with a kid from /.well-known/jwks.json and the Firebase claims', async () => {
    const c = client();
    const account = await c.signUp();
    const jwksRes = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(jwksRes.statusCode).toBe(200);
    expect(jwksRes.headers['cache-control']).toMatch(/max-age=\d+/);
    const jwks = jwksRes.json();
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig', kid: expect.any(String) });
    expect(JSON.stringify(jwks)).not.toMatch(/"d"|"p"|"q"|sealed/);

    const header = decodeProtectedHeader(account.idToken);
    expect(header).toEqual({ alg: 'RS256', kid: jwks.keys[0].kid, typ: 'JWT' });
    const { payload } = await jwtVerify(account.idToken, createLocalJWKSet(jwks), {
      issuer: 'https://securetoken.google.com/handoff-local',
      audience: 'handoff-local',
      currentDate: new Date(clock),
    });
    expect(payload).toEqual({
      iss: 'https://securetoken.google.com/handoff-local',
      aud: 'handoff-local',
      auth_time: Math.floor(clock / 1000),
      user_id: account.localId,
      sub: account.localId,
      iat: Math.floor(clock / 1000),
      exp: Math.floor(clock / 1000) + 3600,
      email: account.email,
      email_verified: false,
      firebase: { identities: { email: [account.email] }, sign_in_provider: 'password' },
    });
  });

  it('are verified for the product API: expiry, signature, issuer, audience', async () => {
    const c = client();
    const account = await c.signUp();
    const { verifier } = t.app.identity;
    expect(await verifier.verify(account.idToken)).toEqual({
      uid: account.localId,
      email: account.email,
      emailVerified: false,
    });

    const [h, p, sig] = account.idToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = (changes: object) =>
      `${h}.${Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url')}.${sig}`;
    await expect(verifier.verify(forged({ sub: 'someone-else' }))).rejects.toMatchObject({ statusCode: 401 });
    await expect(
      verifier.verify(`${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`),
    ).rejects.toMatchObject({ statusCode: 401 });
    await expect(verifier.verify('not-a-jwt')).rejects.toMatchObject({ statusCode: 401 });

    const lookupExpired = async () => {
      const saved = clock;
      clock += 3601_000;
      try {
        return await c.post(op('lookup'), { idToken: account.idToken });
      } finally {
        clock = saved;
      }
    };
    expect((await lookupExpired()).json()).toEqual(envelope('TOKEN_EXPIRED'));
  });

  it('signing keys are shared through the database: a second process signs and verifies with them', async () => {
    const c = client();
    const account = await c.signUp();
    const other = await buildApp({
      config: testConfig(),
      db: t.db,
      webRoot: false,
      identity: { now: () => clock },
    });
    try {
      const jwks = await other.inject({ method: 'GET', url: '/.well-known/jwks.json' });
      expect(jwks.json()).toEqual(
        (await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json(),
      );
      expect((await other.identity.verifier.verify(account.idToken)).uid).toBe(account.localId);
    } finally {
      await other.close();
    }
    expect(await t.db.selectFrom('signing_keys').select('kid').execute()).toHaveLength(1);
  });
});

describe('accounts:lookup', () => {
  it("answers the token's account with what the SDK reads", async () => {
    const c = client();
    const account = await c.signUp();
    const res = await c.post(op('lookup'), { idToken: account.idToken });
    expect(res.statusCode).toBe(200);
    const seconds = String(Math.floor(clock / 1000));
    expect(res.json()).toEqual({
      kind: 'identitytoolkit#GetAccountInfoResponse',
      users: [
        {
          localId: account.localId,
          email: account.email,
          emailVerified: false,
          displayName: '',
          providerUserInfo: [
            {
              providerId: 'password',
              federatedId: account.email,
              email: account.email,
              rawId: account.email,
            },
          ],
          passwordHash: 'UkVEQUNURUQ=',
          passwordUpdatedAt: clock,
          validSince: seconds,
          disabled: false,
          lastLoginAt: String(clock),
          createdAt: String(clock),
        },
      ],
    });
  });

  it('refuses a missing or invalid token', async () => {
    const c = client();
    expect((await c.post(op('lookup'), {})).json()).toEqual(envelope('MISSING_ID_TOKEN'));
    expect((await c.post(op('lookup'), { idToken: 'x.y.z' })).json()).toEqual(envelope('INVALID_ID_TOKEN'));
  });
});

describe('securetoken v1/token', () => {
  it('refreshes from a form body (as the SDK sends it) and from JSON, snake_case or camelCase; each use rotates the token', async () => {
    const c = client();
    const account = await c.signUp();
    const form = await t.app.inject({
      method: 'POST',
      url: tokenUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${account.refreshToken}`,
    });
    expect(form.statusCode).toBe(200);
    const body = form.json();
    expect(body).toEqual({
      access_token: body.id_token,
      expires_in: '3600',
      token_type: 'Bearer',
      refresh_token: expect.stringMatching(/^[\w-]{43}$/),
      id_token: expect.any(String),
      user_id: account.localId,
      project_id: expect.stringMatching(/^\d+$/),
    });
    expect(body.refresh_token).not.toBe(account.refreshToken);
    expect((await t.app.identity.verifier.verify(body.id_token)).uid).toBe(account.localId);

    const json = await c.post(tokenUrl, { grantType: 'refresh_token', refreshToken: body.refresh_token });
    expect(json.statusCode).toBe(200);
  });

  it('answers the token errors in order', async () => {
    const c = client();
    expect((await c.post(tokenUrl, {})).json()).toEqual(envelope('MISSING_GRANT_TYPE'));
    expect((await c.post(tokenUrl, { grant_type: 'password' })).json()).toEqual(
      envelope('INVALID_GRANT_TYPE'),
    );
    expect((await c.post(tokenUrl, { grant_type: 'refresh_token' })).json()).toEqual(
      envelope('MISSING_REFRESH_TOKEN'),
    );
    expect((await c.post(tokenUrl, { grant_type: 'refresh_token', refresh_token: 'nope' })).json()).toEqual(
      envelope('INVALID_REFRESH_TOKEN'),
    );
  });
});

describe('password reset', () => {
  it('e-mails a link to /reset-password; the outbox copy keeps the link redacted', async () => {
    const c = client();
    const { email } = await c.signUp(uniqueEmail('Reset.Me'));
    const res = await c.post(op('sendOobCode'), {
      requestType: 'PASSWORD_RESET',
      email: email.toUpperCase(),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      kind: 'identitytoolkit#GetOobConfirmationCodeResponse',
      email: email.toUpperCase(),
    });
    const code = await waitForResetCode(mailbox, email);
    expect(code).toMatch(/^[\w-]{43}$/);
    // The SMTP server can have the message a moment before the sender has recorded its copy.
    const mail = await vi.waitFor(
      () =>
        t.db
          .selectFrom('mail_messages')
          .selectAll()
          .where('purpose', '=', 'password-reset')
          .where((eb) => eb(eb.val(email), '=', eb.fn.any('to_addresses')))
          .executeTakeFirstOrThrow(),
      { timeout: 5_000 },
    );
    const received = mailbox.messages.find((m) => addressesOf(m.to).includes(email));
    expect(received?.text).toContain(`${t.app.config.publicUrl}/reset-password?oobCode=${code}`);
    expect(mail).toMatchObject({
      delivered: true,
      subject: 'Reset your password for Handoff',
      cc_addresses: [],
    });
    expect(mail.text_body).toContain(`${t.app.config.publicUrl}/reset-password?oobCode=[sent]`);
    expect(mail.text_body).not.toContain(code);
    // Only a hash of the code is kept with the account.
    const stored = await t.db.selectFrom('identity_oob_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(code);
  });

  it('answers an unknown e-mail with the same 200 and sends nothing (enumeration protection)', async () => {
    const c = client();
    const email = uniqueEmail('Unknown');
    const res = await c.post(op('sendOobCode'), { requestType: 'PASSWORD_RESET', email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email });
    await t.app.identity.provider?.drain();
    const mails = await t.db
      .selectFrom('mail_messages')
      .select('id')
      .where((eb) => eb(eb.val(email.toLowerCase()), '=', eb.fn.any('to_addresses')))
      .execute();
    expect(mails).toHaveLength(0);
  });

  it('verifies without using the code, confirms once, revokes refresh tokens and older ID tokens', async () => {
    const c = client();
    const account = await c.signUp();
    const signedIn = (await c.signIn(account.email, account.password)).json();
    await c.post(op('sendOobCode'), { requestType: 'PASSWORD_RESET', email: account.email });
    const oobCode = await waitForResetCode(mailbox, account.email);

    const answer = {
      kind: 'identitytoolkit#ResetPasswordResponse',
      email: account.email,
      requestType: 'PASSWORD_RESET',
    };
    expect((await c.post(op('resetPassword'), { oobCode })).json()).toEqual(answer);
    expect((await c.post(op('resetPassword'), { oobCode })).json()).toEqual(answer);
    expect((await c.post(op('resetPassword'), { oobCode, newPassword: 'short' })).json()).toEqual(
      envelope('WEAK_PASSWORD : Password should be at least 6 characters'),
    );

    clock += 2000;
    expect((await c.post(op('resetPassword'), { oobCode, newPassword: 'new-password' })).json()).toEqual(
      answer,
    );
    expect((await c.post(op('resetPassword'), { oobCode, newPassword: 'again-password' })).json()).toEqual(
      envelope('INVALID_OOB_CODE'),
    );
    expect((await c.post(op('resetPassword'), { oobCode })).json()).toEqual(envelope('INVALID_OOB_CODE'));

    // Every earlier session ends.
    for (const refreshToken of [account.refreshToken, signedIn.refreshToken]) {
      expect(
        (await c.post(tokenUrl, { grant_type: 'refresh_token', refresh_token: refreshToken })).json(),
      ).toEqual(envelope('TOKEN_EXPIRED'));
    }
    expect((await c.post(op('lookup'), { idToken: signedIn.idToken })).json()).toEqual(
      envelope('TOKEN_EXPIRED'),
    );
    await expect(t.app.identity.verifier.verify(signedIn.idToken)).rejects.toMatchObject({ statusCode: 401 });

    // The new password works at once, in the same second as the reset.
    expect((await c.signIn(account.email, account.password)).json()).toEqual(
      envelope('INVALID_LOGIN_CREDENTIALS'),
    );
    const fresh = await c.signIn(account.email, 'new-password');
    expect(fresh.statusCode).toBe(200);
    expect((await t.app.identity.verifier.verify(fresh.json().idToken)).uid).toBe(account.localId);
  });

  it('a code expires after one hour: EXPIRED_OOB_CODE; unknown codes are INVALID_OOB_CODE', async () => {
    const c = client();
    const account = await c.signUp();
    await c.post(op('sendOobCode'), { requestType: 'PASSWORD_RESET', email: account.email });
    const oobCode = await waitForResetCode(mailbox, account.email);
    clock += 59 * 60_000;
    expect((await c.post(op('resetPassword'), { oobCode })).statusCode).toBe(200);
    clock += 60_000;
    expect((await c.post(op('resetPassword'), { oobCode })).json()).toEqual(envelope('EXPIRED_OOB_CODE'));
    expect((await c.post(op('resetPassword'), { oobCode, newPassword: 'new-password' })).json()).toEqual(
      envelope('EXPIRED_OOB_CODE'),
    );
    expect((await c.post(op('resetPassword'), { oobCode: 'made-up' })).json()).toEqual(
      envelope('INVALID_OOB_CODE'),
    );
    expect((await c.post(op('resetPassword'), {})).json()).toEqual(envelope('MISSING_OOB_CODE'));
  });

  it('a new code makes no difference to the other; a confirmed reset retires every open code', async () => {
    const c = client();
    const account = await c.signUp();
    await c.post(op('sendOobCode'), { requestType: 'PASSWORD_RESET', email: account.email });
    const first = await waitForResetCode(mailbox, account.email);
    await c.post(op('sendOobCode'), { requestType: 'PASSWORD_RESET', email: account.email });
    const second = await waitForResetCode(mailbox, account.email, { previous: first });
    expect((await c.post(op('resetPassword'), { oobCode: first })).statusCode).toBe(200);
    expect(
      (await c.post(op('resetPassword'), { oobCode: second, newPassword: 'new-password' })).statusCode,
    ).toBe(200);
    expect((await c.post(op('resetPassword'), { oobCode: first })).json()).toEqual(
      envelope('INVALID_OOB_CODE'),
    );
  });

  it('checks the request type and limits reset e-mails per address', async () => {
    const c = client();
    expect((await c.post(op('sendOobCode'), { email: uniqueEmail() })).json()).toEqual(
      envelope('MISSING_REQ_TYPE'),
    );
    expect((await c.post(op('sendOobCode'), { requestType: 'PASSWORD_RESET' })).json()).toEqual(
      envelope('MISSING_EMAIL'),
    );
    expect(
      (await c.post(op('sendOobCode'), { requestType: 'PASSWORD_RESET', email: 'nope' })).json(),
    ).toEqual(envelope('INVALID_EMAIL'));
    const email = uniqueEmail();
    for (let i = 0; i < 2; i++) {
      expect(
        (await client().post(op('sendOobCode'), { requestType: 'PASSWORD_RESET', email })).statusCode,
      ).toBe(200);
    }
    expect((await client().post(op('sendOobCode'), { requestType: 'PASSWORD_RESET', email })).json()).toEqual(
      envelope('TOO_MANY_ATTEMPTS_TRY_LATER'),
    );
  });
});

describe('transport', () => {
  it('serves the password policy with schemaVersion 1, even with the SDK’s JSON content type on GET', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${IT}/v2/passwordPolicy?key=${KEY}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      customStrengthOptions: { minPasswordLength: 6 },
      allowedNonAlphanumericCharacters: expect.arrayContaining(['^', '$', '*', '\\', '`', '~']),
      enforcementState: 'OFF',
      forceUpgradeOnSignin: false,
      schemaVersion: 1,
    });
    expect(res.json().allowedNonAlphanumericCharacters).toHaveLength(29);
  });

  it('answers CORS preflights for every endpoint, reflecting origin and headers', async () => {
    for (const url of [op('signUp'), `${IT}/v2/passwordPolicy?key=${KEY}`, tokenUrl]) {
      const res = await t.app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://app.example.test',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type,x-client-version,x-firebase-gmpid',
          'access-control-request-private-network': 'true',
        },
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe('https://app.example.test');
      expect(res.headers['access-control-allow-headers']).toBe(
        'content-type,x-client-version,x-firebase-gmpid',
      );
      expect(res.headers['access-control-allow-methods']).toBe('GET, POST, OPTIONS');
      expect(res.headers['access-control-allow-private-network']).toBe('true');
    }
    const actual = await client().post(
      op('signInWithPassword'),
      { email: 'x@y.test', password: 'p' },
      {
        origin: 'https://app.example.test',
      },
    );
    expect(actual.headers['access-control-allow-origin']).toBe('https://app.example.test');
  });

  it('answers unknown paths, malformed JSON and an empty JSON body with Google-style JSON', async () => {
    const notFound = await client().post(op('nothing'), {});
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().error).toMatchObject({ code: 404, status: 'NOT_FOUND' });

    const malformed = await t.app.inject({
      method: 'POST',
      url: op('signUp'),
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });

    const empty = await t.app.inject({
      method: 'POST',
      url: op('signInWithPassword'),
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.code).toBe(400);
  });

  it('lists the provider endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const paths = Object.keys(doc.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/identitytoolkit.googleapis.com/v1/accounts:signUp',
        '/identitytoolkit.googleapis.com/v2/passwordPolicy',
        '/securetoken.googleapis.com/v1/token',
        '/.well-known/jwks.json',
      ]),
    );
  });
});
