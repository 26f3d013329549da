import { LRUCache } from 'lru-cache';

/**
 * How long a verified ID token (and the product user behind it) is trusted without checking again.
 * A password reset, a disabled account or a changed profile made by another server process therefore
 * takes effect within this bound; in the process that made the change it takes effect at once
 * (see `forget`). Documented in the README's sign-in section.
 */
export const TOKEN_CHECK_TTL_MS = 30_000;

/**
 * Answers remembered for at most TOKEN_CHECK_TTL_MS (or until `expiresAtMs`, when sooner), so that a
 * client's every call does not repeat the signature check and the account lookup. Bounded in entries.
 */
export class RecentlyVerified<V extends object> {
  private readonly cache: LRUCache<string, V>;

  constructor(
    private readonly now: () => number,
    max = 5_000,
  ) {
    // ttlResolution 0: every look-up reads the clock (a test's clock moves without timers).
    this.cache = new LRUCache<string, V>({ max, ttl: TOKEN_CHECK_TTL_MS, ttlResolution: 0, perf: { now } });
  }

  get(key: string): V | undefined {
    return this.cache.get(key);
  }

  set(key: string, value: V, expiresAtMs = Number.POSITIVE_INFINITY): void {
    const ttl = Math.min(TOKEN_CHECK_TTL_MS, expiresAtMs - this.now());
    if (ttl > 0) this.cache.set(key, value, { ttl });
  }

  delete(key: string): void {
    this.cache.delete(key);
  }

  /** Drops every entry the predicate picks (a password reset in this process ends its sessions at once). */
  forget(picks: (value: V) => boolean): void {
    for (const [key, value] of this.cache.entries()) if (picks(value)) this.cache.delete(key);
  }
}

/** How much of a token keys its cache entry: the end of its signature. */
const TOKEN_KEY_LENGTH = 32;

/**
 * Verified ID tokens, remembered as RecentlyVerified remembers any answer. A token is about 900
 * characters, and a Map must hash a key it has not seen as a string object before, which every
 * request's header is: that hashing was the costliest step of a cached call's authentication under
 * load. So entries are found by the token's last characters (part of its signature) and a hit counts
 * only if the whole token is the same string; a different token that ends alike is checked afresh.
 */
export class RecentlyVerifiedTokens<V extends object> {
  private readonly byEnding: RecentlyVerified<{ token: string; value: V }>;

  constructor(now: () => number, max?: number) {
    this.byEnding = new RecentlyVerified(now, max);
  }

  get(token: string): V | undefined {
    const entry = this.byEnding.get(token.slice(-TOKEN_KEY_LENGTH));
    return entry?.token === token ? entry.value : undefined;
  }

  set(token: string, value: V, expiresAtMs?: number): void {
    this.byEnding.set(token.slice(-TOKEN_KEY_LENGTH), { token, value }, expiresAtMs);
  }

  /** Drops every token whose answer the predicate picks. */
  forget(picks: (value: V) => boolean): void {
    this.byEnding.forget((entry) => picks(entry.value));
  }
}
