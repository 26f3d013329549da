import type { JWTPayload } from 'jose';

/** Tolerance for clocks that run slightly ahead of ours. */
const CLOCK_SKEW_SECONDS = 5;

/**
 * The claims every Firebase-style ID token must carry beyond what jose checks (signature, issuer,
 * audience, expiry): a plausible `sub`, and `iat` / `auth_time` not in the future. Google's tokens and
 * ours are checked alike. Returns the subject and sign-in time, or null when the token must be refused.
 */
export function validIdTokenClaims(
  payload: JWTPayload,
  nowMs: number,
): { sub: string; authTime: number } | null {
  const { sub, iat, auth_time: authTime } = payload;
  const latest = Math.floor(nowMs / 1000) + CLOCK_SKEW_SECONDS;
  const valid =
    typeof sub === 'string' &&
    sub.length > 0 &&
    sub.length <= 128 &&
    typeof iat === 'number' &&
    iat <= latest &&
    typeof authTime === 'number' &&
    authTime <= latest;
  return valid ? { sub, authTime } : null;
}
