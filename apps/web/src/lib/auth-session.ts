// The signed-in session as kept in local storage: the ID token ("auth-token"), the e-mail ("user-email"),
// and, under our own keys, the refresh token and the token's expiry. It renews the ID token shortly before it
// expires and on demand (after a 401); when renewal is impossible it ends the session and tells its listeners.
import { storageKeys } from '@/config/storage-keys';
import type { IdentityClient, SignInResult } from './identity-client';

/** Renew the ID token when less than this is left (the Firebase SDK uses 30 s; we allow a little more). */
const REFRESH_MARGIN_MS = 60_000;

export interface AuthSession {
  /** The stored ID token, or null when signed out. Stable between changes (for useSyncExternalStore). */
  getToken(): string | null;
  getEmail(): string | null;
  /** Called whenever the stored session changes (here or in another tab). Returns an unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Stores a fresh sign-in. */
  start(result: SignInResult): void;
  /** Removes every session key (sign-out). */
  clear(): void;
  /**
   * A token to send: renews it first when it is about to expire. If that renewal fails the current token is
   * returned anyway; the server's 401 then takes the caller to `refresh()` and, failing that, to `expire()`.
   */
  getValidToken(): Promise<string | null>;
  /** Renews the ID token now (concurrent callers share one request). Rejects when it cannot. */
  refresh(): Promise<string>;
  /** Ends a session that cannot be recovered: clears storage and notifies `onExpired` listeners. */
  expire(): void;
  onExpired(listener: () => void): () => void;
}

interface AuthSessionOptions {
  identity: IdentityClient;
  storage?: Storage;
  now?: () => number;
}

const sessionKeys: readonly string[] = [
  storageKeys.authToken,
  storageKeys.userEmail,
  storageKeys.refreshToken,
  storageKeys.tokenExpiresAt,
];

export function createAuthSession({
  identity,
  storage = window.localStorage,
  now = Date.now,
}: AuthSessionOptions): AuthSession {
  const listeners = new Set<() => void>();
  const expiredListeners = new Set<() => void>();
  let pendingRefresh: Promise<string> | null = null;

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  const saveTokens = (idToken: string, refreshToken: string, expiresInSeconds: number) => {
    storage.setItem(storageKeys.authToken, idToken);
    storage.setItem(storageKeys.refreshToken, refreshToken);
    storage.setItem(storageKeys.tokenExpiresAt, String(now() + expiresInSeconds * 1000));
  };

  const clear = () => {
    for (const key of sessionKeys) storage.removeItem(key);
    // "authUser" is only ever read at start; drop a leftover one so it cannot seed the next user's state.
    storage.removeItem(storageKeys.authUser);
    notify();
  };

  const refresh = (): Promise<string> => {
    if (pendingRefresh) return pendingRefresh;
    const refreshToken = storage.getItem(storageKeys.refreshToken);
    if (!refreshToken) return Promise.reject(new Error('No refresh token is stored'));
    pendingRefresh = identity
      .refreshIdToken(refreshToken)
      .then((result) => {
        // A sign-out while the request ran wins: do not resurrect the session.
        if (storage.getItem(storageKeys.refreshToken) !== refreshToken) {
          throw new Error('The session ended during the refresh');
        }
        saveTokens(result.idToken, result.refreshToken, result.expiresIn);
        notify();
        return result.idToken;
      })
      .finally(() => {
        pendingRefresh = null;
      });
    return pendingRefresh;
  };

  const onStorage = (event: StorageEvent) => {
    if (event.storageArea === storage && (event.key === null || sessionKeys.includes(event.key))) notify();
  };

  return {
    getToken: () => storage.getItem(storageKeys.authToken),
    getEmail: () => storage.getItem(storageKeys.userEmail),

    subscribe(listener) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },

    start(result) {
      saveTokens(result.idToken, result.refreshToken, result.expiresIn);
      storage.setItem(storageKeys.userEmail, result.email);
      notify();
    },

    clear,

    async getValidToken() {
      const token = storage.getItem(storageKeys.authToken);
      if (!token) return null;
      const expiresAt = Number(storage.getItem(storageKeys.tokenExpiresAt));
      const hasRefreshToken = storage.getItem(storageKeys.refreshToken) !== null;
      if (
        hasRefreshToken &&
        Number.isFinite(expiresAt) &&
        expiresAt > 0 &&
        now() >= expiresAt - REFRESH_MARGIN_MS
      ) {
        try {
          return await refresh();
        } catch {
          return storage.getItem(storageKeys.authToken);
        }
      }
      return token;
    },

    refresh,

    expire() {
      clear();
      for (const listener of [...expiredListeners]) listener();
    },

    onExpired(listener) {
      expiredListeners.add(listener);
      return () => {
        expiredListeners.delete(listener);
      };
    },
  };
}
