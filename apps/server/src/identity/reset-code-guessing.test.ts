import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Mailbox } from '../testing/mailbox.ts';
import { uniqueEmail, waitForResetCode } from '../testing/sign-in.ts';
import { createTestApp, TEST_IDENTITY_API_KEY, type TestApp } from '../testing/test-app.ts';
import { DEFAULT_RATE_LIMITS } from './rate-limit-settings.ts';

const op = (name: string) =>
  `/identitytoolkit.googleapis.com/v1/accounts:${name}?key=${TEST_IDENTITY_API_KEY}`;
const mailbox = new Mailbox();
let clock = Date.now();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp(
    { SMTP_URL: `smtp://127.0.0.1:${await mailbox.listen()}` },
    { identity: { now: () => clock } },
  );
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const check = (oobCode: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: op('resetPassword'), remoteAddress, payload: { oobCode } });

describe('guessing password-reset codes', () => {
  it('is slowed per address like sign-in: after the limit every code is refused until the window ends', async () => {
    const { max, windowMs } = DEFAULT_RATE_LIMITS.resetCodePerIp;
    const email = uniqueEmail();
    await t.app.inject({
      method: 'POST',
      url: op('signUp'),
      payload: { email, password: 'good-password', returnSecureToken: true },
    });
    await t.app.inject({
      method: 'POST',
      url: op('sendOobCode'),
      payload: { requestType: 'PASSWORD_RESET', email },
    });
    const realCode = await waitForResetCode(mailbox, email);

    const answers: string[] = [];
    for (let i = 0; i < 200; i++) {
      answers.push((await check(randomBytes(32).toString('base64url'), '198.51.100.1')).json().error.message);
    }
    expect(answers.slice(0, max)).toEqual(Array(max).fill('INVALID_OOB_CODE'));
    expect(new Set(answers.slice(max))).toEqual(new Set(['TOO_MANY_ATTEMPTS_TRY_LATER']));
    // Even the right code is refused from the guessing address, with Retry-After …
    const locked = await check(realCode, '198.51.100.1');
    expect(locked.json().error.message).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // … but not from the user's own address (valid checks count too: a reset takes two).
    for (let i = 0; i < 2; i++) {
      expect((await check(realCode, '203.0.113.9')).json()).toMatchObject({
        email,
        requestType: 'PASSWORD_RESET',
      });
    }
    // When the window has passed, the guessing address may try again.
    clock += windowMs;
    expect((await check('made-up', '198.51.100.1')).json().error.message).toBe('INVALID_OOB_CODE');
  });
});
