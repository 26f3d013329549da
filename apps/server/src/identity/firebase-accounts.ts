import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { RateLimiter } from '../common/rate-limiter.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import type { AccountCreator, AccountInput, NewAccount, WithinAccountCreation } from './account-creation.ts';
import { IdentityError, identityErrors } from './identity.errors.ts';
import type { RateLimitSettings } from './rate-limit-settings.ts';
import { assertSignupDomain } from './signup-domains.ts';

export const GOOGLE_IDENTITY_TOOLKIT_URL = 'https://identitytoolkit.googleapis.com';

const signUpAnswer = z.object({
  localId: z.string().min(1),
  idToken: z.string().min(1),
  email: z.string().optional(),
});
const errorAnswer = z.object({ error: z.object({ message: z.string() }) });

const unavailable = () =>
  new AppError(502, 'IDENTITY_UNAVAILABLE', 'The sign-in service could not be reached. Try again later.');

/**
 * AUTH_MODE=firebase: accounts are created on Google's service through the REST signUp call. The
 * product's part then runs in a local transaction; if it fails, the new Google account is deleted again
 * (accounts:delete with its fresh ID token), so nothing is left half-made. An existing Google account
 * without a Handoff profile is completed when the registration's password signs in to it.
 */
export class FirebaseAccounts implements AccountCreator {
  constructor(
    private readonly deps: {
      apiKey: string;
      /** Google's Identity Toolkit origin; tests point it at a local fake. */
      baseUrl: string;
      db: Db;
      limiter: RateLimiter;
      rateLimits: RateLimitSettings;
      log: FastifyBaseLogger;
      now: () => number;
      /** SIGNUP_DOMAINS; empty: anyone may register. */
      signupDomains: readonly string[];
    },
  ) {}

  async register(
    input: AccountInput,
    within: WithinAccountCreation,
    hasProfile: (uid: string) => Promise<boolean>,
  ): Promise<NewAccount> {
    const { db, limiter, rateLimits, log, now } = this.deps;
    if (typeof input.email === 'string') assertSignupDomain(input.email, this.deps.signupDomains);
    // Google sees every registration coming from this server's address, so the per-IP limit is ours.
    const [perIp] = await limiter.hit([{ key: `signup:ip:${input.ip}`, rule: rateLimits.signUpPerIp }]);
    if (perIp && !perIp.allowed) throw identityErrors.tooManyAttempts(perIp.retryAfterSeconds);

    const credentials = { email: input.email, password: input.password, returnSecureToken: true };
    let created = true;
    const parsed = await this.call('accounts:signUp', credentials).then(
      (answer) => signUpAnswer.safeParse(answer),
      async (error: unknown) => {
        if (!(error instanceof IdentityError) || error.code !== 'EMAIL_EXISTS') throw error;
        // A Google account without a Handoff profile is completed when the password is right.
        created = false;
        const signedIn = await this.call('accounts:signInWithPassword', credentials).catch(() => {
          throw error;
        });
        return signUpAnswer.safeParse(signedIn);
      },
    );
    if (!parsed.success) throw unavailable();
    const answer = parsed.data;
    if (!created && (await hasProfile(answer.localId))) throw new IdentityError('EMAIL_EXISTS');
    const account: NewAccount = {
      uid: answer.localId,
      email: (answer.email ?? String(input.email)).toLowerCase(),
      createdAt: now(),
    };
    try {
      await db.transaction().execute((trx) => within(trx, account));
    } catch (error) {
      if (created) {
        await this.call('accounts:delete', { idToken: answer.idToken }).catch((err: unknown) =>
          log.error(
            { err, uid: account.uid },
            'could not delete the Google account of a failed registration',
          ),
        );
      }
      throw error;
    }
    return account;
  }

  /** One Identity Toolkit call; Google's business errors become IdentityErrors with the same code. */
  private async call(operation: string, body: unknown): Promise<unknown> {
    const url = `${this.deps.baseUrl.replace(/\/+$/, '')}/v1/${operation}?key=${encodeURIComponent(this.deps.apiKey)}`;
    let response: Response;
    let json: unknown;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      json = await response.json();
    } catch {
      throw unavailable();
    }
    if (response.ok) return json;
    const failure = errorAnswer.safeParse(json);
    if (!failure.success) throw unavailable();
    const [code = '', detail] = failure.data.error.message.split(' : ');
    if (!/^[A-Z_]+$/.test(code)) {
      // Not a business error (e.g. "API key not valid"): a configuration problem on our side.
      this.deps.log.error(
        { status: response.status, message: failure.data.error.message },
        'Google signUp failed',
      );
      throw unavailable();
    }
    throw new IdentityError(code, detail);
  }
}
