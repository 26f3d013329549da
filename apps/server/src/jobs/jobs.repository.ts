// The `jobs` table: queuing, claiming under a lease, and settling a job's outcome. The queue's rules are in
// jobs.ts; nothing here knows what a job does.
import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Job } from './jobs.ts';

type Executor = Kysely<Database> | Transaction<Database>;

interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  runAfter: Date;
}

/** Queues jobs in one statement, in the caller's transaction when given one. */
export async function insertJobs(db: Executor, jobs: readonly NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insertInto('jobs')
    .values(
      jobs.map((job) => ({ kind: job.kind, payload: JSON.stringify(job.payload), run_after: job.runAfter })),
    )
    .execute();
}

/**
 * The statement that queues one job per row of `source`, a CTE of the caller's statement (`with link as
 * (insert … returning id) ${this}`), so a row and the job that follows it up are written in one round trip.
 * The payload's fields are columns of the CTE: `{ linkId: 'id' }` gives `{"linkId": source.id}`.
 */
export function insertJobPerRow(
  source: string,
  kind: string,
  payloadColumns: Record<string, string>,
  runAfter: Date,
): RawBuilder<unknown> {
  const fields = Object.entries(payloadColumns).map(
    ([name, column]) => sql`${sql.lit(name)}, ${sql.ref(`${source}.${column}`)}`,
  );
  return sql`insert into jobs (kind, payload, run_after)
    select ${kind}, jsonb_build_object(${sql.join(fields)}), ${runAfter} from ${sql.table(source)}`;
}

/**
 * Takes up to `limit` due jobs of the given kinds for `owner` until `leaseUntil`: queued ones whose time
 * has come, and running ones whose lease ran out (their process stopped). Rows another process is
 * claiming at the same moment are skipped, so each job goes to one process.
 */
export async function claimDueJobs(
  db: Executor,
  claim: { owner: string; kinds: readonly string[]; now: Date; leaseUntil: Date; limit: number },
): Promise<Job[]> {
  const result = await sql<Job>`
      UPDATE jobs SET state = 'running', lease_owner = ${claim.owner}, lease_until = ${claim.leaseUntil},
        attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM jobs
        WHERE kind = ANY(${sql.val(claim.kinds)}::text[])
          AND ((state = 'queued' AND run_after <= ${claim.now}) OR (state = 'running' AND lease_until < ${claim.now}))
        ORDER BY run_after, id
        LIMIT ${claim.limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING id, kind, payload, attempts`.execute(db);
  return result.rows;
}

export type JobSettlement =
  | { state: 'done'; finishedAt: Date }
  | { state: 'failed'; error: string; finishedAt: Date }
  | { state: 'queued'; runAfter: Date; error: string | null; attemptsAgain?: boolean };

/** Records a job's outcome, only while `owner` still holds its lease: a job taken over is the other's to finish. */
export async function settleJob(
  db: Executor,
  id: string,
  owner: string,
  settlement: JobSettlement,
): Promise<void> {
  const settled =
    settlement.state === 'done'
      ? { state: 'done' as const, finished_at: settlement.finishedAt }
      : settlement.state === 'failed'
        ? { state: 'failed' as const, last_error: settlement.error, finished_at: settlement.finishedAt }
        : {
            state: 'queued' as const,
            run_after: settlement.runAfter,
            last_error: settlement.error,
            // A periodic job's next turn is a new run, not another attempt at this one.
            ...(settlement.attemptsAgain ? { attempts: 0 } : {}),
          };
  await db
    .updateTable('jobs')
    .set({ ...settled, lease_owner: null, lease_until: null })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .execute();
}

/** Extends the lease of a job `owner` still holds; false when it no longer holds it. */
export async function renewLease(db: Executor, id: string, owner: string, until: Date): Promise<boolean> {
  const renewed = await db
    .updateTable('jobs')
    .set({ lease_until: until })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .returning('id')
    .executeTakeFirst();
  return renewed !== undefined;
}

/**
 * The one row of a periodic job (its id fixed by its kind): inserted queued to run at `runAfter` unless
 * there is one, revived if it ever ended. Returns when it is next due.
 */
export async function ensurePeriodicJob(
  db: Executor,
  id: string,
  kind: string,
  runAfter: Date,
): Promise<Date> {
  await db
    .insertInto('jobs')
    .values({ id, kind, payload: '{}', run_after: runAfter })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({
          state: 'queued',
          lease_owner: null,
          lease_until: null,
          attempts: 0,
          run_after: runAfter,
        })
        .where('jobs.state', 'in', ['done', 'failed']),
    )
    .execute();
  const row = await db.selectFrom('jobs').select('run_after').where('id', '=', id).executeTakeFirstOrThrow();
  return row.run_after;
}
