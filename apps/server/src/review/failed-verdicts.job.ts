// The job queued with a submission that has Failed verdicts: e-mails the owner whose Jira token writes the
// verdicts back (else the member who added the project), kept in the outbox without SMTP_URL. It runs with
// the submission's write-back, once the verdicts have been quiet (WRITE_BACK_QUIET_SECONDS). The first
// e-mail of a notice goes then; later ones within 10 minutes of it are held and go as one, listing every
// story whose latest verdict failed in that time, so a review link can't flood the owner's mailbox.
import { findUserEmail } from '../accounts/users.repository.ts';
import { backoffMs, type Job, type JobOutcome } from '../jobs/jobs.ts';
import { mailServerRefused } from '../mail/mailer.ts';
import { sendFailedVerdictsNotice } from '../messages/staff-notices.ts';
import { claimFailedMail, linkOfSubmission, releaseFailedMail } from './quiet-write-back.repository.ts';
import type { ReviewDeps } from './review.service.ts';
import { ownerCredentials } from './review-credentials.ts';

export const REVIEW_FAILED_MAIL_JOB = 'review-failed-mail';
/** How long after an owner's Failed e-mail of a notice the next one is held. */
const FAILED_MAIL_HOLD_MS = 10 * 60_000;

export async function failedVerdictsJob(deps: ReviewDeps, job: Job): Promise<JobOutcome> {
  const linkId =
    typeof job.payload.linkId === 'string'
      ? job.payload.linkId
      : await linkOfSubmission(deps.db, String(job.payload.submissionId));
  if (!linkId) return { done: true };
  const now = deps.now();
  const claim = await claimFailedMail(deps.db, linkId, {
    now,
    holdMs: FAILED_MAIL_HOLD_MS,
    settledBefore: new Date(now.getTime() - deps.writeBackQuietMs),
  });
  if (claim.kind === 'held') {
    return {
      retryAt: claim.until,
      error: 'Held: the owner was told of Failed verdicts of this notice lately.',
    };
  }
  if (claim.kind === 'nothing') return { done: true };
  const { notice, stories, previous } = claim;
  const release = () => releaseFailedMail(deps.db, linkId, now, previous);
  const owner =
    (await ownerCredentials(deps, notice.workspace_id, notice.user_id)) ??
    (await findUserEmail(deps.db, notice.user_id));
  if (!owner) {
    await release();
    return { failed: 'The project has no owner to tell.' };
  }
  const summaryOf = (key: string) => notice.stories?.find((story) => story.key === key)?.summary ?? key;
  try {
    await sendFailedVerdictsNotice(deps.mailer, owner.email, {
      projectName: notice.project_name,
      projectKey: notice.project_key,
      sentAt: notice.finished_at ?? notice.created_at,
      subject: notice.subject,
      stories: stories.map((row) => ({
        key: row.issue_key,
        summary: summaryOf(row.issue_key),
        comment: row.comment,
      })),
    });
    return { done: true };
  } catch (error) {
    await release();
    if (mailServerRefused(error)) return { failed: 'The mail server refused the e-mail.' };
    return { retryAt: new Date(now.getTime() + backoffMs(job.attempts)), error: String(error) };
  }
}
