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
    // One clock for both processes, moved by the test: the lease runs out when the test says, however slow
    // the machine (on a busy one, 200 ms of wall time passed before the second process first looked).
    let clock = Date.now();
    const now = () => new Date(clock);
    // A process that stopped mid-job: it no longer renews its lease.
    const stuck = new JobQueue(db, log, { leaseMs: 200, renewLeases: false, now });
    stuck.handle('lease', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { failed: 'the stopped process woke up late' };
    });
    await stuck.enqueue(db, 'lease', {});
    const first = stuck.drain();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const other = new JobQueue(db, log, { leaseMs: 200, now });
    const attempts: number[] = [];
    other.handle('lease', async (job) => {
      attempts.push(job.attempts);
      return { done: true };
    });
    clock += 150;
    expect(await other.drain()).toBe(0); // still leased
    clock += 100;
    expect(await other.drain()).toBe(1);
    expect(attempts).toEqual([2]); // the handler knows an earlier attempt may have done part of it
    release();
    await first;
    expect(await stateOf('lease')).toEqual([{ state: 'done', attempts: 2, last_error: null }]);
  });

  it('renews the lease of a job that runs longer than it, so no other process starts it again', async () => {
    const slow = new JobQueue(db, log, { leaseMs: 150 });
    let runs = 0;
    let leaseLost: boolean | undefined;
    slow.handle('slow', async (job) => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 600));
      leaseLost = job.leaseLost;
      return { done: true };
    });
    await slow.enqueue(db, 'slow', {});
    const running = slow.drain();
    const other = new JobQueue(db, log, { leaseMs: 150 });
    other.handle('slow', async () => {
      runs += 1;
      return { done: true };
    });
    // Three lease lengths later, the other process still finds nothing due.
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 120));
      expect(await other.drain()).toBe(0);
    }
    await running;
    expect(runs).toBe(1);
    expect(leaseLost).toBeUndefined();
    expect(await stateOf('slow')).toEqual([{ state: 'done', attempts: 1, last_error: null }]);
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

  it('runs periodic work once per turn across processes, and again once its interval has passed', async () => {
    let now = new Date('2026-11-28T09:00:00Z');
    const clock = { now: () => now };
    const turns: string[] = [];
    const processes = ['a', 'b', 'c'].map((name) => {
      const queue = new JobQueue(db, log, clock);
      queue.every('round', 60_000, async (at) => {
        turns.push(`${name} ${at.toISOString()}`);
      });
      return queue;
    });
    for (const queue of processes) await queue.ensurePeriodicJobs();
    await Promise.all(processes.map((queue) => queue.drain()));
    expect(turns).toHaveLength(1);
    await Promise.all(processes.map((queue) => queue.drain()));
    expect(turns).toHaveLength(1); // not due again yet
    const ranIn = processes[['a', 'b', 'c'].indexOf(turns[0]!.split(' ')[0]!)]!;
    expect(ranIn.nextTurnOf('round')).toEqual(new Date('2026-11-28T09:01:00Z'));

    now = new Date('2026-11-28T09:01:00Z');
    for (const queue of processes) await queue.ensurePeriodicJobs(); // a restart adds no second row
    await Promise.all(processes.map((queue) => queue.drain()));
    expect(turns).toHaveLength(2);
    expect(turns[1]).toMatch(/ 2026-11-28T09:01:00.000Z$/);
    expect(await stateOf('round')).toEqual([{ state: 'queued', attempts: 0, last_error: null }]);
  });

  it('a periodic task that throws runs again next turn, never given up', async () => {
    let now = new Date('2026-11-28T10:00:00Z');
    const queue = new JobQueue(db, log, { now: () => now, maxAttempts: 1 });
    let turns = 0;
    queue.every('failing-round', 60_000, async () => {
      turns += 1;
      throw new Error('the tracker is down');
    });
    await queue.ensurePeriodicJobs();
    expect(await queue.drain()).toBe(1);
    expect(await stateOf('failing-round')).toEqual([
      { state: 'queued', attempts: 0, last_error: 'the tracker is down' },
    ]);
    now = new Date('2026-11-28T10:01:00Z');
    expect(await queue.drain()).toBe(1);
    expect(turns).toBe(2);
    expect(await stateOf('failing-round')).toMatchObject([{ state: 'queued' }]);
  });
});
