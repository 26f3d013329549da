import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { Mailbox } from '../testing/mailbox.ts';
import { registerAndSignIn, type SignedIn, waitForResetCode } from '../testing/sign-in.ts';
import { TEST_IDENTITY_API_KEY, testConfig } from '../testing/test-app.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { TOKEN_CHECK_TTL_MS } from './recently-verified.ts';

// Two servers on one database stand for two processes: each remembers the tokens it has checked.
describe('remembered token checks', () => {
  let clock = Date.parse('2026-11-23T12:00:00Z');
  const now = () => clock;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let here: FastifyInstance;
  let elsewhere: FastifyInstance;
  // Reset e-mails are read from a real SMTP server (the outbox keeps no working link).
  const mailbox = new Mailbox();
  beforeAll(async () => {
    database = await createTestDatabase();
    const smtp = `smtp://127.0.0.1:${await mailbox.listen()}`;
    const build = () =>
      buildApp({
        config: testConfig({ SMTP_URL: smtp }),
        db: database.db,
        webRoot: false,
        identity: { now },
      });
    here = await build();
    elsewhere = await build();
  });
  afterAll(async () => {
    await here.close();
    await elsewhere.close();
    await database.drop();
    await mailbox.close();
  });

  const profile = (app: FastifyInstance, user: SignedIn) =>
    app.inject({
      method: 'POST',
      url: '/jira/get-user-by-email',
      headers: { authorization: user.authorization },
      payload: { email: user.email },
    });

  async function resetPassword(app: FastifyInstance, email: string) {
    const url = (name: string) =>
      `/identitytoolkit.googleapis.com/v1/accounts:${name}?key=${TEST_IDENTITY_API_KEY}`;
    await app.inject({
      method: 'POST',
      url: url('sendOobCode'),
      payload: { requestType: 'PASSWORD_RESET', email },
    });
    const oobCode = await waitForResetCode(mailbox, email);
    const reset = await app.inject({
      method: 'POST',
      url: url('resetPassword'),
      payload: { oobCode, newPassword: 'a-new-password' },
    });
    expect(reset.statusCode).toBe(200);
  }

  it('a password reset ends sessions at once in its own process, and within the bound in every other', async () => {
    const user = await registerAndSignIn(here);
    expect((await profile(here, user)).statusCode).toBe(200);
    expect((await profile(elsewhere, user)).statusCode).toBe(200);

    clock += 2_000;
    await resetPassword(here, user.email);

    const refused = await profile(here, user);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('Your session has expired. Sign in again.');
    // The other process trusts its earlier check for at most TOKEN_CHECK_TTL_MS.
    clock += TOKEN_CHECK_TTL_MS - 3_000;
    expect((await profile(elsewhere, user)).statusCode).toBe(200);
    clock += 1_001;
    expect((await profile(elsewhere, user)).statusCode).toBe(401);
  });

  it('never takes a different token for a remembered one, however much of it is the same', async () => {
    const victim = await registerAndSignIn(here);
    expect((await profile(here, victim)).statusCode).toBe(200);
    // Remembered tokens are found by their ending (the signature's): a token that ends the same way but
    // claims someone else in its payload is checked, and its signature does not match.
    const [header, payload, signature] = victim.authorization.replace(/^Bearer /, '').split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = [
      header,
      Buffer.from(JSON.stringify({ ...claims, email: 'someone@else.test' })).toString('base64url'),
      signature,
    ].join('.');
    const answer = await profile(here, { ...victim, authorization: `Bearer ${forged}` });
    expect(answer.statusCode).toBe(401);
    // The real token is still remembered and answered.
    expect((await profile(here, victim)).statusCode).toBe(200);
  });

  it('a new API key is used at once by the process that saved it', async () => {
    const user = await registerAndSignIn(here);
    expect((await profile(here, user)).json().data.apikey).toBe(user.apikey);
    const update = await here.inject({
      method: 'POST',
      url: '/jira/updateApiKey',
      headers: { authorization: user.authorization },
      payload: { apikey: 'a-brand-new-key' },
    });
    expect(update.statusCode).toBe(200);
    expect((await profile(here, user)).json().data.apikey).toBe('a-brand-new-key');
  });
});
