import { errors as joseErrors, jwtVerify } from 'jose';
import type { Db } from '../db/database.ts';
import { validIdTokenClaims } from './id-token-claims.ts';
import { IdentityError } from './identity.errors.ts';
import { type Account, findAccountById } from './identity.repository.ts';
import { SIGNING_ALGORITHM, type SigningKeys } from './signing-keys.ts';

/** The project id of the built-in provider: tokens carry iss `https://securetoken.google.com/handoff-local`. */
const BUILTIN_PROJECT_ID = 'handoff-local';
export const ID_TOKEN_LIFETIME_SECONDS = 3600;

/** Whole seconds of a time in milliseconds since the epoch. */
export const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * `auth_time` (whole seconds) of a sign-in at `nowMs`. An account's `valid_since` has millisecond
 * precision; a sign-in in the same second as a password reset, after it, gets the next second, so that
 * tokens from before the reset are refused and tokens from after it are not.
 */
export function authTimeFor(nowMs: number, validSince: Date): number {
  return Math.max(seconds(nowMs), Math.ceil(new Date(validSince).getTime() / 1000));
}

/** Whether a token from a sign-in at `authTime` (seconds) predates the account's `valid_since`. */
export function revoked(authTime: number, validSince: Date): boolean {
  return authTime * 1000 < new Date(validSince).getTime();
}

/** The built-in provider's ID tokens, signed with the keys in the `signing_keys` table. */
export class IdTokens {
  private readonly projectId = BUILTIN_PROJECT_ID;
  private readonly issuer = `https://securetoken.google.com/${BUILTIN_PROJECT_ID}`;

  constructor(
    private readonly db: Db,
    private readonly keys: SigningKeys,
    private readonly now: () => number,
  ) {}

  /** An ID token for a sign-in at `authTime` (seconds), valid for ID_TOKEN_LIFETIME_SECONDS from now. */
  issue(account: { uid: string; email: string; emailVerified: boolean }, authTime: number): Promise<string> {
    const iat = seconds(this.now());
    return this.keys.sign({
      iss: this.issuer,
      aud: this.projectId,
      auth_time: authTime,
      user_id: account.uid,
      sub: account.uid,
      iat,
      exp: iat + ID_TOKEN_LIFETIME_SECONDS,
      email: account.email,
      email_verified: account.emailVerified,
      firebase: { identities: { email: [account.email] }, sign_in_provider: 'password' },
    });
  }

  /**
   * Verifies one of our ID tokens: RS256 signature by `kid` against our keys, `iss`, `aud`, `exp`, `sub`,
   * `iat` / `auth_time` not in the future, the account exists and is enabled, and `auth_time` is not older
   * than the account's `valid_since` (revocation by a password reset).
   */
  async verify(idToken: string): Promise<{ account: Account; authTime: number; expiresAtMs: number }> {
    const { keys, now } = this;
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(
        idToken,
        async (header) => {
          if (header.alg !== SIGNING_ALGORITHM || !header.kid) throw new Error('unexpected token header');
          const key = await keys.publicKey(header.kid);
          if (!key) throw new Error('unknown signing key');
          return key;
        },
        {
          algorithms: [SIGNING_ALGORITHM],
          issuer: this.issuer,
          audience: this.projectId,
          currentDate: new Date(now()),
          requiredClaims: ['iat', 'exp', 'sub'],
        },
      ));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new IdentityError('TOKEN_EXPIRED');
      throw new IdentityError('INVALID_ID_TOKEN');
    }
    const claims = validIdTokenClaims(payload, now());
    if (!claims) throw new IdentityError('INVALID_ID_TOKEN');
    const { sub, authTime } = claims;
    const account = await findAccountById(this.db, sub);
    if (!account) throw new IdentityError('USER_NOT_FOUND');
    if (account.disabled) throw new IdentityError('USER_DISABLED');
    if (revoked(authTime, account.valid_since)) throw new IdentityError('TOKEN_EXPIRED');
    return { account, authTime, expiresAtMs: Number(payload.exp) * 1000 };
  }
}
