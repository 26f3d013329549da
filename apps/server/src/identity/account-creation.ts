import { randomBytes } from 'node:crypto';
import { comparableEmail, isValidEmailEntry } from '@handoff/core';
import type { Transaction } from 'kysely';
import type { RateLimiter } from '../common/rate-limiter.ts';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { EmailVerification } from './email-verification.ts';
import { seconds } from './id-tokens.ts';
import { IdentityError, identityErrors } from './identity.errors.ts';
import { type Account, deleteAccount, findAccountByEmail, insertAccount } from './identity.repository.ts';
import { stringField } from './identity.schemas.ts';
import { assertPasswordAcceptable } from './password-policy.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { RateLimitSettings } from './rate-limit-settings.ts';
import { assertSignupDomain } from './signup-domains.ts';

export interface NewAccount {
  uid: string;
  email: string;
  /** When the account was created (ms since the epoch). */
  createdAt: number;
  /** The unverified account of the address it replaced, whose Handoff profile it takes over. */
  replacedUid?: string;
}
/** Work that must succeed together with the account's creation (same transaction when the provider is ours). */
export type WithinAccountCreation = (trx: Transaction<Database>, account: NewAccount) => Promise<void>;

export interface AccountInput {
  email: unknown;
  password: unknown;
  ip: string;
}

/** Makes the sign-in accounts of registrations: the built-in provider, or Google's in firebase mode. */
export interface AccountCreator {
  /**
   * The sign-in account of a product registration. An account of that address is not a hostage: without
   * a Handoff profile (`hasProfile`) the right password completes it; when its address was never
   * verified, the registration replaces it, profile or not, and the verification link decides.
   */
  register(
    input: AccountInput,
    within: WithinAccountCreation,
    hasProfile: (uid: string) => Promise<boolean>,
  ): Promise<NewAccount>;
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

interface AccountCreationDeps {
  db: Db;
  limiter: RateLimiter;
  now: () => number;
  rateLimits: RateLimitSettings;
  signupDomains: readonly string[];
  /** Whether new addresses must be verified (SMTP_URL is set, so a link can reach them). */
  verifyEmails: boolean;
  verification: EmailVerification;
}

/** E-mail/password accounts of the built-in provider: its accounts:signUp and the product's registration. */
export class AccountCreation implements AccountCreator {
  constructor(private readonly deps: AccountCreationDeps) {}

  /** accounts:signUp: a new account, or EMAIL_EXISTS. */
  async create(input: AccountInput, within: WithinAccountCreation): Promise<NewAccount> {
    const { email, password } = await this.admit(input);
    if (await findAccountByEmail(this.deps.db, email)) throw new IdentityError('EMAIL_EXISTS');
    return this.insert(email, password, within);
  }

  async register(
    input: AccountInput,
    within: WithinAccountCreation,
    hasProfile: (uid: string) => Promise<boolean>,
  ): Promise<NewAccount> {
    const { db, verifyEmails, verification } = this.deps;
    const { email, password } = await this.admit(input);
    const existing = await findAccountByEmail(db, email);
    if (!existing) {
      const account = await this.insert(email, password, within);
      if (verifyEmails) verification.send({ local_id: account.uid, email });
      return account;
    }
    if (existing.disabled) throw new IdentityError('EMAIL_EXISTS');
    const profiled = await hasProfile(existing.local_id);
    if (!profiled && (await this.passwordMatches(existing, password))) {
      const account = { uid: existing.local_id, email, createdAt: new Date(existing.created_at).getTime() };
      await db.transaction().execute((trx) => within(trx, account));
      if (verifyEmails && !existing.email_verified) verification.send(existing);
      return account;
    }
    // Nobody proved the address: whoever registers now gets it, and the link decides.
    if (!verifyEmails || existing.email_verified) throw new IdentityError('EMAIL_EXISTS');
    const account = await this.insert(email, password, within, existing.local_id);
    verification.send({ local_id: account.uid, email });
    return account;
  }

  /** The checks every new account passes, and its hit on the per-address sign-up limit. */
  private async admit(input: AccountInput): Promise<{ email: string; password: string }> {
    const { limiter, rateLimits } = this.deps;
    const rawEmail = stringField(input.email);
    const password = stringField(input.password);
    if (!rawEmail) throw new IdentityError('MISSING_EMAIL');
    if (!password) throw new IdentityError('MISSING_PASSWORD');
    if (!isValidEmailEntry(rawEmail)) throw new IdentityError('INVALID_EMAIL');
    const email = comparableEmail(rawEmail);
    assertSignupDomain(email, this.deps.signupDomains);
    const [perIp] = await limiter.hit([{ key: `signup:ip:${input.ip}`, rule: rateLimits.signUpPerIp }]);
    if (perIp && !perIp.allowed) throw identityErrors.tooManyAttempts(perIp.retryAfterSeconds);
    return { email, password };
  }

  /**
   * Whether the registration's password is the account's. Counted like a sign-in from anywhere, so
   * registration is no way around the sign-in limits.
   */
  private async passwordMatches(account: Account, password: string): Promise<boolean> {
    const { limiter, rateLimits } = this.deps;
    const [perAccount] = await limiter.hit([
      { key: `signin:acct-any:${account.email}`, rule: rateLimits.signInPerAccount },
    ]);
    if (perAccount && !perAccount.allowed) throw identityErrors.tooManyAttempts(perAccount.retryAfterSeconds);
    return verifyPassword(account.password_hash, password);
  }

  /** Stores a new account (in place of `replacing`, when given) with the work that belongs to it. */
  private async insert(
    email: string,
    password: string,
    within: WithinAccountCreation,
    replacing?: string,
  ): Promise<NewAccount> {
    const { db, now, verifyEmails } = this.deps;
    assertPasswordAcceptable(password);
    const passwordHash = await hashPassword(password);
    const at = new Date(now());
    const account: NewAccount = {
      uid: newLocalId(),
      email,
      createdAt: at.getTime(),
      ...(replacing ? { replacedUid: replacing } : {}),
    };
    await db.transaction().execute(async (trx) => {
      if (replacing) await deleteAccount(trx, replacing);
      const inserted = await insertAccount(trx, {
        localId: account.uid,
        email,
        passwordHash,
        at,
        // Whole seconds: ID tokens carry auth_time in seconds and are refused when older than this.
        validSince: new Date(seconds(at.getTime()) * 1000),
        emailVerified: !verifyEmails,
      });
      if (!inserted) throw new IdentityError('EMAIL_EXISTS');
      await within(trx, account);
    });
    return account;
  }
}
