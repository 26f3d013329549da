import { createHash, randomBytes } from 'node:crypto';
import { isValidEmailEntry } from '@handoff/core';
import type { FastifyBaseLogger } from 'fastify';
import { errors as joseErrors, jwtVerify } from 'jose';
import type { Selectable, Transaction } from 'kysely';
import type { RateLimiter, RateRule } from '../common/rate-limiter.ts';
import type { Db } from '../db/database.ts';
import type { Database, IdentityAccountsTable } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { validIdTokenClaims } from './id-token-claims.ts';
import { ACCOUNT_LOCKED_DETAIL, IdentityError, identityErrors } from './identity.errors.ts';
import { assertPasswordAcceptable, passwordPolicyResponse } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { passwordResetEmail } from './reset-email.ts';
import { SIGNING_ALGORITHM, type SigningKeys } from './signing-keys.ts';
import { assertSignupDomain } from './signup-domains.ts';

/** The project id of the built-in provider: tokens carry iss `https://securetoken.google.com/handoff-local`. */
export const BUILTIN_PROJECT_ID = 'handoff-local';
/** What `/v1/token` reports as `project_id` (Google reports the numeric project number). */
export const BUILTIN_PROJECT_NUMBER = '100000000001';
export const ID_TOKEN_LIFETIME_SECONDS = 3600;
export const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;
/** Tolerated clock difference between processes for `iat` / `auth_time` in the future. */

export interface RateLimitSettings {
  /** Sign-in attempts per e-mail and IP address, not counting those that succeeded (account lockout). */
  signInPerAccountAndIp: RateRule;
  /**
   * Sign-in attempts per e-mail from any address, not counting successes: a backstop against guessing
   * spread over many addresses (or forged X-Forwarded-For headers).
   */
  signInPerAccount: RateRule;
  /** Failed sign-in attempts per IP address, across e-mails. */
  signInPerIp: RateRule;
  /** Sign-up attempts (built-in sign-up and registration) per IP address. */
  signUpPerIp: RateRule;
  /** Password-reset e-mail requests per IP address. */
  sendOobCodePerIp: RateRule;
  /** Password-reset e-mail requests per e-mail address. */
  sendOobCodePerEmail: RateRule;
  /** Reset-code checks per IP address (guessing codes). */
  resetCodePerIp: RateRule;
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  signInPerAccountAndIp: { max: 10, windowMs: 15 * MINUTE },
  signInPerAccount: { max: 50, windowMs: 15 * MINUTE },
  signInPerIp: { max: 100, windowMs: 15 * MINUTE },
  // "New account creation: 100 accounts/hour for each IP address" (Firebase limits page).
  signUpPerIp: { max: 100, windowMs: 60 * MINUTE },
  sendOobCodePerIp: { max: 30, windowMs: 60 * MINUTE },
  sendOobCodePerEmail: { max: 5, windowMs: 60 * MINUTE },
  resetCodePerIp: { max: 20, windowMs: 15 * MINUTE },
};

export type Account = Selectable<IdentityAccountsTable>;
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

/** A request body with its keys in camelCase (Google's APIs accept snake_case too). */
export type Fields = Record<string, unknown>;

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * `auth_time` (whole seconds) of a sign-in at `nowMs`. An account's `valid_since` has millisecond
 * precision; a sign-in in the same second as a password reset, after it, gets the next second, so that
 * tokens from before the reset are refused and tokens from after it are not.
 */
function authTimeFor(nowMs: number, validSince: Date): number {
  return Math.max(seconds(nowMs), Math.ceil(new Date(validSince).getTime() / 1000));
}

/** Whether a token from a sign-in at `authTime` (seconds) predates the account's `valid_since`. */
function revoked(authTime: number, validSince: Date): boolean {
  return authTime * 1000 < new Date(validSince).getTime();
}

/** A new opaque refresh token and the row that stores it (only its hash is stored). */
function newRefreshToken(localId: string, authTime: number) {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    row: { token_hash: sha256(token), local_id: localId, auth_time: new Date(authTime * 1000) },
  };
}

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

export interface IdentityServiceDeps {
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
 * The built-in identity provider: e-mail/password accounts, ID and refresh tokens, password-reset codes,
 * with the answers of Google's Identity Toolkit (https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts).
 */
export class IdentityService implements AccountCreator {
  readonly projectId = BUILTIN_PROJECT_ID;
  readonly issuer = `https://securetoken.google.com/${BUILTIN_PROJECT_ID}`;
  private readonly pendingMail = new Set<Promise<void>>();
  private readonly sessionsEndedListeners = new Set<(uid: string) => void>();

  constructor(private readonly deps: IdentityServiceDeps) {}

  // ---- accounts:signUp ---------------------------------------------------------------------------

  async create(
    input: { email: unknown; password: unknown; ip: string },
    within: WithinAccountCreation,
  ): Promise<NewAccount> {
    const { db, limiter, rateLimits, now } = this.deps;
    const rawEmail = str(input.email);
    const password = str(input.password);
    if (!rawEmail) throw new IdentityError('MISSING_EMAIL');
    if (!password) throw new IdentityError('MISSING_PASSWORD');
    if (!isValidEmailEntry(rawEmail)) throw new IdentityError('INVALID_EMAIL');
    const email = rawEmail.toLowerCase();
    assertSignupDomain(email, this.deps.signupDomains);

    const [perIp] = await limiter.hit([{ key: `signup:ip:${input.ip}`, rule: rateLimits.signUpPerIp }]);
    if (perIp && !perIp.allowed) throw identityErrors.tooManyAttempts(perIp.retryAfterSeconds);

    if (await this.findByEmail(email)) throw new IdentityError('EMAIL_EXISTS');
    assertPasswordAcceptable(password);
    const passwordHash = await hashPassword(password);

    const at = new Date(now());
    const account: NewAccount = { uid: newLocalId(), email, createdAt: at.getTime() };
    await db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('identity_accounts')
        .values({
          local_id: account.uid,
          email,
          password_hash: passwordHash,
          created_at: at,
          last_login_at: at,
          password_updated_at: at,
          // Whole seconds: ID tokens carry auth_time in seconds and are refused when older than this.
          valid_since: new Date(seconds(at.getTime()) * 1000),
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('local_id')
        .executeTakeFirst();
      if (!inserted) throw new IdentityError('EMAIL_EXISTS');
      await within(trx, account);
    });
    return account;
  }

  async signUp(body: Fields, ip: string) {
    let refreshToken = '';
    const account = await this.create(
      { email: body.email, password: body.password, ip },
      async (trx, created) => {
        const refresh = newRefreshToken(created.uid, seconds(created.createdAt));
        await trx.insertInto('identity_refresh_tokens').values(refresh.row).execute();
        refreshToken = refresh.token;
      },
    );
    return {
      kind: 'identitytoolkit#SignupNewUserResponse',
      localId: account.uid,
      email: account.email,
      idToken: await this.issueIdToken(account, seconds(account.createdAt)),
      refreshToken,
      expiresIn: String(ID_TOKEN_LIFETIME_SECONDS),
    };
  }

  // ---- accounts:signInWithPassword ---------------------------------------------------------------

  async signInWithPassword(body: Fields, ip: string) {
    const { db, limiter, rateLimits, now } = this.deps;
    const rawEmail = str(body.email);
    const password = str(body.password);
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
      this.findByEmail(email),
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
    const refresh = newRefreshToken(account.local_id, authTime);
    // The counters' statement, and one that records the sign-in and stores its refresh token together,
    // while the ID token is signed.
    const [, , idToken] = await Promise.all([
      limiter.succeeded(accountKey, [anyIpKey, ipKey]),
      db
        .with('login', (q) =>
          q
            .updateTable('identity_accounts')
            .set({ last_login_at: new Date(at) })
            .where('local_id', '=', account.local_id),
        )
        .insertInto('identity_refresh_tokens')
        .values(refresh.row)
        .execute(),
      this.issueIdToken({ uid: account.local_id, email: account.email }, authTime),
    ]);
    return {
      kind: 'identitytoolkit#VerifyPasswordResponse',
      localId: account.local_id,
      email: account.email,
      displayName: '',
      idToken,
      registered: true,
      refreshToken: refresh.token,
      expiresIn: String(ID_TOKEN_LIFETIME_SECONDS),
    };
  }

  // ---- accounts:lookup ---------------------------------------------------------------------------

  async lookup(body: Fields) {
    const idToken = str(body.idToken);
    if (!idToken) throw new IdentityError('MISSING_ID_TOKEN');
    const { account } = await this.verifyIdToken(idToken);
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
    const grantType = str(body.grantType);
    const refreshToken = str(body.refreshToken);
    if (!grantType) throw new IdentityError('MISSING_GRANT_TYPE');
    if (grantType !== 'refresh_token') throw new IdentityError('INVALID_GRANT_TYPE');
    if (!refreshToken) throw new IdentityError('MISSING_REFRESH_TOKEN');
    const row = await this.deps.db
      .selectFrom('identity_refresh_tokens as t')
      .innerJoin('identity_accounts as a', 'a.local_id', 't.local_id')
      .select(['t.auth_time', 't.revoked_at', 'a.local_id', 'a.email', 'a.disabled', 'a.valid_since'])
      .where('t.token_hash', '=', sha256(refreshToken))
      .executeTakeFirst();
    if (!row) throw new IdentityError('INVALID_REFRESH_TOKEN');
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    const authTime = seconds(new Date(row.auth_time).getTime());
    if (row.revoked_at || revoked(authTime, row.valid_since)) {
      throw new IdentityError('TOKEN_EXPIRED');
    }
    const idToken = await this.issueIdToken({ uid: row.local_id, email: row.email }, authTime);
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

  // ---- accounts:sendOobCode (PASSWORD_RESET) -----------------------------------------------------

  async sendOobCode(body: Fields, ip: string) {
    const { limiter, rateLimits, now } = this.deps;
    const requestType = str(body.requestType);
    if (!requestType) throw new IdentityError('MISSING_REQ_TYPE');
    if (requestType !== 'PASSWORD_RESET') throw new IdentityError('INVALID_REQ_TYPE');
    const rawEmail = str(body.email);
    if (!rawEmail) throw new IdentityError('MISSING_EMAIL');
    if (!isValidEmailEntry(rawEmail)) throw new IdentityError('INVALID_EMAIL');
    const email = rawEmail.toLowerCase();

    const results = await limiter.hit([
      { key: `oob:ip:${ip}`, rule: rateLimits.sendOobCodePerIp },
      { key: `oob:email:${email}`, rule: rateLimits.sendOobCodePerEmail },
    ]);
    const refused = results.find((r) => !r.allowed);
    if (refused) throw identityErrors.tooManyAttempts(refused.retryAfterSeconds);

    const answer = { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: rawEmail };
    const account = await this.findByEmail(email);
    // Enumeration protection: an unknown (or disabled) account gets the same answer, and no e-mail.
    if (!account || account.disabled) return answer;

    // The code is stored and mailed after the answer, so that the answer's timing does not tell
    // whether the account exists.
    const expiresAt = new Date(now() + RESET_CODE_LIFETIME_MS);
    this.track(this.mailResetLink(account, expiresAt));
    return answer;
  }

  private async mailResetLink(account: Account, expiresAt: Date): Promise<void> {
    const { db, mailer, log, publicUrl } = this.deps;
    const { email } = account;
    const code = randomBytes(32).toString('base64url');
    const link = `${publicUrl}/reset-password?oobCode=${code}`;
    const message = passwordResetEmail(email, link);
    try {
      await db
        .insertInto('identity_oob_codes')
        .values({
          code_hash: sha256(code),
          local_id: account.local_id,
          request_type: 'PASSWORD_RESET',
          email,
          expires_at: expiresAt,
        })
        .execute();
      // Without SMTP_URL the e-mail stays in the outbox with the link redacted, and the link is logged
      // nowhere: a working reset code exists only in the e-mail a mail server delivered.
      await mailer.sendMail({
        purpose: 'password-reset',
        to: [email],
        subject: message.subject,
        text: message.text,
        storedText: passwordResetEmail(email, `${publicUrl}/reset-password?oobCode=[sent]`).text,
      });
    } catch (err) {
      // MailDeliveryError is logged by the mailer; this names the request it belonged to.
      log.error({ err, to: email }, 'the password-reset e-mail could not be sent');
    }
  }

  private track(work: Promise<void>): void {
    this.pendingMail.add(work);
    void work.finally(() => this.pendingMail.delete(work));
  }

  /** Waits for e-mails still being sent (on shutdown, and in tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.pendingMail]);
  }

  // ---- accounts:resetPassword (verify and confirm) -----------------------------------------------

  async resetPassword(body: Fields, ip: string) {
    const { db, limiter, rateLimits, now } = this.deps;
    const oobCode = str(body.oobCode);
    if (!oobCode) throw new IdentityError('MISSING_OOB_CODE');
    // Like sign-in: every check counts before the code is looked up. Valid codes count too: a code
    // can be checked without being used, so forgiving them would let a guesser with an account of its
    // own wipe its count between guesses. A user's own reset takes two checks (verify, confirm).
    const guessKey = `oob-check:ip:${ip}`;
    const [perIp] = await limiter.hit([{ key: guessKey, rule: rateLimits.resetCodePerIp }]);
    if (perIp && !perIp.allowed) throw identityErrors.tooManyAttempts(perIp.retryAfterSeconds);
    const codeHash = sha256(oobCode);
    const row = await db
      .selectFrom('identity_oob_codes as c')
      .innerJoin('identity_accounts as a', 'a.local_id', 'c.local_id')
      .select(['c.request_type', 'c.expires_at', 'c.used_at', 'a.local_id', 'a.email', 'a.disabled'])
      .where('c.code_hash', '=', codeHash)
      .executeTakeFirst();
    if (!row || row.used_at || row.request_type !== 'PASSWORD_RESET')
      throw new IdentityError('INVALID_OOB_CODE');
    if (new Date(row.expires_at).getTime() <= now()) throw new IdentityError('EXPIRED_OOB_CODE');
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    const answer = {
      kind: 'identitytoolkit#ResetPasswordResponse',
      email: row.email,
      requestType: 'PASSWORD_RESET',
    };

    // Only the code: verify, without using it up.
    if (body.newPassword === undefined || body.newPassword === null) return answer;

    const newPassword = str(body.newPassword) ?? '';
    assertPasswordAcceptable(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const at = new Date(now());
    await db.transaction().execute(async (trx) => {
      const consumed = await trx
        .updateTable('identity_oob_codes')
        .set({ used_at: at })
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returning('local_id')
        .executeTakeFirst();
      // Another request used the code in the meantime.
      if (!consumed) throw new IdentityError('INVALID_OOB_CODE');
      await trx
        .updateTable('identity_accounts')
        .set({
          password_hash: passwordHash,
          password_updated_at: at,
          // ID tokens from sign-ins before this moment are refused from now on.
          valid_since: at,
        })
        .where('local_id', '=', row.local_id)
        .execute();
      // Every session ends: refresh tokens are revoked, and other reset codes stop working.
      await trx
        .updateTable('identity_refresh_tokens')
        .set({ revoked_at: at })
        .where('local_id', '=', row.local_id)
        .where('revoked_at', 'is', null)
        .execute();
      await trx
        .updateTable('identity_oob_codes')
        .set({ used_at: at })
        .where('local_id', '=', row.local_id)
        .where('used_at', 'is', null)
        .execute();
    });
    for (const listener of this.sessionsEndedListeners) listener(row.local_id);
    // A reset lifts the account lockout, as on Google's service.
    await Promise.all([
      limiter.clearPrefix(`signin:acct:${row.email}|`),
      limiter.clear(`signin:acct-any:${row.email}`),
    ]);
    return answer;
  }

  // ---- /v2/passwordPolicy ------------------------------------------------------------------------

  passwordPolicy() {
    return passwordPolicyResponse();
  }

  /** Hears of every password reset in this process (its ID tokens are refused from then on). */
  onSessionsEnded(listener: (uid: string) => void): void {
    this.sessionsEndedListeners.add(listener);
  }

  // ---- tokens ------------------------------------------------------------------------------------

  /**
   * Verifies one of our ID tokens: RS256 signature by `kid` against our keys, `iss`, `aud`, `exp`, `sub`,
   * `iat` / `auth_time` not in the future, the account exists and is enabled, and `auth_time` is not older
   * than the account's `valid_since` (revocation by a password reset).
   */
  async verifyIdToken(idToken: string): Promise<{ account: Account; authTime: number; expiresAtMs: number }> {
    const { keys, now } = this.deps;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(
        idToken,
        async (header) => {
          if (header.alg !== SIGNING_ALGORITHM || !header.kid) throw new Error('unexpected token header');
          const key = await keys.publicKey(header.kid);
          if (!key) throw new Error('unknown signing key');
          return key;
        },
        {
          algorithms: [SIGNING_ALGORITHM],
          issuer: this.issuer,
          audience: this.projectId,
          currentDate: new Date(now()),
          requiredClaims: ['iat', 'exp', 'sub'],
        },
      ));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new IdentityError('TOKEN_EXPIRED');
      throw new IdentityError('INVALID_ID_TOKEN');
    }
    const claims = validIdTokenClaims(payload, now());
    if (!claims) throw new IdentityError('INVALID_ID_TOKEN');
    const { sub, authTime } = claims;
    const account = await this.deps.db
      .selectFrom('identity_accounts')
      .selectAll()
      .where('local_id', '=', sub)
      .executeTakeFirst();
    if (!account) throw new IdentityError('USER_NOT_FOUND');
    if (account.disabled) throw new IdentityError('USER_DISABLED');
    if (revoked(authTime, account.valid_since)) throw new IdentityError('TOKEN_EXPIRED');
    return { account, authTime, expiresAtMs: Number(payload.exp) * 1000 };
  }

  private issueIdToken(account: { uid: string; email: string }, authTime: number): Promise<string> {
    const iat = seconds(this.deps.now());
    return this.deps.keys.sign({
      iss: this.issuer,
      aud: this.projectId,
      auth_time: authTime,
      user_id: account.uid,
      sub: account.uid,
      iat,
      exp: iat + ID_TOKEN_LIFETIME_SECONDS,
      email: account.email,
      email_verified: false,
      firebase: { identities: { email: [account.email] }, sign_in_provider: 'password' },
    });
  }

  private findByEmail(email: string): Promise<Account | undefined> {
    return this.deps.db
      .selectFrom('identity_accounts')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirst();
  }
}
