// What a failed Jira call means for a review job: Jira's refusal is final, anything else is tried again.
import { backoffMs, type Job, type JobOutcome } from '../jobs/jobs.ts';
import { TrackerError } from '../tracker/jira-errors.ts';

/** Jira said no for good (4xx other than 408 and 429): retrying would not help. */
export function refusedByJira(error: unknown): error is TrackerError {
  return (
    error instanceof TrackerError &&
    error.jiraStatus !== undefined &&
    error.jiraStatus >= 400 &&
    error.jiraStatus < 500 &&
    error.jiraStatus !== 429 &&
    error.jiraStatus !== 408
  );
}

/** Jira, or the way to it, failed for now (429, 5xx, time-outs, dropped connections). */
export function failedForNow(error: unknown): error is TrackerError {
  return error instanceof TrackerError && !refusedByJira(error);
}

/** Try again after Jira's Retry-After when it sent one, else after the queue's back-off; at least 1 s. */
export function retryLater(now: Date, job: Job, error: TrackerError): JobOutcome {
  const wait = Math.max(1_000, error.retryAfterMs ?? backoffMs(job.attempts));
  return { retryAt: new Date(now.getTime() + wait), error: error.message };
}
