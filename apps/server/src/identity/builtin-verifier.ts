import { unauthorized } from '../errors.ts';
import { IdentityError } from './identity.errors.ts';
import type { IdentityService } from './identity.service.ts';
import { RecentlyVerifiedTokens } from './recently-verified.ts';
import type { AuthenticatedUser, TokenVerifier } from './token-verifier.ts';

const reasons: Record<string, string> = {
  TOKEN_EXPIRED: 'Your session has expired. Sign in again.',
  USER_NOT_FOUND: 'Your account no longer exists. Sign in again.',
  USER_DISABLED: 'Your account has been disabled.',
};

/**
 * AUTH_MODE=builtin: verifies our own ID tokens (see IdentityService.verifyIdToken). A token that passed
 * is trusted for TOKEN_CHECK_TTL_MS before its account is checked again; a password reset in this
 * process, or a verified address, forgets the account's tokens at once.
 */
export function builtinVerifier(service: IdentityService, now: () => number): TokenVerifier {
  const verified = new RecentlyVerifiedTokens<AuthenticatedUser>(now);
  const forget = (uid: string) => verified.forget((user) => user.uid === uid);
  service.onSessionsEnded(forget);
  service.onEmailVerified(forget);
  return {
    async verify(idToken) {
      const known = verified.get(idToken);
      if (known) return known;
      try {
        const { account, expiresAtMs } = await service.verifyIdToken(idToken);
        const user = {
          uid: account.local_id,
          email: account.email,
          emailVerified: service.mayUseProduct(account),
        };
        verified.set(idToken, user, expiresAtMs);
        return user;
      } catch (error) {
        if (error instanceof IdentityError) throw unauthorized(reasons[error.code]);
        throw error;
      }
    },
  };
}
