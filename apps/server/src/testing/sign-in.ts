import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { markEmailVerified } from '../identity/identity.repository.ts';
import { addressesOf, type Mailbox } from './mailbox.ts';
import { TEST_IDENTITY_API_KEY } from './test-app.ts';

export interface SignedIn {
  email: string;
  password: string;
  apikey: string;
  uid: string;
  idToken: string;
  refreshToken: string;
  /** `Authorization` header value for product calls. */
  authorization: string;
}

/** A unique e-mail address for one test. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.test`;
}

/**
 * Registers through POST /jira/register, then signs in through the built-in provider: a real ID token.
 * With SMTP_URL set the address must be verified: the sign-in account is made first and marked verified,
 * and the registration completes it, so no verification e-mail reaches the test's mailbox.
 */
export async function registerAndSignIn(
  app: FastifyInstance,
  account: { email?: string; password?: string; apikey?: string } = {},
): Promise<SignedIn> {
  const email = account.email ?? uniqueEmail();
  const password = account.password ?? 'correct-horse-battery';
  const apikey = account.apikey ?? `jira-token-${randomBytes(4).toString('hex')}`;
  if (app.config.smtpUrl && app.identity.provider) await createVerifiedAccount(app, email, password);
  const registered = await app.inject({
    method: 'POST',
    url: '/jira/register',
    payload: { email, password, apikey },
  });
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  return { ...(await signIn(app, email, password)), email, password, apikey };
}

/** A sign-in account (no Handoff profile yet) whose address counts as verified. */
async function createVerifiedAccount(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${TEST_IDENTITY_API_KEY}`,
    payload: { email, password, returnSecureToken: true },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.body}`);
  await markEmailVerified(app.db, (res.json() as { localId: string }).localId);
}

/** Signs in through accounts:signInWithPassword. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
): Promise<{ uid: string; idToken: string; refreshToken: string; authorization: string }> {
  const res = await app.inject({
    method: 'POST',
    url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${TEST_IDENTITY_API_KEY}`,
    payload: { email, password, returnSecureToken: true },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  const body = res.json() as { localId: string; idToken: string; refreshToken: string };
  return {
    uid: body.localId,
    idToken: body.idToken,
    refreshToken: body.refreshToken,
    authorization: `Bearer ${body.idToken}`,
  };
}

/**
 * The code of the newest password-reset e-mail to `email` that reached the test's SMTP server (the
 * outbox keeps no working code); waits up to `timeoutMs` for one other than `previous`, so a caller
 * waiting for a second e-mail never spins on the first without letting the server receive it.
 */
export function waitForResetCode(
  mailbox: Mailbox,
  email: string,
  options: { timeoutMs?: number; previous?: string } = {},
): Promise<string> {
  return waitForCode(mailbox, email, /reset-password\?oobCode=([\w-]+)/, options);
}

/** The code of the newest address-verification e-mail to `email`, as waitForResetCode reads it. */
export function waitForVerificationCode(
  mailbox: Mailbox,
  email: string,
  options: { timeoutMs?: number; previous?: string } = {},
): Promise<string> {
  return waitForCode(mailbox, email, /\/auth\/action\?mode=verifyEmail&oobCode=([\w-]+)/, options);
}

async function waitForCode(
  mailbox: Mailbox,
  email: string,
  pattern: RegExp,
  { timeoutMs = 5_000, previous }: { timeoutMs?: number; previous?: string },
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = mailbox.messages.filter(
      (mail) => addressesOf(mail.to).includes(email.toLowerCase()) && pattern.test(mail.text ?? ''),
    );
    const code = pattern.exec(mails.at(-1)?.text ?? '')?.[1];
    if (code && code !== previous) return code;
    if (Date.now() > deadline) throw new Error(`no matching e-mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
