import { randomBytes } from 'node:crypto';
import { isValidEmailEntry } from '@handoff/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { RateLimiter } from '../common/rate-limiter.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { authTimeFor, ID_TOKEN_LIFETIME_SECONDS, IdTokens, revoked, seconds } from './id-tokens.ts';
import { ACCOUNT_LOCKED_DETAIL, IdentityError, identityErrors } from './identity.errors.ts';
import {
  findAccountByEmail,
  findRefreshToken,
  insertAccount,
  insertRefreshToken,
  recordSignIn,
} from './identity.repository.ts';
import { type Fields, stringField } from './identity.schemas.ts';
import { assertPasswordAcceptable, passwordPolicyResponse } from './password-policy.ts';
import { PasswordReset } from './password-reset.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { RateLimitSettings } from './rate-limit-settings.ts';
import type { SigningKeys } from './signing-keys.ts';
import { assertSignupDomain } from './signup-domains.ts';

/** What `/v1/token` reports as `project_id` (Google reports the numeric project number). */
const BUILTIN_PROJECT_NUMBER = '100000000001';

export interface NewAccount {
  uid: string;
  email: string;
  /** When the account was created (ms since the epoch). */
  createdAt: number;
}
/** Work that must succeed together with the account's creation (same transaction when the provider is ours). */
export type WithinAccountCreation = (trx: Transaction<Database>, account: NewAccount) => Promise<void>;

/** Creates e-mail/password accounts; the product's registration and the provider's signUp share it. */
export interface AccountCreator {
  create(
    input: { email: unknown; password: unknown; ip: string },
    within: WithinAccountCreation,
  ): Promise<NewAccount>;
}

/** A new opaque refresh token (only its hash is stored). */
const newRefreshToken = () => randomBytes(32).toString('base64url');

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 28-character alphanumeric uid, like Google's. */
function newLocalId(): string {
  const bytes = randomBytes(28);
  let id = '';
  // 248 = 4 × 62: values at or above it are redrawn so every character is equally likely.
  for (let i = 0; id.length < 28; i++) {
    const byte = i < bytes.length ? bytes[i]! : randomBytes(1)[0]!;
    if (byte < 248) id += ALPHANUMERIC[byte % 62];
  }
  return id;
}

interface IdentityServiceDeps {
  db: Db;
  keys: SigningKeys;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => number;
  publicUrl: string;
  rateLimits: RateLimitSettings;
  /** SIGNUP_DOMAINS; empty: anyone may register. */
  signupDomains: readonly string[];
}

/**
 * The built-in identity provider, with the answers of Google's Identity Toolkit
 * (https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts): e-mail/password
 * accounts and their sign-in here, ID tokens in id-tokens.ts, password-reset codes in password-reset.ts.
 */
export class IdentityService implements AccountCreator {
  private readonly tokens: IdTokens;
  private readonly reset: PasswordReset;

  constructor(private readonly deps: IdentityServiceDeps) {
    this.tokens = new IdTokens(deps.db, deps.keys, deps.now);
    this.reset = new PasswordReset(deps);
  }

  // ---- accounts:signUp ---------------------------------------------------------------------------

  async create(
    input: { email: unknown; password: unknown; ip: string },
    within: WithinAccountCreation,
  ): Promise<NewAccount> {
    const { db, limiter, rateLimits, now } = this.deps;
    const rawEmail = stringField(input.email);
    const password = stringField(input.password);
    if (!rawEmail) throw new IdentityError('MISSING_EMAIL');
    if (!password) throw new IdentityError('MISSING_PASSWORD');
    if (!isValidEmailEntry(rawEmail)) throw new IdentityError('INVALID_EMAIL');
    const email = rawEmail.toLowerCase();
    assertSignupDomain(email, this.deps.signupDomains);

    const [perIp] = await limiter.hit([{ key: `signup:ip:${input.ip}`, rule: rateLimits.signUpPerIp }]);
    if (perIp && !perIp.allowed) throw identityErrors.tooManyAttempts(perIp.retryAfterSeconds);

    if (await findAccountByEmail(db, email)) throw new IdentityError('EMAIL_EXISTS');
    assertPasswordAcceptable(password);
    const passwordHash = await hashPassword(password);

    const at = new Date(now());
    const account: NewAccount = { uid: newLocalId(), email, createdAt: at.getTime() };
    await db.transaction().execute(async (trx) => {
      const inserted = await insertAccount(trx, {
        localId: account.uid,
        email,
        passwordHash,
        at,
        // Whole seconds: ID tokens carry auth_time in seconds and are refused when older than this.
        validSince: new Date(seconds(at.getTime()) * 1000),
      });
      if (!inserted) throw new IdentityError('EMAIL_EXISTS');
      await within(trx, account);
    });
    return account;
  }

  async signUp(body: Fields, ip: string) {
    const refreshToken = newRefreshToken();
    const account = await this.create(
      { email: body.email, password: body.password, ip },
      async (trx, created) => {
        const authTime = new Date(seconds(created.createdAt) * 1000);
        await insertRefreshToken(trx, { token: refreshToken, localId: created.uid, authTime });
      },
    );
    return {
      kind: 'identitytoolkit#SignupNewUserResponse',
      localId: account.uid,
      email: account.email,
      idToken: await this.tokens.issue(account, seconds(account.createdAt)),
      refreshToken,
      expiresIn: String(ID_TOKEN_LIFETIME_SECONDS),
    };
  }

  // ---- accounts:signInWithPassword ---------------------------------------------------------------

  async signInWithPassword(body: Fields, ip: string) {
    const { db, limiter, rateLimits, now } = this.deps;
    const rawEmail = stringField(body.email);
    const password = stringField(body.password);
    if (!rawEmail || !isValidEmailEntry(rawEmail)) throw new IdentityError('INVALID_EMAIL');
    if (!password) throw new IdentityError('MISSING_PASSWORD');
    const email = rawEmail.toLowerCase();

    // Every attempt counts before the password is checked (so parallel guesses cannot slip past the
    // limit); a successful sign-in takes its hits back.
    const accountKey = `signin:acct:${email}|${ip}`;
    const anyIpKey = `signin:acct-any:${email}`;
    const ipKey = `signin:ip:${ip}`;
    const [[perAccount, perAccountAnyIp, perIp], account] = await Promise.all([
      limiter.hit([
        { key: accountKey, rule: rateLimits.signInPerAccountAndIp },
        { key: anyIpKey, rule: rateLimits.signInPerAccount },
        { key: ipKey, rule: rateLimits.signInPerIp },
      ]),
      findAccountByEmail(db, email),
    ]);
    for (const locked of [perAccount, perAccountAnyIp]) {
      if (locked && !locked.allowed) {
        throw identityErrors.tooManyAttempts(locked.retryAfterSeconds, ACCOUNT_LOCKED_DETAIL);
      }
    }
    if (perIp && !perIp.allowed) throw identityErrors.tooManyAttempts(perIp.retryAfterSeconds);

    // Enumeration protection: an unknown e-mail and a wrong password answer alike, in alike time.
    if (!(await verifyPassword(account?.password_hash, password)) || !account) {
      throw new IdentityError('INVALID_LOGIN_CREDENTIALS');
    }
    if (account.disabled) throw new IdentityError('USER_DISABLED');

    const at = now();
    const authTime = authTimeFor(at, account.valid_since);
    const refreshToken = newRefreshToken();
    // The counters' statement, and one that records the sign-in and stores its refresh token together,
    // while the ID token is signed.
    const [, , idToken] = await Promise.all([
      limiter.succeeded(accountKey, [anyIpKey, ipKey]),
      recordSignIn(
        db,
        { token: refreshToken, localId: account.local_id, authTime: new Date(authTime * 1000) },
        new Date(at),
      ),
      this.tokens.issue({ uid: account.local_id, email: account.email }, authTime),
    ]);
    return {
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId: account.local_id,
      email: account.email,
      displayName: '',
      idToken,
      registered: true,
      refreshToken,
      expiresIn: String(ID_TOKEN_LIFETIME_SECONDS),
    };
  }

  // ---- accounts:lookup ---------------------------------------------------------------------------

  async lookup(body: Fields) {
    const idToken = stringField(body.idToken);
    if (!idToken) throw new IdentityError('MISSING_ID_TOKEN');
    const { account } = await this.tokens.verify(idToken);
    return {
      kind: 'identitytoolkit#GetAccountInfoResponse',
      users: [
        {
          localId: account.local_id,
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
          // Google redacts the hash ("REDACTED" in base64); the SDK only checks that it is present.
          passwordHash: 'UkVEQUNURUQ=',
          passwordUpdatedAt: new Date(account.password_updated_at).getTime(),
          validSince: String(seconds(new Date(account.valid_since).getTime())),
          disabled: account.disabled,
          lastLoginAt: String(new Date(account.last_login_at ?? account.created_at).getTime()),
          createdAt: String(new Date(account.created_at).getTime()),
        },
      ],
    };
  }

  // ---- securetoken /v1/token ---------------------------------------------------------------------

  async refresh(body: Fields) {
    const grantType = stringField(body.grantType);
    const refreshToken = stringField(body.refreshToken);
    if (!grantType) throw new IdentityError('MISSING_GRANT_TYPE');
    if (grantType !== 'refresh_token') throw new IdentityError('INVALID_GRANT_TYPE');
    if (!refreshToken) throw new IdentityError('MISSING_REFRESH_TOKEN');
    const row = await findRefreshToken(this.deps.db, refreshToken);
    if (!row) throw new IdentityError('INVALID_REFRESH_TOKEN');
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    const authTime = seconds(new Date(row.auth_time).getTime());
    if (row.revoked_at || revoked(authTime, row.valid_since)) {
      throw new IdentityError('TOKEN_EXPIRED');
    }
    const idToken = await this.tokens.issue({ uid: row.local_id, email: row.email }, authTime);
    return {
      access_token: idToken,
      expires_in: String(ID_TOKEN_LIFETIME_SECONDS),
      token_type: 'Bearer',
      refresh_token: refreshToken,
      id_token: idToken,
      user_id: row.local_id,
      project_id: BUILTIN_PROJECT_NUMBER,
    };
  }

  // ---- accounts:sendOobCode and accounts:resetPassword (password-reset.ts) -----------------------

  sendOobCode(body: Fields, ip: string) {
    return this.reset.sendOobCode(body, ip);
  }

  resetPassword(body: Fields, ip: string) {
    return this.reset.resetPassword(body, ip);
  }

  /** Waits for password-reset e-mails still being sent (on shutdown, and in tests). */
  drain(): Promise<void> {
    return this.reset.drain();
  }

  /** Hears of every password reset in this process (its ID tokens are refused from then on). */
  onSessionsEnded(listener: (uid: string) => void): void {
    this.reset.onSessionsEnded(listener);
  }

  // ---- /v2/passwordPolicy ------------------------------------------------------------------------

  passwordPolicy() {
    return passwordPolicyResponse();
  }

  // ---- ID tokens (id-tokens.ts) ------------------------------------------------------------------

  /** Verifies one of our ID tokens, and that its account may still use it. */
  verifyIdToken(idToken: string) {
    return this.tokens.verify(idToken);
  }
}
