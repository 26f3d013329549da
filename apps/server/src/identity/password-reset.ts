import { randomBytes } from 'node:crypto';
import { comparableEmail, isValidEmailEntry } from '@handoff/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { RateLimiter } from '../common/rate-limiter.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendPasswordReset } from '../messages/account-mail.ts';
import { IdentityError, identityErrors } from './identity.errors.ts';
import {
  type Account,
  consumeOobCode,
  findAccountByEmail,
  findOobCode,
  insertOobCode,
  markEmailVerified,
  revokeRefreshTokens,
  setPassword,
  useUpOobCodes,
} from './identity.repository.ts';
import { type Fields, stringField } from './identity.schemas.ts';
import { assertPasswordAcceptable } from './password-policy.ts';
import { hashPassword } from './passwords.ts';
import type { RateLimitSettings } from './rate-limit-settings.ts';

const RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;

interface PasswordResetDeps {
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => number;
  publicUrl: string;
  rateLimits: RateLimitSettings;
}

/**
 * Password reset by e-mail: accounts:sendOobCode mails a one-hour code, accounts:resetPassword checks it
 * and, with a new password, uses it and ends every session of the account.
 */
/** Work done in a password reset's transaction when the reset proves an address for the first time. */
export type FirstProofListener = (trx: Transaction<Database>, uid: string) => Promise<void>;

export class PasswordReset {
  private readonly pendingMail = new Set<Promise<void>>();
  private readonly sessionsEndedListeners = new Set<(uid: string) => void>();
  private readonly firstProofListeners = new Set<FirstProofListener>();

  constructor(private readonly deps: PasswordResetDeps) {}

  // ---- accounts:sendOobCode (PASSWORD_RESET) -----------------------------------------------------

  async sendOobCode(body: Fields, ip: string) {
    const { db, limiter, rateLimits, now } = this.deps;
    const requestType = stringField(body.requestType);
    if (!requestType) throw new IdentityError('MISSING_REQ_TYPE');
    if (requestType !== 'PASSWORD_RESET') throw new IdentityError('INVALID_REQ_TYPE');
    const rawEmail = stringField(body.email);
    if (!rawEmail) throw new IdentityError('MISSING_EMAIL');
    if (!isValidEmailEntry(rawEmail)) throw new IdentityError('INVALID_EMAIL');
    const email = comparableEmail(rawEmail);

    const results = await limiter.hit([
      { key: `oob:ip:${ip}`, rule: rateLimits.sendOobCodePerIp },
      { key: `oob:email:${email}`, rule: rateLimits.sendOobCodePerEmail },
    ]);
    const refused = results.find((r) => !r.allowed);
    if (refused) throw identityErrors.tooManyAttempts(refused.retryAfterSeconds);

    const answer = { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: rawEmail };
    const account = await findAccountByEmail(db, email);
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
    try {
      await insertOobCode(db, {
        code,
        localId: account.local_id,
        requestType: 'PASSWORD_RESET',
        email,
        expiresAt,
      });
      // Without SMTP_URL the e-mail stays in the outbox with the link redacted, and the link is logged
      // nowhere: a working reset code exists only in the e-mail a mail server delivered.
      await sendPasswordReset(mailer, email, {
        link,
        storedLink: `${publicUrl}/reset-password?oobCode=[sent]`,
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
    const oobCode = stringField(body.oobCode);
    if (!oobCode) throw new IdentityError('MISSING_OOB_CODE');
    // Like sign-in: every check counts before the code is looked up. Valid codes count too: a code
    // can be checked without being used, so forgiving them would let a guesser with an account of its
    // own wipe its count between guesses. A user's own reset takes two checks (verify, confirm).
    const guessKey = `oob-check:ip:${ip}`;
    const [perIp] = await limiter.hit([{ key: guessKey, rule: rateLimits.resetCodePerIp }]);
    if (perIp && !perIp.allowed) throw identityErrors.tooManyAttempts(perIp.retryAfterSeconds);
    const row = await findOobCode(db, oobCode);
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

    const newPassword = stringField(body.newPassword) ?? '';
    assertPasswordAcceptable(newPassword);
    const passwordHash = await hashPassword(newPassword);
    const at = new Date(now());
    await db.transaction().execute(async (trx) => {
      // Another request used the code in the meantime.
      if (!(await consumeOobCode(trx, oobCode, at))) throw new IdentityError('INVALID_OOB_CODE');
      await setPassword(trx, row.local_id, passwordHash, at);
      // Every session ends: refresh tokens are revoked, and other reset codes stop working.
      await revokeRefreshTokens(trx, row.local_id, at);
      await useUpOobCodes(trx, row.local_id, at);
      // The e-mailed link proves the mailbox. An account that had not proved it yet may hold what a
      // squatter set before the owner got in (a Jira credential): its listeners drop that.
      if (!row.email_verified) {
        await markEmailVerified(trx, row.local_id);
        for (const listener of this.firstProofListeners) await listener(trx, row.local_id);
      }
    });
    for (const listener of this.sessionsEndedListeners) listener(row.local_id);
    // A reset lifts the account lockout, as on Google's service.
    await Promise.all([
      limiter.clearPrefix(`signin:acct:${row.email}|`),
      limiter.clear(`signin:acct-any:${row.email}`),
    ]);
    return answer;
  }

  /** Hears of every password reset in this process (its ID tokens are refused from then on). */
  onSessionsEnded(listener: (uid: string) => void): void {
    this.sessionsEndedListeners.add(listener);
  }

  /** Runs, in the reset's transaction, when a reset proves an address that was never verified. */
  onFirstProofByReset(listener: FirstProofListener): void {
    this.firstProofListeners.add(listener);
  }
}
