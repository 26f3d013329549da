// Password reset with the identity provider: request the e-mail (sendOobCode) and confirm the new password
// (resetPassword with the oobCode from the link).
import { IdentityError } from '@/lib/identity-client';

/** The provider's error code for a failed call ("EMAIL_NOT_FOUND", "NETWORK_REQUEST_FAILED", …). */
export function identityErrorCode(error: unknown): string {
  return error instanceof IdentityError ? error.code : 'UNKNOWN_ERROR';
}

/** A clear sentence for a failed password-reset confirmation (docs/product.md §8 leaves this case unhandled). */
export function resetPasswordErrorText(error: unknown): string {
  if (!(error instanceof IdentityError)) return 'The password could not be reset. Please try again.';
  switch (error.code) {
    case 'INVALID_OOB_CODE':
    case 'EXPIRED_OOB_CODE':
    case 'MISSING_OOB_CODE':
      return 'This password reset link is invalid or has expired. Please request a new one from the login page.';
    case 'WEAK_PASSWORD':
    case 'PASSWORD_DOES_NOT_MEET_REQUIREMENTS':
      return error.detail ?? 'The new password does not meet the password requirements.';
    case 'NETWORK_REQUEST_FAILED':
      return 'The password reset service could not be reached. Please check your connection and try again.';
    case 'USER_DISABLED':
      return 'This account has been disabled.';
    default:
      return error.detail
        ? `The password could not be reset: ${error.detail}`
        : `The password could not be reset (${error.code}).`;
  }
}
