import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** At most `max` hits per fixed window of `windowMs`, starting at the first hit. */
export interface RateRule {
  max: number;
  windowMs: number;
}

export interface HitResult {
  key: string;
  hits: number;
  allowed: boolean;
  /** Seconds until the window ends (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the `rate_limits` table, so that limits hold across every server process
 * sharing the database. Each hit is one atomic upsert; no process keeps counts in memory.
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
    const rows = await db
      .insertInto('rate_limits')
      .values(
        // In key order, as every statement here takes its row locks (see `succeeded`).
        inLockOrder(entries.map((entry) => entry.key))
          .map((key) => entries.find((entry) => entry.key === key)!)
          .map(({ key, rule }) => ({ key, hits: 1, reset_at: new Date(now.getTime() + rule.windowMs) })),
      )
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          hits: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
          reset_at: sql<Date>`case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end`,
        }),
      )
      .returning(['key', 'hits', 'reset_at'])
      .execute();
    // Not inside the caller's transaction, which should stay short and lock only what it counts; the
    // table is shared, so the next hit outside one (of any limiter) sweeps it.
    if (db === this.db) await this.maybeSweep(now);
    return entries.map(({ key, rule }) => {
      const row = rows.find((r) => r.key === key);
      const hits = row?.hits ?? 1;
      const resetAt = row ? new Date(row.reset_at).getTime() : now.getTime() + rule.windowMs;
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
    const keys = inLockOrder([clear, ...forgive]);
    await this.db
      .with('locked', (db) =>
        db
          .selectFrom('rate_limits')
          .select('key')
          .where('key', 'in', keys)
          .orderBy(sql`array_position(${sql.val(keys)}::text[], key)`)
          .forUpdate(),
      )
      .updateTable('rate_limits')
      .set({ hits: sql<number>`case when key = ${clear} then 0 else greatest(hits - 1, 0) end` })
      .where('key', 'in', (db) => db.selectFrom('locked').select('key'))
      .execute();
  }

  async clear(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  /** Removes every counter whose key starts with `prefix`. */
  async clearPrefix(prefix: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where(sql<boolean>`starts_with(key, ${prefix})`).execute();
  }

  /** Now and then, drops counters whose window has ended, so the table stays small. */
  private async maybeSweep(now: Date): Promise<void> {
    this.hitsSinceSweep += 1;
    if (this.hitsSinceSweep < 200) return;
    this.hitsSinceSweep = 0;
    await this.db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
  }
}

/** The one order in which statements here lock counters (by code unit, as given to the database). */
function inLockOrder(keys: string[]): string[] {
  return [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
