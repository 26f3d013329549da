// Writing a verdict back to the tracker (main README, "Written back durably" and "The comment"): one job per
// verdict has the tracker write its comment, marked so that a retry finds a comment an earlier attempt may
// have posted, then move the story as the project chose, if it did (Tracker.writeVerdict). The job runs once
// the verdict has been quiet for WRITE_BACK_QUIET_SECONDS: a verdict the client changed since is superseded
// and never written, and a latest verdict that says what the last comment said posts nothing again.
import { trackerNameOf } from '@handoff/core/tracker-kinds';
import type { Job, JobOutcome } from '../jobs/jobs.ts';
import { hasLaterVerdict, lastWrittenVerdict, markSuperseded } from './quiet-write-back.repository.ts';
import { findVerdictToWriteBack, recordWriteBack, setJiraCommentId } from './review.repository.ts';
import type { ReviewDeps } from './review.service.ts';
import { writerCredentials } from './review-credentials.ts';
import { failedForNow, refusedByTracker, retryLater } from './tracker-failures.ts';

export const REVIEW_WRITE_BACK_JOB = 'review-write-back';
/** A verdict the tracker keeps failing to take (429/5xx/time-outs) is given up after this many attempts. */
const WRITE_BACK_MAX_ATTEMPTS = 20;

// The marker is the tracker seam's (tracker.ts): every tracker writes it.
export { verdictMarker } from '../tracker/tracker.ts';

export async function writeBackJob(deps: ReviewDeps, job: Job): Promise<JobOutcome> {
  const row = await findVerdictToWriteBack(deps.db, String(job.payload.verdictId));
  if (row?.write_back !== 'pending') return { done: true };
  const place = {
    id: row.id,
    link_id: row.link_id,
    issue_key: row.issue_key,
    created_at: row.verdict_created_at,
  };
  if (await hasLaterVerdict(deps.db, place)) {
    await markSuperseded(deps.db, row.id);
    return { done: true };
  }
  const written = await lastWrittenVerdict(deps.db, place);
  if (
    written?.jira_comment_id &&
    written.verdict === row.verdict &&
    written.comment === row.comment &&
    written.reviewer === row.reviewer
  ) {
    // Toggled away and back within the quiet period: the tracker already says this.
    await setJiraCommentId(deps.db, row.id, written.jira_comment_id);
    await recordWriteBack(deps.db, row.id, 'written', null, written.written_as);
    return { done: true };
  }
  const credentials = await writerCredentials(deps, {
    workspaceId: row.workspace_id,
    trigger: row.trigger,
    senderId: row.trigger === 'auto' ? row.autosend_user_id : row.sent_by_user_id,
    siteId: row.site_id,
  });
  const record = (state: 'written' | 'refused', error: string | null) =>
    recordWriteBack(deps.db, row.id, state, error, credentials?.writtenAs ?? null);
  if (!credentials) {
    await record(
      'refused',
      "Neither the notice's sender nor an owner of the workspace has a credential for the project's tracker site to write the verdict with.",
    );
    return { done: true };
  }
  try {
    const tracker = await deps.trackerOf(row.workspace_id, row.site_id);
    const move = row.verdict === 'failed' ? row.review_on_failed : row.review_on_passed;
    const { moveRefused } = await tracker.writeVerdict(credentials, row.issue_key, {
      verdict: {
        id: row.id,
        verdict: row.verdict,
        comment: row.comment,
        reviewer: row.reviewer,
        sentAt: row.finished_at ?? row.created_at,
        subject: row.subject,
      },
      writtenCommentId: row.jira_comment_id,
      // An earlier attempt may have posted it and then timed out or stopped, or, with the lease lost,
      // another process may be running this job: the tracker looks before posting again.
      mayHaveWritten: job.attempts > 1 || job.leaseLost === true,
      move,
      commented: (commentId) => setJiraCommentId(deps.db, row.id, commentId),
    });
    const note =
      moveRefused && move
        ? `The comment was written, but ${trackerNameOf(tracker.kind)} refused the transition “${move.name}”: ${moveRefused.message}`
        : null;
    await record('written', note);
    return { done: true };
  } catch (error) {
    if (refusedByTracker(error)) {
      await record('refused', error.message);
      return { done: true };
    }
    if (!failedForNow(error)) throw error;
    if (job.attempts >= WRITE_BACK_MAX_ATTEMPTS) {
      await record(
        'refused',
        `The tracker did not take the comment after ${job.attempts} attempts: ${error.message}`,
      );
      return { done: true };
    }
    deps.log.warn({ verdictId: row.id, err: error }, 'writing a verdict to the tracker failed; will retry');
    return retryLater(deps.now(), job, error);
  }
}
