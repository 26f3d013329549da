// The durable job queue on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): each job runs
// in one process at a time, a process that stops mid-job hands it over when its lease runs out, and the
// stopped process can no longer record an outcome for it.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { type Job, JobQueue } from './jobs.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
/** Fastify's own logger with logging off. */
const log = Fastify({ logger: false }).log;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.drop());

async function stateOf(kind: string) {
  return db.selectFrom('jobs').select(['state', 'attempts', 'last_error']).where('kind', '=', kind).execute();
}

describe('the job queue', () => {
  it('runs each job once across queues draining together', async () => {
    const ran: string[] = [];
    const queues = [new JobQueue(db, log), new JobQueue(db, log), new JobQueue(db, log)];
    for (const queue of queues) {
      queue.handle('count', async (job: Job) => {
        ran.push(String(job.payload.n));
        return { done: true };
      });
    }
    for (let n = 0; n < 30; n++) await queues[0]!.enqueue(db, 'count', { n });
    await Promise.all(queues.map((queue) => queue.drain()));
    expect(ran.sort()).toEqual(Array.from({ length: 30 }, (_, n) => String(n)).sort());
    expect((await stateOf('count')).every((job) => job.state === 'done' && job.attempts === 1)).toBe(true);
  });

  it('hands a job over when its lease runs out, and the stopped process cannot record it', async () => {
    let release: () => void = () => {};
    const stuck = new JobQueue(db, log, { leaseMs: 200 });
    stuck.handle('lease', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { failed: 'the stopped process woke up late' };
    });
    await stuck.enqueue(db, 'lease', {});
    const first = stuck.drain();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const other = new JobQueue(db, log, { leaseMs: 200 });
    const attempts: number[] = [];
    other.handle('lease', async (job) => {
      attempts.push(job.attempts);
      return { done: true };
    });
    expect(await other.drain()).toBe(0); // still leased
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await other.drain()).toBe(1);
    expect(attempts).toEqual([2]); // the handler knows an earlier attempt may have done part of it
    release();
    await first;
    expect(await stateOf('lease')).toEqual([{ state: 'done', attempts: 2, last_error: null }]);
  });

  it('retries at the time the handler asks, and gives up after the attempts allowed', async () => {
    const queue = new JobQueue(db, log, { maxAttempts: 2 });
    queue.handle('flaky', async () => {
      throw new Error('Jira is down');
    });
    await queue.enqueue(db, 'flaky', {});
    expect(await queue.drain()).toBe(1);
    expect(await stateOf('flaky')).toMatchObject([
      { state: 'queued', attempts: 1, last_error: 'Jira is down' },
    ]);
    expect(await queue.drain()).toBe(0); // not due yet (1 s)
    await db
      .updateTable('jobs')
      .set({ run_after: new Date(Date.now() - 1) })
      .where('kind', '=', 'flaky')
      .execute();
    expect(await queue.drain()).toBe(1);
    expect(await stateOf('flaky')).toMatchObject([
      { state: 'failed', attempts: 2, last_error: 'Jira is down' },
    ]);
  });
});
