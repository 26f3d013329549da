import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiter } from '../common/rate-limiter.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { sendAddressVerification } from '../messages/account-mail.ts';
import type { IdTokens } from './id-tokens.ts';
import { IdentityError, identityErrors } from './identity.errors.ts';
import { consumeOobCode, findOobCode, insertOobCode, markEmailVerified } from './identity.repository.ts';
import { type Fields, stringField } from './identity.schemas.ts';
import type { RateLimitSettings } from './rate-limit-settings.ts';

const VERIFY_CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
const VERIFY_EMAIL = 'VERIFY_EMAIL';

interface EmailVerificationDeps {
  db: Db;
  limiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => number;
  publicUrl: string;
  rateLimits: RateLimitSettings;
  tokens: IdTokens;
}

/**
 * Proving an address, as Google's service does it: accounts:sendOobCode with VERIFY_EMAIL and the
 * account's ID token mails `{PUBLIC_URL}/auth/action?mode=verifyEmail&oobCode=…` (single use, 24 hours,
 * stored hashed); accounts:update with that `oobCode` marks the address verified.
 */
export class EmailVerification {
  private readonly pendingMail = new Set<Promise<void>>();
  private readonly verifiedListeners = new Set<(uid: string) => void>();

  constructor(private readonly deps: EmailVerificationDeps) {}

  /** Mails a new link to the account's address (after the answer; failures are logged). */
  send(account: { local_id: string; email: string }): void {
    const work = this.mailLink(account);
    this.pendingMail.add(work);
    void work.finally(() => this.pendingMail.delete(work));
  }

  /** accounts:sendOobCode with requestType VERIFY_EMAIL: the caller's ID token names the account. */
  async sendOobCode(body: Fields, ip: string) {
    const { limiter, rateLimits, tokens } = this.deps;
    const idToken = stringField(body.idToken);
    if (!idToken) throw new IdentityError('MISSING_ID_TOKEN');
    const { account } = await tokens.verify(idToken);
    const results = await limiter.hit([
      { key: `verify-mail:ip:${ip}`, rule: rateLimits.sendOobCodePerIp },
      { key: `verify-mail:account:${account.local_id}`, rule: rateLimits.sendOobCodePerEmail },
    ]);
    const refused = results.find((r) => !r.allowed);
    if (refused) throw identityErrors.tooManyAttempts(refused.retryAfterSeconds);
    // An address already verified needs no link.
    if (!account.email_verified) this.send(account);
    return { kind: 'identitytoolkit#GetOobConfirmationCodeResponse', email: account.email };
  }

  /** accounts:update with an `oobCode` (the SDK's applyActionCode): the address is verified. */
  async apply(body: Fields, ip: string) {
    const { db, limiter, rateLimits, now } = this.deps;
    const oobCode = stringField(body.oobCode);
    if (!oobCode) throw new IdentityError('MISSING_OOB_CODE');
    // Counted as reset codes are: every check, before the look-up.
    const [perIp] = await limiter.hit([{ key: `oob-check:ip:${ip}`, rule: rateLimits.resetCodePerIp }]);
    if (perIp && !perIp.allowed) throw identityErrors.tooManyAttempts(perIp.retryAfterSeconds);
    const row = await findOobCode(db, oobCode);
    if (!row || row.used_at || row.request_type !== VERIFY_EMAIL) throw new IdentityError('INVALID_OOB_CODE');
    if (new Date(row.expires_at).getTime() <= now()) throw new IdentityError('EXPIRED_OOB_CODE');
    if (row.disabled) throw new IdentityError('USER_DISABLED');
    const at = new Date(now());
    await db.transaction().execute(async (trx) => {
      if (!(await consumeOobCode(trx, oobCode, at))) throw new IdentityError('INVALID_OOB_CODE');
      await markEmailVerified(trx, row.local_id);
    });
    for (const listener of this.verifiedListeners) listener(row.local_id);
    return {
      kind: 'identitytoolkit#SetAccountInfoResponse',
      localId: row.local_id,
      email: row.email,
      emailVerified: true,
    };
  }

  /** Hears of every address verified in this process (its remembered tokens are checked afresh). */
  onVerified(listener: (uid: string) => void): void {
    this.verifiedListeners.add(listener);
  }

  /** Waits for e-mails still being sent (on shutdown, and in tests). */
  async drain(): Promise<void> {
    await Promise.all([...this.pendingMail]);
  }

  private async mailLink(account: { local_id: string; email: string }): Promise<void> {
    const { db, mailer, log, now, publicUrl } = this.deps;
    const { email } = account;
    const code = randomBytes(32).toString('base64url');
    const link = (oobCode: string) => `${publicUrl}/auth/action?mode=verifyEmail&oobCode=${oobCode}`;
    try {
      await insertOobCode(db, {
        code,
        localId: account.local_id,
        requestType: VERIFY_EMAIL,
        email,
        expiresAt: new Date(now() + VERIFY_CODE_LIFETIME_MS),
      });
      // As with reset links, the outbox copy has the link redacted: a working code exists only in the
      // e-mail a mail server delivered.
      await sendAddressVerification(mailer, email, { link: link(code), storedLink: link('[sent]') });
    } catch (err) {
      log.error({ err, to: email }, 'the verification e-mail could not be sent');
    }
  }
}
