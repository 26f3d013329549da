// What a failed tracker call means for a review job: the tracker's refusal is final, anything else is
// tried again (the neutral TrackerError says which, tracker/tracker-errors.ts).
import { backoffMs, type Job, type JobOutcome } from '../jobs/jobs.ts';
import { TrackerError } from '../tracker/tracker-errors.ts';

/** The tracker said no for good: retrying would not help. */
export function refusedByTracker(error: unknown): error is TrackerError {
  return error instanceof TrackerError && error.final;
}

/** The tracker, or the way to it, failed for now (rate limits, outages, time-outs, dropped connections). */
export function failedForNow(error: unknown): error is TrackerError {
  return error instanceof TrackerError && !error.final;
}

/** Try again after the wait the tracker asked for, else after the queue's back-off; at least 1 s. */
export function retryLater(now: Date, job: Job, error: TrackerError): JobOutcome {
  const wait = Math.max(1_000, error.retryAfterMs ?? backoffMs(job.attempts));
  return { retryAt: new Date(now.getTime() + wait), error: error.message };
}
