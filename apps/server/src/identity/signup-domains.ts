import { comparableEmail } from '@handoff/core';
import { IdentityError } from './identity.errors.ts';

/**
 * SIGNUP_DOMAINS: when set, only addresses at those domains may create an account (the product's
 * registration and the provider's signUp alike). Refused with Google's code for a sign-up the project
 * does not allow, and a detail naming the domains.
 */
export function assertSignupDomain(email: string, domains: readonly string[]): void {
  if (domains.length === 0) return;
  const domain = comparableEmail(email.slice(email.lastIndexOf('@') + 1));
  if (domains.some((allowed) => comparableEmail(allowed) === domain)) return;
  throw new IdentityError(
    'ADMIN_ONLY_OPERATION',
    `Registration is open only to addresses at ${domains.join(', ')}.`,
    400,
  );
}
