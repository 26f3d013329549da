import type { Db } from '../db/database.ts';
import {
  addHits,
  clearAndForgive,
  deleteCounter,
  deleteCountersByPrefix,
  deleteEndedCounters,
} from './rate-limits.repository.ts';

/** At most `max` hits per fixed window of `windowMs`, starting at the first hit. */
export interface RateRule {
  max: number;
  windowMs: number;
}

interface HitResult {
  key: string;
  hits: number;
  allowed: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the `rate_limits` table (rate-limits.repository.ts), so that limits hold
 * across every server process sharing the database. Each hit is one atomic upsert; no process keeps
 * counts in memory.
 */
export class RateLimiter {
  private hitsSinceSweep = 0;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /**
   * Counts one hit on every key (one statement) and says, per key, whether it is still within its rule.
   * `db` may be a transaction, so the hit commits or rolls back with it.
   */
  async hit(entries: ReadonlyArray<{ key: string; rule: RateRule }>, db: Db = this.db): Promise<HitResult[]> {
    if (entries.length === 0) return [];
    const now = new Date(this.now());
    const counters = await addHits(
      db,
      entries.map(({ key, rule }) => ({ key, windowMs: rule.windowMs })),
      now,
    );
    // Not inside the caller's transaction, which should stay short and lock only what it counts; the
    // table is shared, so the next hit outside one (of any limiter) sweeps it.
    if (db === this.db) await this.maybeSweep(now);
    return entries.map(({ key, rule }) => {
      const counter = counters.find((c) => c.key === key);
      const hits = counter?.hits ?? 1;
      const resetAt = counter ? counter.resetAt.getTime() : now.getTime() + rule.windowMs;
      return {
        key,
        hits,
        allowed: hits <= rule.max,
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000)),
      };
    });
  }

  /**
   * After a success that is not a guess (a sign-in): sets the `clear` counter to zero and takes one hit
   * back from each of `forgive`, in one statement. Like `hit`, it locks rows in key order, so concurrent
   * sign-ins of one account never deadlock on PostgreSQL.
   */
  async succeeded(clear: string, forgive: string[]): Promise<void> {
    await clearAndForgive(this.db, clear, forgive);
  }

  async clear(key: string): Promise<void> {
    await deleteCounter(this.db, key);
  }

  /** Removes every counter whose key starts with `prefix`. */
  async clearPrefix(prefix: string): Promise<void> {
    await deleteCountersByPrefix(this.db, prefix);
  }

  /** Now and then, drops counters whose window has ended, so the table stays small. */
  private async maybeSweep(now: Date): Promise<void> {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < 200) return;
    this.hitsSinceSweep = 0;
    await deleteEndedCounters(this.db, now);
  }
}
