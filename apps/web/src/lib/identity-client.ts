// A small client for the Identity Toolkit REST API (the Firebase Auth wire protocol). No Firebase SDK:
// the base URLs and the API key come from runtime config, so the same build talks to the server's built-in
// provider or to Google's hosted service.
import { absoluteUrl } from './runtime-config';

export interface SignInResult {
  idToken: string;
  refreshToken: string;
  /** Lifetime of idToken in seconds. */
  expiresIn: number;
  email: string;
  localId: string;
}

interface RefreshResult {
  idToken: string;
  refreshToken: string;
  expiresIn: number;
}

interface PasswordPolicy {
  customStrengthOptions?: {
    minPasswordLength?: number;
    maxPasswordLength?: number;
    containsLowercaseCharacter?: boolean;
    containsUppercaseCharacter?: boolean;
    containsNumericCharacter?: boolean;
    containsNonAlphanumericCharacter?: boolean;
  };
  allowedNonAlphanumericCharacters?: string[];
  enforcementState?: string;
  forceUpgradeOnSignin?: boolean;
  schemaVersion?: number;
}

/**
 * A failed provider call. `code` is the provider's code (the part of `error.message` before " : ", e.g.
 * "EMAIL_NOT_FOUND"); `detail` is the optional human text after it. Network failures have the code
 * NETWORK_REQUEST_FAILED.
 */
export class IdentityError extends Error {
  override name = 'IdentityError';
  constructor(
    readonly code: string,
    readonly status: number,
    readonly detail?: string,
  ) {
    super(detail ? `${code} : ${detail}` : code);
  }
}

interface IdentityClientOptions {
  identityToolkitUrl: string;
  secureTokenUrl: string;
  apiKey: string;
}

export interface IdentityClient {
  signInWithPassword(email: string, password: string): Promise<SignInResult>;
  sendPasswordResetEmail(email: string): Promise<void>;
  confirmPasswordReset(oobCode: string, newPassword: string): Promise<void>;
  getPasswordPolicy(): Promise<PasswordPolicy>;
  refreshIdToken(refreshToken: string): Promise<RefreshResult>;
}

function toSeconds(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : 3600;
}

async function readError(response: Response): Promise<IdentityError> {
  let message: unknown;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const error = (body as { error: unknown }).error;
      message =
        typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : error;
    }
  } catch {
    // Not JSON: fall through to the HTTP status.
  }
  if (typeof message !== 'string' || message === '')
    return new IdentityError(`HTTP_${response.status}`, response.status);
  const separator = message.indexOf(' : ');
  return separator === -1
    ? new IdentityError(message, response.status)
    : new IdentityError(message.slice(0, separator), response.status, message.slice(separator + 3));
}

export function createIdentityClient(options: IdentityClientOptions): IdentityClient {
  const key = encodeURIComponent(options.apiKey);
  const toolkit = (path: string) => absoluteUrl(`${options.identityToolkitUrl}${path}?key=${key}`);

  async function call<T>(url: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch {
      throw new IdentityError('NETWORK_REQUEST_FAILED', 0);
    }
    if (!response.ok) throw await readError(response);
    try {
      return (await response.json()) as T;
    } catch {
      throw new IdentityError('INVALID_RESPONSE', response.status);
    }
  }

  const postJson = <T>(path: string, body: unknown) =>
    call<T>(toolkit(path), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  return {
    async signInWithPassword(email, password) {
      const r = await postJson<Record<string, unknown>>('/v1/accounts:signInWithPassword', {
        email,
        password,
        returnSecureToken: true,
      });
      if (typeof r.idToken !== 'string' || typeof r.refreshToken !== 'string') {
        throw new IdentityError('INVALID_RESPONSE', 200);
      }
      return {
        idToken: r.idToken,
        refreshToken: r.refreshToken,
        expiresIn: toSeconds(r.expiresIn),
        email: typeof r.email === 'string' ? r.email : email,
        localId: typeof r.localId === 'string' ? r.localId : '',
      };
    },

    async sendPasswordResetEmail(email) {
      await postJson('/v1/accounts:sendOobCode', { requestType: 'PASSWORD_RESET', email });
    },

    async confirmPasswordReset(oobCode, newPassword) {
      await postJson('/v1/accounts:resetPassword', { oobCode, newPassword });
    },

    getPasswordPolicy() {
      return call<PasswordPolicy>(toolkit('/v2/passwordPolicy'), {
        method: 'GET',
        headers: { 'content-type': 'application/json' },
      });
    },

    async refreshIdToken(refreshToken) {
      const r = await call<Record<string, unknown>>(
        absoluteUrl(`${options.secureTokenUrl}/v1/token?key=${key}`),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }).toString(),
        },
      );
      const idToken = typeof r.id_token === 'string' ? r.id_token : r.access_token;
      if (typeof idToken !== 'string') throw new IdentityError('INVALID_RESPONSE', 200);
      return {
        idToken,
        refreshToken: typeof r.refresh_token === 'string' ? r.refresh_token : refreshToken,
        expiresIn: toSeconds(r.expires_in),
      };
    },
  };
}
