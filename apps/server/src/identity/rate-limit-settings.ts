import type { RateRule } from '../common/rate-limiter.ts';

/** How often each of the provider's calls may be tried (tests set their own). */
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
  // Every check counts, successes too (see password-reset.ts). The codes are 256-bit random, so this is a
  // backstop, not what stops guessing: high enough for an office behind one address (or a test suite)
  // verifying many new accounts at once, as signInPerIp is.
  resetCodePerIp: { max: 100, windowMs: 15 * MINUTE },
};
