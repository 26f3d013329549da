// The client's sign-off of a notice (main README, "The client's review"): once every story has a verdict,
// the client signs with their name; the name, the time and each story's verdict at that moment are kept,
// the notice's verdicts are final from then on, and the project's owner gets a summary by e-mail (a job,
// queued in the same transaction). A sign-off with Failed stories is a conditional one.
import { REVIEW_SIGN_OFF_INCOMPLETE } from '@handoff/core/api';
import { findUserEmail } from '../accounts/users.repository.ts';
import { badRequest } from '../errors.ts';
import { insertJobs } from '../jobs/jobs.repository.ts';
import { backoffMs, type Job, type JobOutcome } from '../jobs/jobs.ts';
import { mailServerRefused } from '../mail/mailer.ts';
import { sendSignOffSummary } from '../messages/staff-notices.ts';
import { findSignOff, latestVerdicts, lockLink, recordSignOff } from './review.repository.ts';
import { alreadySignedOff, type OpenLink, type ReviewDeps } from './review.service.ts';
import { ownerCredentials } from './review-credentials.ts';

export const REVIEW_SIGN_OFF_MAIL_JOB = 'review-sign-off-mail';

/** Signs the notice off in the reviewer's name; 400 while a story has no verdict, 409 when signed before. */
export async function signOff(deps: ReviewDeps, link: OpenLink, reviewer: string): Promise<void> {
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    if ((await lockLink(trx, link.id)).signedOff) throw alreadySignedOff();
    const latest = (await latestVerdicts(trx, [link.id])).get(link.id);
    const verdicts = link.issueKeys.map((key) => ({ key, verdict: latest?.get(key)?.verdict }));
    if (verdicts.some((v) => !v.verdict)) throw badRequest(REVIEW_SIGN_OFF_INCOMPLETE, 'REVIEW_NOT_ANSWERED');
    const final = verdicts.map((v) => ({ key: v.key, verdict: v.verdict as 'passed' | 'failed' }));
    if (!(await recordSignOff(trx, link.id, { by: reviewer, at: now, verdicts: final }))) {
      throw alreadySignedOff();
    }
    await insertJobs(trx, [{ kind: REVIEW_SIGN_OFF_MAIL_JOB, payload: { linkId: link.id }, runAfter: now }]);
  });
  deps.jobs.wake();
}

export async function signOffMailJob(deps: ReviewDeps, job: Job): Promise<JobOutcome> {
  const row = await findSignOff(deps.db, String(job.payload.linkId));
  if (!row?.signed_off_at) return { done: true };
  const owner =
    (await ownerCredentials(deps, row.workspace_id, row.user_id)) ??
    (await findUserEmail(deps.db, row.user_id));
  if (!owner) return { failed: 'The project has no owner to tell.' };
  const summaryOf = (key: string) => row.stories?.find((story) => story.key === key)?.summary ?? key;
  try {
    await sendSignOffSummary(deps.mailer, owner.email, {
      projectName: row.project_name,
      projectKey: row.project_key,
      sentAt: row.finished_at ?? row.created_at,
      subject: row.subject,
      by: row.signed_off_by ?? '',
      at: row.signed_off_at,
      stories: (row.signed_off_verdicts ?? []).map((v) => ({ ...v, summary: summaryOf(v.key) })),
    });
    return { done: true };
  } catch (error) {
    if (mailServerRefused(error)) return { failed: 'The mail server refused the e-mail.' };
    return { retryAt: new Date(deps.now().getTime() + backoffMs(job.attempts)), error: String(error) };
  }
}
