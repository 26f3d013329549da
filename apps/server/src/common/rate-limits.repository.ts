// The `rate_limits` table: fixed-window counters by key, shared by every server process. Every
// statement here locks counter rows in one order (inLockOrder), so concurrent ones never deadlock on
// PostgreSQL.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

interface CounterState {
  key: string;
  hits: number;
  resetAt: Date;
}

/**
 * Counts one hit on every counter in one upsert: a counter whose window ended at `now` (or that does
 * not exist yet) starts again at 1 with a window of its `windowMs`.
 */
export async function addHits(
  db: Db,
  counters: ReadonlyArray<{ key: string; windowMs: number }>,
  now: Date,
): Promise<CounterState[]> {
  const rows = await db
    .insertInto('rate_limits')
    .values(
      inLockOrder(counters.map((counter) => counter.key))
        .map((key) => counters.find((counter) => counter.key === key)!)
        .map(({ key, windowMs }) => ({ key, hits: 1, reset_at: new Date(now.getTime() + windowMs) })),
    )
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.hits + 1 end`,
        reset_at: sql<Date>`case when rate_limits.reset_at <= ${now} then excluded.reset_at else rate_limits.reset_at end`,
      }),
    )
    .returning(['key', 'hits', 'reset_at'])
    .execute();
  return rows.map((row) => ({ key: row.key, hits: row.hits, resetAt: new Date(row.reset_at) }));
}

/** Sets the `clear` counter to zero and takes one hit back from each of `forgive`, in one statement. */
export async function clearAndForgive(db: Db, clear: string, forgive: string[]): Promise<void> {
  const keys = inLockOrder([clear, ...forgive]);
  await db
    .with('locked', (q) =>
      q
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'in', keys)
        .orderBy(sql`array_position(${sql.val(keys)}::text[], key)`)
        .forUpdate(),
    )
    .updateTable('rate_limits')
    .set({ hits: sql<number>`case when key = ${clear} then 0 else greatest(hits - 1, 0) end` })
    .where('key', 'in', (q) => q.selectFrom('locked').select('key'))
    .execute();
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Removes every counter whose key starts with `prefix`. */
export async function deleteCountersByPrefix(db: Db, prefix: string): Promise<void> {
  await db.deleteFrom('rate_limits').where(sql<boolean>`starts_with(key, ${prefix})`).execute();
}

/** Drops the counters whose window has ended by `now`. */
export async function deleteEndedCounters(db: Db, now: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute();
}

/** The one order in which statements here lock counters (by code unit, as given to the database). */
function inLockOrder(keys: string[]): string[] {
  return [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
