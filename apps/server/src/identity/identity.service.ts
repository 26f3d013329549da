import { randomBytes } from 'node:crypto';
import { comparableEmail, isValidEmailEntry } from '@handoff/core';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter } from '../common/rate-limiter.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { AccountCreation } from './account-creation.ts';
import { EmailVerification } from './email-verification.ts';
import { authTimeFor, ID_TOKEN_LIFETIME_SECONDS, IdTokens, revoked, seconds } from './id-tokens.ts';
import { ACCOUNT_LOCKED_DETAIL, IdentityError, identityErrors } from './identity.errors.ts';
import {
  findAccountByEmail,
  findRefreshToken,
  insertRefreshToken,
  recordSignIn,
  revokeSession,
  rotateRefreshToken,
  sessionOfRefreshToken,
} from './identity.repository.ts';
import { type Fields, stringField } from './identity.schemas.ts';
import { passwordPolicyResponse } from './password-policy.ts';
import { type FirstProofListener, PasswordReset } from './password-reset.ts';
import { verifyPassword } from './passwords.ts';
import type { RateLimitSettings } from './rate-limit-settings.ts';
import type { SigningKeys } from './signing-keys.ts';

/** What `/v1/token` reports as `project_id` (Google reports the numeric project number). */
const BUILTIN_PROJECT_NUMBER = '100000000001';

/** A refresh token unused this long is refused. */
const REFRESH_TOKEN_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** After a refresh token was exchanged for its successor it keeps working this long (concurrent tabs). */
const ROTATION_GRACE_MS = 60_000;

/** A new opaque refresh token (only its hash is stored). */
const newRefreshToken = () => randomBytes(32).toString('base64url');

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
  /** Whether new addresses must be verified before the product may be used (SMTP_URL is set). */
  verifyEmails: boolean;
}

/**
 * The built-in identity provider, with the answers of Google's Identity Toolkit
 * (https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts): e-mail/password
 * sign-in and sessions here, new accounts in account-creation.ts, ID tokens in id-tokens.ts, password-reset
 * codes in password-reset.ts, address verification in email-verification.ts.
 */
export class IdentityService {
  private readonly tokens: IdTokens;
  private readonly reset: PasswordReset;
  private readonly verification: EmailVerification;
  /** Creates accounts for the product's registration (and the provider's signUp). */
  readonly accounts: AccountCreation;

  constructor(private readonly deps: IdentityServiceDeps) {
    this.tokens = new IdTokens(deps.db, deps.keys, deps.now);
    this.reset = new PasswordReset(deps);
    this.verification = new EmailVerification({ ...deps, tokens: this.tokens });
    this.accounts = new AccountCreation({ ...deps, verification: this.verification });
  }

  /** Whether the account may use the product: its address is verified, or no verification is asked. */
  mayUseProduct(account: { email_verified: boolean }): boolean {
    return account.email_verified || !this.deps.verifyEmails;
  }

  // ---- accounts:signUp ---------------------------------------------------------------------------

  async signUp(body: Fields, ip: string) {
    const refreshToken = newRefreshToken();
    const account = await this.accounts.create(
      { email: body.email, password: body.password, ip },
      async (trx, created) => {
        const authTime = new Date(seconds(created.createdAt) * 1000);
        await insertRefreshToken(trx, {
          token: refreshToken,
          localId: created.uid,
          authTime,
          createdAt: new Date(created.createdAt),
        });
      },
    );
    return {
      kind: 'identitytoolkit#SignupNewUserResponse',
      localId: account.uid,
      email: account.email,
      idToken: await this.tokens.issue(
        { ...account, emailVerified: !this.deps.verifyEmails },
        seconds(account.createdAt),
      ),
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
    const email = comparableEmail(rawEmail);

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
    // while the ID token is signed. Only this account's counts are cleared: the address's count of
    // attempts stays, so signing in to one's own account makes no room for guesses at others.
    const [, , idToken] = await Promise.all([
      limiter.succeeded(accountKey, [anyIpKey]),
      recordSignIn(
        db,
        {
          token: refreshToken,
          localId: account.local_id,
          authTime: new Date(authTime * 1000),
          createdAt: new Date(at),
        },
        new Date(at),
      ),
      this.tokens.issue(
        { uid: account.local_id, email: account.email, emailVerified: account.email_verified },
        authTime,
      ),
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
          emailVerified: account.email_verified,
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

  /**
   * Each use exchanges the refresh token for a new one. The used one keeps working for ROTATION_GRACE_MS
   * (tabs that refresh at once); used after that, it is taken for stolen and its whole session ends.
   * A token unused for REFRESH_TOKEN_IDLE_MS is refused.
   */
  async refresh(body: Fields) {
    const { db, now } = this.deps;
    const grantType = stringField(body.grantType);
    const refreshToken = stringField(body.refreshToken);
    if (!grantType) throw new IdentityError('MISSING_GRANT_TYPE');
    if (grantType !== 'refresh_token') throw new IdentityError('INVALID_GRANT_TYPE');
    if (!refreshToken) throw new IdentityError('MISSING_REFRESH_TOKEN');
    const row = await findRefreshToken(db, refreshToken);
    if (!row) throw new IdentityError('INVALID_REFRESH_TOKEN');
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    const authTime = seconds(new Date(row.auth_time).getTime());
    const at = now();
    if (row.revoked_at || revoked(authTime, row.valid_since)) throw new IdentityError('TOKEN_EXPIRED');
    if (row.rotated_at && at - new Date(row.rotated_at).getTime() > ROTATION_GRACE_MS) {
      await revokeSession(db, row.session_id, new Date(at));
      throw new IdentityError('TOKEN_EXPIRED');
    }
    if (at - new Date(row.created_at).getTime() > REFRESH_TOKEN_IDLE_MS)
      throw new IdentityError('TOKEN_EXPIRED');
    const successor = newRefreshToken();
    const [idToken] = await Promise.all([
      this.tokens.issue({ uid: row.local_id, email: row.email, emailVerified: row.email_verified }, authTime),
      rotateRefreshToken(db, refreshToken, {
        token: successor,
        localId: row.local_id,
        authTime: new Date(row.auth_time),
        createdAt: new Date(at),
        sessionId: row.session_id,
      }),
    ]);
    return {
      access_token: idToken,
      expires_in: String(ID_TOKEN_LIFETIME_SECONDS),
      token_type: 'Bearer',
      refresh_token: successor,
      id_token: idToken,
      user_id: row.local_id,
      project_id: BUILTIN_PROJECT_NUMBER,
    };
  }

  /** Logout: every refresh token of the session `refreshToken` belongs to stops working. */
  async endSession(refreshToken: string): Promise<void> {
    const sessionId = await sessionOfRefreshToken(this.deps.db, refreshToken);
    if (sessionId) await revokeSession(this.deps.db, sessionId, new Date(this.deps.now()));
  }

  // ---- accounts:sendOobCode (password-reset.ts, email-verification.ts) ----------------------------

  sendOobCode(body: Fields, ip: string) {
    const requestType = stringField(body.requestType);
    if (!requestType) throw new IdentityError('MISSING_REQ_TYPE');
    if (requestType === 'PASSWORD_RESET') return this.reset.sendOobCode(body, ip);
    if (requestType === 'VERIFY_EMAIL') return this.verification.sendOobCode(body, ip);
    throw new IdentityError('INVALID_REQ_TYPE');
  }

  // ---- accounts:resetPassword and accounts:update (applying a verification code) ----------------

  resetPassword(body: Fields, ip: string) {
    return this.reset.resetPassword(body, ip);
  }

  applyActionCode(body: Fields, ip: string) {
    return this.verification.apply(body, ip);
  }

  /** Waits for password-reset and verification e-mails still being sent (on shutdown, and in tests). */
  async drain(): Promise<void> {
    await Promise.all([this.reset.drain(), this.verification.drain()]);
  }

  /** Hears of every address verified in this process (its remembered ID tokens are checked again). */
  onEmailVerified(listener: (uid: string) => void): void {
    this.verification.onVerified(listener);
  }

  /** Hears of every password reset in this process (its ID tokens are refused from then on). */
  onSessionsEnded(listener: (uid: string) => void): void {
    this.reset.onSessionsEnded(listener);
  }

  /** Runs, in the reset's transaction, when a password reset proves an address never verified before. */
  onFirstProofByReset(listener: FirstProofListener): void {
    this.reset.onFirstProofByReset(listener);
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
