import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
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

/** Registers through POST /jira/register, then signs in through the built-in provider: a real ID token. */
export async function registerAndSignIn(
  app: FastifyInstance,
  account: { email?: string; password?: string; apikey?: string } = {},
): Promise<SignedIn> {
  const email = account.email ?? uniqueEmail();
  const password = account.password ?? 'correct-horse-battery';
  const apikey = account.apikey ?? `jira-token-${randomBytes(4).toString('hex')}`;
  const registered = await app.inject({
    method: 'POST',
    url: '/jira/register',
    payload: { email, password, apikey },
  });
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  return { ...(await signIn(app, email, password)), email, password, apikey };
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
 * The code of the newest password-reset e-mail to `email` in `mail_messages` (the outbox), waiting up to
 * `timeoutMs` for it: the provider sends after answering.
 */
export async function waitForResetCode(db: Db, email: string, timeoutMs = 5_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db
      .selectFrom('mail_messages')
      .select(['text_body'])
      .where('purpose', '=', 'password-reset')
      .where((eb) => eb(eb.val(email.toLowerCase()), '=', eb.fn.any('to_addresses')))
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    const code = row && /reset-password\?oobCode=([\w-]+)/.exec(row.text_body)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no password-reset e-mail to ${email} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
