// A durable job queue in the database, shared by every server process: a job is claimed by exactly one
// process (FOR UPDATE SKIP LOCKED) for a lease; a process that stops mid-job lets the lease run out and
// another takes the job over. Jobs survive restarts; a job that fails is tried again later.
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import {
  claimDueJobs,
  ensurePeriodicJob,
  insertJobs,
  type JobSettlement,
  renewLease,
  settleJob,
} from './jobs.repository.ts';

export interface Job {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  /** Including this one: above 1, an earlier attempt may have done part of the work. */
  attempts: number;
  /**
   * Set once this process could not renew its lease while the job ran: another process may have taken
   * the job over, so work that must not be done twice is checked for first.
   */
  leaseLost?: boolean;
}

/**
 * What a job's handler says: done; try again at a time; given up for good (recorded); or, for a periodic
 * job, its next turn (with the error of this one, if it failed).
 */
export type JobOutcome =
  | { done: true }
  | { retryAt: Date; error: string }
  | { failed: string }
  | { nextTurn: Date; error: string | null };

type JobHandler = (job: Job) => Promise<JobOutcome>;

export interface JobQueueOptions {
  /**
   * A claimed job belongs to its process this long; then another process may take it over. The lease is
   * renewed every third of it while the job runs, so only a process that stopped (or can't reach the
   * database) loses a job it is still running.
   */
  leaseMs?: number;
  /** Test seam: false stands for a process that stopped mid-job (its lease is no longer renewed). */
  renewLeases?: boolean;
  /** How often each process looks for due jobs (a job queued in this process is started at once). */
  pollMs?: number;
  /** Attempts before a job that keeps throwing is given up. */
  maxAttempts?: number;
  now?: () => Date;
}

const CLAIM_BATCH = 10;

export class JobQueue {
  readonly owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly handlers = new Map<string, JobHandler>();
  private readonly leaseMs: number;
  private readonly renewLeases: boolean;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  /** Periodic kinds, their interval, and when this process last knew the next turn to be due. */
  private readonly periodic = new Map<string, { intervalMs: number; knownNext: Date }>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    options: JobQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 120_000;
    this.renewLeases = options.renewLeases ?? true;
    this.pollMs = options.pollMs ?? 1_000;
    this.maxAttempts = options.maxAttempts ?? 25;
    this.now = options.now ?? (() => new Date());
  }

  handle(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Queues a job, in the caller's transaction when given one. */
  async enqueue(
    executor: Db | Transaction<Database>,
    kind: string,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await insertJobs(executor, [{ kind, payload, runAfter: this.now() }]);
  }

  /**
   * Periodic work (an auto-send round, the ledger's sweep, reminders): `task` runs every `intervalMs`,
   * in one process at a time (its job row's lease), whichever process finds it due first; then its row is
   * queued for the next turn. A task that throws is logged and runs again next turn, never given up.
   * Register before start().
   */
  every(kind: string, intervalMs: number, task: (now: Date) => Promise<unknown>): void {
    this.periodic.set(kind, { intervalMs, knownNext: this.now() });
    this.handle(kind, async () => {
      let error: string | null = null;
      try {
        await task(this.now());
      } catch (thrown) {
        error = thrown instanceof Error ? thrown.message : String(thrown);
        this.log.error({ err: thrown, kind }, 'a periodic job failed');
      }
      const nextTurn = new Date(this.now().getTime() + intervalMs);
      this.periodic.set(kind, { intervalMs, knownNext: nextTurn });
      return { nextTurn, error };
    });
  }

  /**
   * When a periodic job's next turn is due, as this process last saw it (another process may run a turn
   * a little earlier or later); null for a kind not registered.
   */
  nextTurnOf(kind: string): Date | null {
    const periodic = this.periodic.get(kind);
    if (!periodic) return null;
    const now = this.now().getTime();
    const known = periodic.knownNext.getTime();
    if (known >= now) return periodic.knownNext;
    return new Date(known + Math.ceil((now - known) / periodic.intervalMs) * periodic.intervalMs);
  }

  /** Makes sure each periodic job has its row (due at once when new). */
  async ensurePeriodicJobs(): Promise<void> {
    for (const [kind, periodic] of this.periodic) {
      const knownNext = await ensurePeriodicJob(this.db, periodicJobId(kind), kind, this.now());
      this.periodic.set(kind, { ...periodic, knownNext });
    }
  }

  /** Starts looking for due jobs now and every pollMs (after making sure the periodic jobs exist). */
  async start(): Promise<void> {
    this.stopped = false;
    await this.ensurePeriodicJobs();
    this.wake();
  }

  /** Stops polling and waits for the jobs in hand. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs due jobs soon (after a job was queued in this process). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain()
      .then(() => undefined)
      .catch((error: unknown) => this.log.error({ err: error }, 'the job queue failed'))
      .finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
        } else {
          this.timer = setTimeout(() => this.wake(), this.pollMs);
          this.timer.unref();
        }
      });
  }

  /** Claims and runs due jobs until there are none; returns how many ran. */
  async drain(): Promise<number> {
    let ran = 0;
    for (;;) {
      const jobs = await this.claim();
      if (jobs.length === 0) return ran;
      await Promise.all(jobs.map((job) => this.run(job)));
      ran += jobs.length;
      if (this.stopped) return ran;
    }
  }

  private async claim(): Promise<Job[]> {
    const now = this.now();
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return [];
    return claimDueJobs(this.db, {
      owner: this.owner,
      kinds,
      now,
      leaseUntil: new Date(now.getTime() + this.leaseMs),
      limit: CLAIM_BATCH,
    });
  }

  private async run(job: Job): Promise<void> {
    const handler = this.handlers.get(job.kind);
    let outcome: JobOutcome;
    const renewal = this.keepLease(job);
    try {
      outcome = handler ? await handler(job) : { failed: `No handler for jobs of kind ${job.kind}` };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error({ err: error, jobId: job.id, kind: job.kind }, 'a job failed');
      outcome =
        job.attempts >= this.maxAttempts
          ? { failed: message }
          : { retryAt: new Date(this.now().getTime() + backoffMs(job.attempts)), error: message };
    } finally {
      clearInterval(renewal);
    }
    if ('retryAt' in outcome && job.attempts >= this.maxAttempts) outcome = { failed: outcome.error };
    if ('nextTurn' in outcome) {
      const next: JobSettlement = {
        state: 'queued',
        runAfter: outcome.nextTurn,
        error: outcome.error,
        attemptsAgain: true,
      };
      await settleJob(this.db, job.id, this.owner, next);
      return;
    }
    // Only while the lease is still ours: a job taken over by another process is theirs to finish.
    const settlement: JobSettlement =
      'done' in outcome
        ? { state: 'done', finishedAt: this.now() }
        : 'failed' in outcome
          ? { state: 'failed', error: outcome.failed, finishedAt: this.now() }
          : { state: 'queued', runAfter: outcome.retryAt, error: outcome.error };
    await settleJob(this.db, job.id, this.owner, settlement);
  }

  /**
   * Renews the job's lease every third of it while it runs (a slow Jira must not let a second process
   * start the same work); marks the job when a renewal fails. Returns the timer to clear.
   */
  private keepLease(job: Job): NodeJS.Timeout | undefined {
    if (!this.renewLeases) return undefined;
    const timer = setInterval(
      () => {
        const until = new Date(this.now().getTime() + this.leaseMs);
        renewLease(this.db, job.id, this.owner, until)
          .then((renewed) => {
            if (!renewed) job.leaseLost = true;
          })
          .catch((error: unknown) => {
            job.leaseLost = true;
            this.log.warn({ err: error, jobId: job.id }, "could not renew a job's lease");
          });
      },
      Math.max(1, Math.floor(this.leaseMs / 3)),
    );
    timer.unref();
    return timer;
  }
}

/** The fixed id of a periodic job's one row: a UUID made from its kind. */
function periodicJobId(kind: string): string {
  const hex = createHash('sha256').update(`periodic:${kind}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** 1 s, 2 s, 4 s … up to 10 minutes between attempts, after the attempts-th one. */
export function backoffMs(attempts: number): number {
  return Math.min(600_000, 1_000 * 2 ** Math.min(Math.max(attempts - 1, 0), 20));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (work that must outlive a restart), shared with every server process. */
    jobs: JobQueue;
  }
}

export interface JobsPluginOptions extends JobQueueOptions {
  /** Whether this process runs jobs (default yes; a test may keep the queue still and drain it by hand). */
  run?: boolean;
}

/**
 * Decorates the app with `app.jobs` and runs the queue with the app: started when the app is ready (every
 * module has registered its handlers by then), stopped when it closes.
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { run = true, ...options }) => {
    const jobs = new JobQueue(app.db, app.log, options);
    app.decorate('jobs', jobs);
    if (run) app.addHook('onReady', () => jobs.start());
    // Before any plugin closes what a running job uses (the mailer, the trackers' connections).
    app.addHook('preClose', async () => jobs.stop());
  },
  { name: 'jobs' },
);
