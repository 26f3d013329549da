// Writing a verdict back to Jira (main README, "Written back durably" and "The comment"): one job per
// verdict posts its comment, marked so that a retry finds a comment an earlier attempt may have posted,
// then moves the issue through the transition the project chose, if any. The job runs once the verdict
// has been quiet for WRITE_BACK_QUIET_SECONDS: a verdict the client changed since is superseded and never
// written, and a latest verdict that says what the last comment said posts nothing again.
import type { Job, JobOutcome } from '../jobs/jobs.ts';
import { failedForNow, refusedByJira, retryLater } from './jira-failures.ts';
import { hasLaterVerdict, lastWrittenVerdict, markSuperseded } from './quiet-write-back.repository.ts';
import { findVerdictToWriteBack, recordWriteBack, setJiraCommentId } from './review.repository.ts';
import type { ReviewDeps } from './review.service.ts';
import { writerCredentials } from './review-credentials.ts';

export const REVIEW_WRITE_BACK_JOB = 'review-write-back';
/** A verdict Jira keeps refusing to take (429/5xx/time-outs) is given up after this many attempts. */
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
    // Toggled away and back within the quiet period: Jira already says this.
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
      "Neither the notice's sender nor an owner of the workspace has a Jira API token to write the verdict with.",
    );
    return { done: true };
  }
  try {
    const tracker = await deps.trackerOf(row.workspace_id, row.site_id);
    if (!row.jira_comment_id) {
      let commentId: string | undefined;
      if (job.attempts > 1 || job.leaseLost) {
        // An earlier attempt may have posted it and then timed out or stopped, or, with the lease lost,
        // another process may be running this job: look before posting again.
        commentId = await tracker.findVerdictComment(credentials, row.issue_key, row.id);
      }
      commentId ??= (
        await tracker.addVerdictComment(credentials, row.issue_key, {
          id: row.id,
          verdict: row.verdict,
          comment: row.comment,
          reviewer: row.reviewer,
          sentAt: row.finished_at ?? row.created_at,
          subject: row.subject,
        })
      ).id;
      await setJiraCommentId(deps.db, row.id, commentId);
    }
    const transition = row.verdict === 'failed' ? row.review_on_failed : row.review_on_passed;
    let note: string | null = null;
    if (transition) {
      try {
        await tracker.transitionIssue(credentials, row.issue_key, transition.id);
      } catch (error) {
        if (!refusedByJira(error)) throw error;
        note = `The comment was written, but Jira refused the transition “${transition.name}”: ${error.message}`;
      }
    }
    await record('written', note);
    return { done: true };
  } catch (error) {
    if (refusedByJira(error)) {
      await record('refused', error.message);
      return { done: true };
    }
    if (!failedForNow(error)) throw error;
    if (job.attempts >= WRITE_BACK_MAX_ATTEMPTS) {
      await record(
        'refused',
        `Jira did not take the comment after ${job.attempts} attempts: ${error.message}`,
      );
      return { done: true };
    }
    deps.log.warn({ verdictId: row.id, err: error }, 'writing a verdict to Jira failed; will retry');
    return retryLater(deps.now(), job, error);
  }
}
