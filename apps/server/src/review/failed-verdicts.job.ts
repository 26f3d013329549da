// The job queued with a submission that has Failed verdicts: e-mails the owner whose Jira token writes the
// verdicts back (else the member who added the project), kept in the outbox without SMTP_URL.
import { findUserEmail } from '../accounts/users.repository.ts';
import { backoffMs, type Job, type JobOutcome } from '../jobs/jobs.ts';
import { mailServerRefused } from '../mail/mailer.ts';
import { sendFailedVerdictsNotice } from '../messages/staff-notices.ts';
import { failedVerdictsOfSubmission } from './review.repository.ts';
import type { ReviewDeps } from './review.service.ts';
import { ownerCredentials } from './review-credentials.ts';

export const REVIEW_FAILED_MAIL_JOB = 'review-failed-mail';

export async function failedVerdictsJob(deps: ReviewDeps, job: Job): Promise<JobOutcome> {
  const rows = await failedVerdictsOfSubmission(deps.db, String(job.payload.submissionId));
  const first = rows[0];
  if (!first) return { done: true };
  const owner =
    (await ownerCredentials(deps, first.workspace_id, first.user_id)) ??
    (await findUserEmail(deps.db, first.user_id));
  if (!owner) return { failed: 'The project has no owner to tell.' };
  const summaryOf = (key: string) => first.stories?.find((story) => story.key === key)?.summary ?? key;
  try {
    await sendFailedVerdictsNotice(deps.mailer, owner.email, {
      projectName: first.project_name,
      projectKey: first.project_key,
      sentAt: first.finished_at ?? first.created_at,
      subject: first.subject,
      stories: rows.map((row) => ({
        key: row.issue_key,
        summary: summaryOf(row.issue_key),
        comment: row.comment,
      })),
    });
    return { done: true };
  } catch (error) {
    if (mailServerRefused(error)) return { failed: 'The mail server refused the e-mail.' };
    return { retryAt: new Date(deps.now().getTime() + backoffMs(job.attempts)), error: String(error) };
  }
}
