import {
  IdentityError,
  LONG_PASSWORD_DETAIL,
  MAX_PASSWORD_LENGTH,
  WEAK_PASSWORD_DETAIL,
} from './identity.errors.ts';

/** Characters that count as non-alphanumeric (Identity Platform's password-policy page). */
const NON_ALPHANUMERIC_CHARACTERS = [
  '^',
  '$',
  '*',
  '.',
  '[',
  ']',
  '{',
  '}',
  '(',
  ')',
  '?',
  '"',
  '!',
  '@',
  '#',
  '%',
  '&',
  '/',
  '\\',
  ',',
  '>',
  '<',
  "'",
  ':',
  ';',
  '|',
  '_',
  '~',
  '`',
] as const;

const MIN_PASSWORD_LENGTH = 6;

/**
 * The `GET /v2/passwordPolicy` answer. Only Google's fixed rule applies (at least 6 characters), so the
 * policy is not enforced as a custom policy: a short password is WEAK_PASSWORD, as on Google's service
 * for a project without a password policy (https://firebase.google.com/docs/reference/rest/auth).
 */
export function passwordPolicyResponse() {
  return {
    customStrengthOptions: { minPasswordLength: MIN_PASSWORD_LENGTH },
    allowedNonAlphanumericCharacters: [...NON_ALPHANUMERIC_CHARACTERS],
    enforcementState: 'OFF' as const,
    forceUpgradeOnSignin: false,
    schemaVersion: 1,
  };
}

/**
 * Throws WEAK_PASSWORD for a password the provider refuses: shorter than 6 or longer than 4096 (length in
 * UTF-16 units, as the SDK counts).
 */
export function assertPasswordAcceptable(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new IdentityError('WEAK_PASSWORD', WEAK_PASSWORD_DETAIL);
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw new IdentityError('WEAK_PASSWORD', LONG_PASSWORD_DETAIL);
  }
}
