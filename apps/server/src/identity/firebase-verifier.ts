import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { AppError, unauthorized } from '../errors.ts';
import { validIdTokenClaims } from './id-token-claims.ts';
import { RecentlyVerifiedTokens } from './recently-verified.ts';
import type { AuthenticatedUser, TokenVerifier } from './token-verifier.ts';

/** Google's public keys for Firebase ID tokens, as a JWKS. */
const GOOGLE_SECURETOKEN_JWKS_URL =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/**
 * AUTH_MODE=firebase: verifies Google-issued ID tokens as firebase-admin does (verify-id-tokens docs):
 * RS256 by `kid` against Google's JWKS (cached by jose), `iss` = https://securetoken.google.com/<project>,
 * `aud` = <project>, `exp` in the future, `iat` / `auth_time` not in the future, `sub` non-empty and at
 * most 128 characters, and an `email` claim (the product identifies users by e-mail).
 */
export function firebaseVerifier(options: {
  projectId: string;
  jwksUrl?: string;
  now?: () => number;
}): TokenVerifier {
  const { projectId } = options;
  const now = options.now ?? Date.now;
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl ?? GOOGLE_SECURETOKEN_JWKS_URL), {
    timeoutDuration: 5_000,
    cooldownDuration: 30_000,
  });
  const verified = new RecentlyVerifiedTokens<AuthenticatedUser>(now);
  return {
    async verify(idToken) {
      const known = verified.get(idToken);
      if (known) return known;
      let payload: Record<string, unknown>;
      try {
        ({ payload } = await jwtVerify(idToken, jwks, {
          algorithms: ['RS256'],
          issuer: `https://securetoken.google.com/${projectId}`,
          audience: projectId,
          currentDate: new Date(now()),
          requiredClaims: ['iat', 'exp', 'sub'],
        }));
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired)
          throw unauthorized('Your session has expired. Sign in again.');
        if (
          error instanceof joseErrors.JWKSTimeout ||
          error instanceof joseErrors.JWKSInvalid ||
          !(error instanceof joseErrors.JOSEError)
        ) {
          // Google's keys could not be fetched: not the caller's fault.
          throw new AppError(
            503,
            'IDENTITY_UNAVAILABLE',
            'Sign-in cannot be checked right now. Try again shortly.',
          );
        }
        throw unauthorized();
      }
      const claims = validIdTokenClaims(payload, now());
      const { email } = payload;
      if (!claims || typeof email !== 'string') throw unauthorized();
      // Handoff asks no verification of Google's accounts (README, Security).
      const user = { uid: claims.sub, email: email.toLowerCase(), emailVerified: true };
      verified.set(idToken, user, Number(payload.exp) * 1000);
      return user;
    },
  };
}
