// The client's review of a notice (main README, "The client's review"): opening a link, the page's
// stories with their latest verdicts, storing a submission with its jobs, and the staff's view of reviews.
// The jobs themselves: notice-stories.job.ts, write-back.job.ts, failed-verdicts.job.ts.
import { randomUUID } from 'node:crypto';
import {
  type NoticeReview,
  REVIEW_ALREADY_SIGNED_OFF,
  type ReviewStory,
  type SignOff,
} from '@handoff/core/api';
import { type ClientLanguage, clientLanguageOf } from '@handoff/core/client-language';
import { type GroupBy, groupOf } from '@handoff/core/story-groups';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { ReviewStorySnapshot } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { insertJobs } from '../jobs/jobs.repository.ts';
import type { JobQueue } from '../jobs/jobs.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { SiteDirectory } from '../sites/sites.service.ts';
import type { Tracker } from '../tracker/tracker.ts';
import { failedVerdictsJob, REVIEW_FAILED_MAIL_JOB } from './failed-verdicts.job.ts';
import { fetchNoticeStories, noticeStoriesJob } from './notice-stories.job.ts';
import { remindersOfLinks } from './reminders.repository.ts';
import {
  findLinkByTokenHash,
  insertVerdicts,
  keepStories,
  latestVerdicts,
  linksOfSends,
  lockLink,
} from './review.repository.ts';
import { hashReviewToken, REVIEW_STORIES_JOB, reviewLinkOf } from './review-links.ts';
import { REVIEW_SIGN_OFF_MAIL_JOB, signOffMailJob } from './sign-off.ts';
import { REVIEW_WRITE_BACK_JOB, writeBackJob } from './write-back.job.ts';

export interface ReviewDeps {
  db: Db;
  /**
   * The tracker of a project's site (null: `default`), trying each call once: the jobs retry, and check
   * for a comment before posting again.
   */
  trackerOf: (workspaceId: string, siteId: string | null) => Promise<Tracker>;
  mailer: Mailer;
  /** The members' credentials per site. */
  sites: Pick<SiteDirectory, 'credential'>;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How long a verdict must stay unchanged before it is written back (WRITE_BACK_QUIET_SECONDS). */
  writeBackQuietMs: number;
}

/** A valid (known, unexpired, unrevoked) link with its notice. */
export interface OpenLink {
  id: string;
  sendId: string;
  expiresAt: Date;
  /** When the team revoked the link; null while it has not. */
  revokedAt: Date | null;
  stories: ReviewStorySnapshot[] | null;
  signedOff: SignOff | null;
  issueKeys: string[];
  sentAt: Date;
  subject: string | null;
  sentByUserId: string | null;
  projectId: string;
  projectName: string;
  /** The tracker project the notice's stories belong to. */
  projectKey: string;
  workspaceId: string;
  projectAddedBy: string;
  /** The project's site (null: `default`). */
  siteId: string | null;
  /** What the notice named: the test environment, and the date to answer by (`YYYY-MM-DD`). */
  testEnvironment: string | null;
  answerBy: string | null;
  /** The release the notice is of; null: none. */
  release: string | null;
  /** The language the notice was sent in: its page and reminders speak it too. */
  clientLanguage: ClientLanguage;
  /** The project's `Group stories by`: the page groups the stories by it. */
  groupBy: GroupBy;
}

/** A link's sign-off as the page and the history show it. */
function signOffOf(row: {
  signed_off_at: Date | null;
  signed_off_by: string | null;
  signed_off_verdicts: Array<{ verdict: 'passed' | 'failed' }> | null;
}): SignOff | null {
  if (!row.signed_off_at) return null;
  return {
    by: row.signed_off_by ?? '',
    at: row.signed_off_at.toISOString(),
    conditional: (row.signed_off_verdicts ?? []).some((v) => v.verdict === 'failed'),
  };
}

/** 409: the notice was signed off, its verdicts are final. */
export function alreadySignedOff(): AppError {
  return new AppError(409, 'REVIEW_SIGNED_OFF', REVIEW_ALREADY_SIGNED_OFF);
}

/** Where a token's link stands: 'open' (it shows its notice), 'expired', 'revoked', or 'unknown' (no link). */
export type LinkState = 'open' | 'expired' | 'revoked' | 'unknown';

/** A token's link, working or not, and its state (the invalid-link page names a closed link's workspace). */
export async function linkByToken(
  db: Db,
  token: string,
  now: Date,
): Promise<{ state: 'unknown'; link: null } | { state: Exclude<LinkState, 'unknown'>; link: OpenLink }> {
  const row = await findLinkByTokenHash(db, hashReviewToken(token));
  if (!row) return { state: 'unknown', link: null };
  const state =
    row.revoked_at !== null ? 'revoked' : row.expires_at.getTime() <= now.getTime() ? 'expired' : 'open';
  return { state, link: linkOf(row) };
}

/** The link of a token, if it still works; undefined for unknown, expired and revoked alike. */
export async function findOpenLink(db: Db, token: string, now: Date): Promise<OpenLink | undefined> {
  const { state, link } = await linkByToken(db, token, now);
  return state === 'open' ? link : undefined;
}

function linkOf(row: NonNullable<Awaited<ReturnType<typeof findLinkByTokenHash>>>): OpenLink {
  return {
    id: row.id,
    sendId: row.send_id,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    stories: row.stories,
    signedOff: signOffOf(row),
    issueKeys: row.issue_keys,
    sentAt: row.finished_at ?? row.created_at,
    subject: row.subject,
    sentByUserId: row.sent_by_user_id,
    projectId: row.project_id,
    projectName: row.project_name,
    projectKey: row.project_key,
    workspaceId: row.workspace_id,
    projectAddedBy: row.user_id,
    siteId: row.site_id,
    testEnvironment: row.test_environment,
    answerBy: row.answer_by,
    release: row.release_name,
    clientLanguage: clientLanguageOf(row.client_language),
    groupBy: row.group_by,
  };
}

/** The notice's stories for the page, fetched now if the job has not yet (then kept). */
export async function storiesOfLink(deps: ReviewDeps, link: OpenLink): Promise<ReviewStory[]> {
  let stories = link.stories;
  if (!stories) {
    stories = await fetchNoticeStories(deps, link).catch((error: unknown) => {
      deps.log.warn(
        { err: error, linkId: link.id },
        "could not fetch a notice's stories; showing their keys",
      );
      return null;
    });
    if (stories) await keepStories(deps.db, link.id, stories);
  }
  const shown: ReviewStorySnapshot[] =
    stories ?? link.issueKeys.map((key) => ({ key, summary: key, testSteps: [] }));
  const latest = (await latestVerdicts(deps.db, [link.id])).get(link.id);
  return shown.map((story) => ({
    key: story.key,
    summary: story.summary,
    testSteps: story.testSteps,
    // Under the project's `Group stories by` (a snapshot kept before groups has none).
    group: groupOf(story, link.groupBy),
    verdict: latest?.get(story.key)?.verdict ?? null,
    comment: latest?.get(story.key)?.comment ?? null,
  }));
}

/** The name given with the notice's latest answers (the newest verdict that names one); null: none. */
export async function reviewerOfLink(deps: ReviewDeps, link: OpenLink): Promise<string | null> {
  const latest = [...((await latestVerdicts(deps.db, [link.id])).get(link.id)?.values() ?? [])];
  const named = latest
    .filter((verdict) => verdict.reviewer)
    .sort((a, b) => b.created_at.getTime() - a.created_at.getTime());
  return named[0]?.reviewer ?? null;
}

interface SubmittedVerdict {
  key: string;
  verdict: 'passed' | 'failed';
  comment?: string | undefined;
}

/**
 * Stores one submission (history) and queues its write-backs, in one transaction. They run once the
 * verdicts have been quiet for WRITE_BACK_QUIET_SECONDS, and write only each story's latest verdict then
 * (write-back.job.ts), so a client who toggles a verdict posts one comment, not one per click.
 */
export async function storeVerdicts(
  deps: ReviewDeps,
  link: OpenLink,
  verdicts: readonly SubmittedVerdict[],
  reviewer?: string,
): Promise<void> {
  // One verdict per story per submission: the last one given counts.
  const byKey = new Map(verdicts.map((v) => [v.key, v]));
  const now = deps.now();
  const submissionId = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    // Only what changed is stored and written back: the same verdicts submitted again would post the
    // same comment to Jira twice. The link's row lock orders two submissions of one notice.
    if ((await lockLink(trx, link.id)).signedOff) throw alreadySignedOff();
    const latest = (await latestVerdicts(trx, [link.id])).get(link.id);
    const changed = [...byKey.values()]
      .map((v) => ({ key: v.key, verdict: v.verdict, comment: v.comment ? v.comment : null }))
      .filter((v) => {
        const before = latest?.get(v.key);
        return before?.verdict !== v.verdict || before.comment !== v.comment;
      });
    if (changed.length === 0) return;
    const stored = await insertVerdicts(
      trx,
      { linkId: link.id, submissionId, createdAt: now, reviewer: reviewer || null },
      changed,
    );
    const settled = new Date(now.getTime() + deps.writeBackQuietMs);
    const jobs = stored.map((v) => ({
      kind: REVIEW_WRITE_BACK_JOB,
      payload: { verdictId: v.id } as Record<string, unknown>,
      runAfter: settled,
    }));
    if (stored.some((v) => v.verdict === 'failed')) {
      jobs.push({ kind: REVIEW_FAILED_MAIL_JOB, payload: { linkId: link.id }, runAfter: settled });
    }
    await insertJobs(trx, jobs);
  });
  deps.jobs.wake();
}

export function registerReviewJobs(deps: ReviewDeps): void {
  deps.jobs.handle(REVIEW_WRITE_BACK_JOB, (job) => writeBackJob(deps, job));
  deps.jobs.handle(REVIEW_STORIES_JOB, (job) => noticeStoriesJob(deps, job));
  deps.jobs.handle(REVIEW_FAILED_MAIL_JOB, (job) => failedVerdictsJob(deps, job));
  deps.jobs.handle(REVIEW_SIGN_OFF_MAIL_JOB, (job) => signOffMailJob(deps, job));
}

/** Each notice's review as staff see it, by send id; notices without a link are absent. */
export async function reviewsOfSends(
  db: Db,
  sendIds: string[],
  now: Date,
  config: { publicUrl: string; secretKey: string },
): Promise<Map<string, NoticeReview>> {
  const reviews = new Map<string, NoticeReview>();
  if (sendIds.length === 0) return reviews;
  const links = await linksOfSends(db, sendIds);
  const verdicts = await latestVerdicts(
    db,
    links.map((link) => link.id),
  );
  const reminders = await remindersOfLinks(
    db,
    links.map((link) => link.id),
  );
  for (const link of links) {
    const ofLink = verdicts.get(link.id);
    const linkState = link.revoked_at
      ? 'revoked'
      : link.expires_at.getTime() <= now.getTime()
        ? 'expired'
        : 'active';
    reviews.set(link.send_id, {
      linkState,
      url: linkState === 'active' ? reviewLinkOf(config, link.token_sealed) : null,
      expiresAt: link.expires_at.toISOString(),
      stories: link.issue_keys.map((key) => {
        const v = ofLink?.get(key);
        return {
          key,
          summary: link.stories?.find((story) => story.key === key)?.summary ?? key,
          verdict: v?.verdict ?? 'waiting',
          comment: v?.comment ?? null,
          answeredAt: v?.created_at.toISOString() ?? null,
          writeBack: v?.write_back ?? null,
          writeBackError: v?.write_back_error ?? null,
          reviewer: v?.reviewer ?? null,
          writtenAs: v?.written_as ?? null,
        };
      }),
      signedOff: signOffOf(link),
      reminders: reminders
        .filter((reminder) => reminder.link_id === link.id)
        .map((reminder) => ({
          at: (reminder.finished_at ?? reminder.created_at).toISOString(),
          sent: reminder.status === 'sent',
          error: reminder.error,
        })),
    });
  }
  return reviews;
}
