import type { TokenVerifier } from '../auth/auth.plugin.ts';
import { unauthorized } from '../errors.ts';
import { IdentityError } from './identity.errors.ts';
import type { IdentityService } from './identity.service.ts';

const reasons: Record<string, string> = {
  TOKEN_EXPIRED: 'Your session has expired. Sign in again.',
  USER_NOT_FOUND: 'Your account no longer exists. Sign in again.',
  USER_DISABLED: 'Your account has been disabled.',
};

/** AUTH_MODE=builtin: verifies our own ID tokens (see IdentityService.verifyIdToken) on every request. */
export function builtinVerifier(service: IdentityService): TokenVerifier {
  return {
    async verify(idToken) {
      try {
        const { account } = await service.verifyIdToken(idToken);
        return { uid: account.local_id, email: account.email };
      } catch (error) {
        if (error instanceof IdentityError) throw unauthorized(reasons[error.code]);
        throw error;
      }
    },
  };
}
