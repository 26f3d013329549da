/**
 * Errors of the Identity-Toolkit-compatible provider. They answer with Google's envelope
 * (https://firebase.google.com/docs/reference/rest/auth#section-error-response): `message` is `CODE` or `CODE : detail` (space, colon, space),
 * which the Firebase SDK splits to build `auth/<code>` errors.
 */
export class IdentityError extends Error {
  constructor(
    /** The Identity Toolkit code, e.g. `EMAIL_EXISTS`. */
    readonly code: string,
    /** Human detail appended as `CODE : detail`. */
    readonly detail?: string,
    readonly httpStatus = 400,
    /** Google's canonical status, only on infrastructure errors (bad key, not found …). */
    readonly googleStatus?: string,
    readonly reason = 'invalid',
    /** Seconds the caller should wait (rate limits); sent as Retry-After. */
    readonly retryAfterSeconds?: number,
  ) {
    super(detail ? `${code} : ${detail}` : code);
    this.name = 'IdentityError';
  }
}

interface GoogleErrorBody {
  error: {
    code: number;
    message: string;
    errors: Array<{ message: string; domain: string; reason: string }>;
    status?: string;
  };
}

export function googleErrorBody(error: IdentityError): GoogleErrorBody {
  return {
    error: {
      code: error.httpStatus,
      message: error.message,
      errors: [{ message: error.message, domain: 'global', reason: error.reason }],
      ...(error.googleStatus ? { status: error.googleStatus } : {}),
    },
  };
}

/** Exact production texts (as Google's service answers them). */
export const WEAK_PASSWORD_DETAIL = 'Password should be at least 6 characters';
/** Ours: Google's service names no maximum, but hashing megabytes per attempt is no password policy. */
export const MAX_PASSWORD_LENGTH = 4096;
export const LONG_PASSWORD_DETAIL = `Password may be at most ${MAX_PASSWORD_LENGTH} characters`;
export const ACCOUNT_LOCKED_DETAIL =
  'Access to this account has been temporarily disabled due to many failed login attempts. You can immediately restore it by resetting your password or you can try again later.';
const MISSING_API_KEY_MESSAGE = 'The request is missing a valid API key.';
const BAD_API_KEY_MESSAGE = 'API key not valid. Please pass a valid API key.';

export const identityErrors = {
  missingApiKey: () =>
    new IdentityError(MISSING_API_KEY_MESSAGE, undefined, 403, 'PERMISSION_DENIED', 'forbidden'),
  badApiKey: () => new IdentityError(BAD_API_KEY_MESSAGE, undefined, 400, 'INVALID_ARGUMENT', 'badRequest'),
  tooManyAttempts: (retryAfterSeconds: number, detail?: string) =>
    new IdentityError('TOO_MANY_ATTEMPTS_TRY_LATER', detail, 400, undefined, 'invalid', retryAfterSeconds),
} as const;
