import { IdentityError } from './identity.errors.ts';

/**
 * SIGNUP_DOMAINS: when set, only addresses at those domains may create an account (the product's
 * registration and the provider's signUp alike). Refused with Google's code for a sign-up the project
 * does not allow, and a detail naming the domains.
 */
export function assertSignupDomain(email: string, domains: readonly string[]): void {
  if (domains.length === 0) return;
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (domains.includes(domain)) return;
  throw new IdentityError(
    'ADMIN_ONLY_OPERATION',
    `Registration is open only to addresses at ${domains.join(', ')}.`,
    400,
  );
}
