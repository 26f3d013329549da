// The client's review of a notice (issue 11): reading a link, storing verdicts, and the durable jobs that
// fetch a notice's stories, write verdicts back to Jira as comments (and optional transitions), and
// tell the project's owner about Failed verdicts.
import { randomUUID } from 'node:crypto';
import type { NoticeReview, ReviewStory } from '@handoff/core/api';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { memberWithJiraToken } from '../accounts/users.repository.ts';
import type { SecretBox } from '../common/secret-box.ts';
import type { Db } from '../db/database.ts';
import type { ReviewStorySnapshot } from '../db/schema.ts';
import { type Mailer, mailServerRefused } from '../mail/mailer.ts';
import { toIssue } from '../stories/stories.service.ts';
import { type JiraClient, type JiraCredentials, TrackerError } from '../tracker/jira.client.ts';
import { jqlString } from '../tracker/jql.ts';
import { backoffMs, type Job, type JobOutcome, type JobQueue } from './jobs.ts';
import { hashReviewToken, REVIEW_STORIES_JOB, snapshotOf } from './review-links.ts';

export const REVIEW_WRITE_BACK_JOB = 'review-write-back';
/** Sends whose e-mail went out, or may have: only their links count. */
const NOTICE_OUT = ['sent', 'unconfirmed', 'sending'] as const;
export const REVIEW_FAILED_MAIL_JOB = 'review-failed-mail';
/** A verdict Jira keeps refusing to take (429/5xx/time-outs) is given up after this many attempts. */
export const WRITE_BACK_MAX_ATTEMPTS = 20;

export interface ReviewDeps {
  db: Db;
  /** A client that tries each call once: the jobs retry, and check for a comment before posting again. */
  jira: JiraClient;
  mailer: Mailer;
  secretBox: SecretBox;
  jobs: JobQueue;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** A valid (known, unexpired, unrevoked) link with its notice. */
export interface OpenLink {
  id: string;
  sendId: string;
  expiresAt: Date;
  stories: ReviewStorySnapshot[] | null;
  issueKeys: string[];
  sentAt: Date;
  subject: string | null;
  sentByUserId: string | null;
  projectId: string;
  projectName: string;
  workspaceId: string;
  projectAddedBy: string;
}

/** A notice's links with their send and project: where every read of a link or its verdicts starts. */
function linksWithNotice(db: Db) {
  return db
    .selectFrom('review_links as l')
    .innerJoin('sends as s', 's.id', 'l.send_id')
    .innerJoin('projects as p', 'p.id', 's.project_id');
}

/** The link of a token, if it still works; undefined for unknown, expired and revoked alike. */
export async function findOpenLink(db: Db, token: string, now: Date): Promise<OpenLink | undefined> {
  const row = await linksWithNotice(db)
    .select([
      'l.id',
      'l.send_id',
      'l.expires_at',
      'l.revoked_at',
      'l.stories',
      's.issue_keys',
      's.created_at',
      's.finished_at',
      's.subject',
      's.sent_by_user_id',
      'p.id as project_id',
      'p.project_name',
      'p.workspace_id',
      'p.user_id',
    ])
    .where('l.token_hash', '=', hashReviewToken(token))
    // A notice the mail server refused never reached anyone: its link opens nothing.
    .where('s.status', 'in', NOTICE_OUT)
    .executeTakeFirst();
  if (!row || row.revoked_at !== null || row.expires_at.getTime() <= now.getTime()) return undefined;
  return {
    id: row.id,
    sendId: row.send_id,
    expiresAt: row.expires_at,
    stories: row.stories,
    issueKeys: row.issue_keys,
    sentAt: row.finished_at ?? row.created_at,
    subject: row.subject,
    sentByUserId: row.sent_by_user_id,
    projectId: row.project_id,
    projectName: row.project_name,
    workspaceId: row.workspace_id,
    projectAddedBy: row.user_id,
  };
}

/**
 * The latest verdict per story of each link (every submission is kept; the newest counts), by link id
 * and then story key.
 */
async function latestVerdicts(db: Db, linkIds: string[]) {
  const byLink = new Map<string, Map<string, LatestVerdict>>();
  if (linkIds.length === 0) return byLink;
  const result =
    await sql<LatestVerdict>`select distinct on (link_id, issue_key) link_id, issue_key, verdict, comment, created_at, write_back,
        write_back_error
      from review_verdicts where link_id = any(${sql.val(linkIds)}::uuid[])
      order by link_id, issue_key, created_at desc, id desc`.execute(db);
  for (const verdict of result.rows) {
    const ofLink = byLink.get(verdict.link_id) ?? new Map<string, LatestVerdict>();
    byLink.set(verdict.link_id, ofLink.set(verdict.issue_key, verdict));
  }
  return byLink;
}

interface LatestVerdict {
  link_id: string;
  issue_key: string;
  verdict: 'passed' | 'failed';
  comment: string | null;
  created_at: Date;
  write_back: 'pending' | 'written' | 'refused';
  write_back_error: string | null;
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
  const shown = stories ?? link.issueKeys.map((key) => ({ key, summary: key, testSteps: [] }));
  const latest = (await latestVerdicts(deps.db, [link.id])).get(link.id);
  return shown.map((story) => ({
    ...story,
    verdict: latest?.get(story.key)?.verdict ?? null,
    comment: latest?.get(story.key)?.comment ?? null,
  }));
}

async function keepStories(db: Db, linkId: string, stories: ReviewStorySnapshot[]): Promise<void> {
  await db
    .updateTable('review_links')
    .set({ stories: JSON.stringify(stories) })
    .where('id', '=', linkId)
    .where('stories', 'is', null)
    .execute();
}

/** Key, summary and test steps of the notice's stories, read from Jira with the sender's (or owner's) token. */
async function fetchNoticeStories(deps: ReviewDeps, link: OpenLink): Promise<ReviewStorySnapshot[]> {
  if (link.issueKeys.length === 0) return [];
  const credentials =
    (await memberCredentials(deps, link.workspaceId, link.sentByUserId)) ??
    (await ownerCredentials(deps, link.workspaceId, link.projectAddedBy));
  if (!credentials) return snapshotOf([], link.issueKeys);
  const issues = await deps.jira.searchIssues(credentials, {
    jql: `key in (${link.issueKeys.map(jqlString).join(', ')})`,
    fields: ['summary', 'description'],
    maxResults: 100,
  });
  return snapshotOf(issues.map(toIssue), link.issueKeys);
}

interface Credentials extends JiraCredentials {
  userId: string;
}

async function memberCredentials(
  deps: ReviewDeps,
  workspaceId: string,
  userId: string | null,
): Promise<Credentials | undefined> {
  const row = await memberWithJiraToken(deps.db, workspaceId, userId);
  return row ? withToken(deps, row) : undefined;
}

function withToken(
  deps: ReviewDeps,
  row: { id: string; email: string; apikey_encrypted: string },
): Credentials | undefined {
  try {
    const apiToken = deps.secretBox.open(row.apikey_encrypted);
    return apiToken ? { userId: row.id, email: row.email, apiToken } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whose Jira token writes verdicts back: the member who added the project, while they are an owner of
 * its workspace with a token; else the longest-standing other owner with one.
 */
export async function ownerCredentials(
  deps: Pick<ReviewDeps, 'db' | 'secretBox'>,
  workspaceId: string,
  addedBy: string,
): Promise<Credentials | undefined> {
  const owners = await deps.db
    .selectFrom('workspace_members as m')
    .innerJoin('users', 'users.id', 'm.user_id')
    .select(['users.id', 'users.email', 'users.apikey_encrypted'])
    .where('m.workspace_id', '=', workspaceId)
    .where('m.role', '=', 'owner')
    .orderBy(sql`users.id = ${addedBy}`, 'desc')
    .orderBy('m.created_at')
    .orderBy('users.id')
    .execute();
  for (const owner of owners) {
    const credentials = withToken(deps as ReviewDeps, owner);
    if (credentials) return credentials;
  }
  return undefined;
}

export interface SubmittedVerdict {
  key: string;
  verdict: 'passed' | 'failed';
  comment?: string | undefined;
}

/** Stores one submission (history) and queues its write-backs, in one transaction. */
export async function storeVerdicts(
  deps: ReviewDeps,
  link: OpenLink,
  verdicts: readonly SubmittedVerdict[],
): Promise<void> {
  // One verdict per story per submission: the last one given counts.
  const byKey = new Map(verdicts.map((v) => [v.key, v]));
  const now = deps.now();
  const submission = randomUUID();
  await deps.db.transaction().execute(async (trx) => {
    const stored = await trx
      .insertInto('review_verdicts')
      .values(
        [...byKey.values()].map((v) => ({
          link_id: link.id,
          submission_id: submission,
          issue_key: v.key,
          verdict: v.verdict,
          comment: v.comment ? v.comment : null,
          created_at: now,
        })),
      )
      .returning(['id', 'verdict'])
      .execute();
    const jobs = stored.map((v) => ({
      kind: REVIEW_WRITE_BACK_JOB,
      payload: JSON.stringify({ verdictId: v.id }),
      run_after: now,
    }));
    if (stored.some((v) => v.verdict === 'failed')) {
      jobs.push({
        kind: REVIEW_FAILED_MAIL_JOB,
        payload: JSON.stringify({ submissionId: submission }),
        run_after: now,
      });
    }
    await trx.insertInto('jobs').values(jobs).execute();
  });
  deps.jobs.wake();
}

/** The marker in each comment, so a retry finds a comment an earlier attempt may have posted. */
export function verdictMarker(verdictId: string): string {
  return `Handoff verdict ${verdictId}`;
}

const dateOf = (at: Date) => at.toISOString().slice(0, 10);

/** The ADF comment of a verdict: the verdict, the client's comment, and which notice it answers. */
export function verdictComment(verdict: {
  id: string;
  verdict: 'passed' | 'failed';
  comment: string | null;
  sentAt: Date;
  subject: string | null;
}): object {
  const paragraph = (text: string, strong = false) => ({
    type: 'paragraph',
    content: [{ type: 'text', text, ...(strong ? { marks: [{ type: 'strong' }] } : {}) }],
  });
  const content: object[] = [
    paragraph(`Client review: ${verdict.verdict === 'passed' ? 'Passed' : 'Failed'}`, true),
  ];
  const lines = (verdict.comment ?? '').split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
  if (lines.length > 0) {
    content.push({
      type: 'paragraph',
      content: lines.flatMap((line, i) => [
        ...(i > 0 ? [{ type: 'hardBreak' }] : []),
        { type: 'text', text: line },
      ]),
    });
  }
  content.push(
    paragraph(
      `In answer to the notice of ${dateOf(verdict.sentAt)}${verdict.subject ? `: “${verdict.subject}”` : ''}.`,
    ),
  );
  content.push({
    type: 'paragraph',
    content: [{ type: 'text', text: verdictMarker(verdict.id), marks: [{ type: 'em' }] }],
  });
  return { type: 'doc', version: 1, content };
}

/** Jira said no for good (4xx other than 429): retrying would not help. */
function refusedByJira(error: unknown): error is TrackerError {
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
function failedForNow(error: unknown): error is TrackerError {
  return error instanceof TrackerError && !refusedByJira(error);
}

function retryLater(deps: ReviewDeps, job: Job, error: TrackerError): JobOutcome {
  const wait = Math.max(1_000, error.retryAfterMs ?? backoffMs(job.attempts));
  return { retryAt: new Date(deps.now().getTime() + wait), error: error.message };
}

async function writeBack(deps: ReviewDeps, job: Job): Promise<JobOutcome> {
  const verdictId = String(job.payload.verdictId);
  const row = await linksWithNotice(deps.db)
    .innerJoin('review_verdicts as v', 'v.link_id', 'l.id')
    .select([
      'v.id',
      'v.issue_key',
      'v.verdict',
      'v.comment',
      'v.write_back',
      'v.jira_comment_id',
      's.created_at',
      's.finished_at',
      's.subject',
      'p.workspace_id',
      'p.user_id',
      'p.review_on_failed',
      'p.review_on_passed',
    ])
    .where('v.id', '=', verdictId)
    .executeTakeFirst();
  if (row?.write_back !== 'pending') return { done: true };
  const record = (state: 'written' | 'refused', error: string | null) =>
    deps.db
      .updateTable('review_verdicts')
      .set({ write_back: state, write_back_error: error })
      .where('id', '=', row.id)
      .where('write_back', '=', 'pending')
      .execute();
  const credentials = await ownerCredentials(deps, row.workspace_id, row.user_id);
  if (!credentials) {
    await record('refused', 'No owner of the workspace has a Jira API token to write the verdict with.');
    return { done: true };
  }
  try {
    if (!row.jira_comment_id) {
      let commentId: string | undefined;
      if (job.attempts > 1) {
        // An earlier attempt may have posted it and then timed out or stopped: look before posting again.
        const marker = verdictMarker(row.id);
        const comments = await deps.jira.listComments(credentials, row.issue_key);
        commentId = comments.find((comment) => JSON.stringify(comment.body ?? '').includes(marker))?.id;
      }
      commentId ??= (
        await deps.jira.addComment(
          credentials,
          row.issue_key,
          verdictComment({
            id: row.id,
            verdict: row.verdict,
            comment: row.comment,
            sentAt: row.finished_at ?? row.created_at,
            subject: row.subject,
          }),
        )
      ).id;
      await deps.db
        .updateTable('review_verdicts')
        .set({ jira_comment_id: commentId })
        .where('id', '=', row.id)
        .execute();
    }
    const transition = row.verdict === 'failed' ? row.review_on_failed : row.review_on_passed;
    let note: string | null = null;
    if (transition) {
      try {
        await deps.jira.transitionIssue(credentials, row.issue_key, transition.id);
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
    return retryLater(deps, job, error);
  }
}

async function fetchStoriesJob(deps: ReviewDeps, job: Job): Promise<JobOutcome> {
  const linkId = String(job.payload.linkId);
  const row = await linksWithNotice(deps.db)
    .select([
      'l.id',
      'l.stories',
      's.issue_keys',
      's.sent_by_user_id',
      'p.workspace_id',
      'p.user_id',
      'p.project_name',
    ])
    .where('l.id', '=', linkId)
    .executeTakeFirst();
  if (!row || row.stories !== null) return { done: true };
  const link = {
    id: row.id,
    issueKeys: row.issue_keys,
    sentByUserId: row.sent_by_user_id,
    workspaceId: row.workspace_id,
    projectAddedBy: row.user_id,
  } as OpenLink;
  try {
    await keepStories(deps.db, row.id, await fetchNoticeStories(deps, link));
    return { done: true };
  } catch (error) {
    // The page fetches them when it is opened, if this never succeeds.
    if (refusedByJira(error)) return { failed: error.message };
    if (failedForNow(error) && job.attempts < 5) return retryLater(deps, job, error);
    throw error;
  }
}

async function failedMailJob(deps: ReviewDeps, job: Job): Promise<JobOutcome> {
  const submissionId = String(job.payload.submissionId);
  const rows = await linksWithNotice(deps.db)
    .innerJoin('review_verdicts as v', 'v.link_id', 'l.id')
    .select([
      'v.issue_key',
      'v.comment',
      'l.stories',
      's.created_at',
      's.finished_at',
      's.subject',
      'p.project_name',
      'p.project_key',
      'p.workspace_id',
      'p.user_id',
    ])
    .where('v.submission_id', '=', submissionId)
    .where('v.verdict', '=', 'failed')
    .orderBy('v.issue_key')
    .execute();
  const first = rows[0];
  if (!first) return { done: true };
  const owner =
    (await ownerCredentials(deps, first.workspace_id, first.user_id)) ??
    (await deps.db
      .selectFrom('users')
      .select(['id as userId', 'email'])
      .where('id', '=', first.user_id)
      .executeTakeFirst());
  if (!owner) return { failed: 'The project has no owner to tell.' };
  const summaryOf = (key: string) => first.stories?.find((story) => story.key === key)?.summary ?? key;
  const lines = rows.map(
    (row) =>
      `- ${row.issue_key} ${summaryOf(row.issue_key)}${row.comment ? `\n  Comment: ${row.comment.replace(/\r?\n/g, '\n  ')}` : ''}`,
  );
  const noun = rows.length === 1 ? 'story' : 'stories';
  try {
    await deps.mailer.sendMail({
      purpose: 'review-failed',
      to: [owner.email],
      subject: `Client review: ${rows.length} ${noun} failed in ${first.project_name}`,
      text:
        `The client reported ${rows.length} ${noun} as Failed in project ${first.project_name} (${first.project_key}), ` +
        `answering the notice of ${dateOf(first.finished_at ?? first.created_at)}${first.subject ? ` “${first.subject}”` : ''}:\n\n` +
        `${lines.join('\n')}\n\nThe project's Sent history in Handoff shows every verdict.`,
    });
    return { done: true };
  } catch (error) {
    if (mailServerRefused(error)) return { failed: 'The mail server refused the e-mail.' };
    return { retryAt: new Date(deps.now().getTime() + backoffMs(job.attempts)), error: String(error) };
  }
}

export function registerReviewJobs(deps: ReviewDeps): void {
  deps.jobs.handle(REVIEW_WRITE_BACK_JOB, (job) => writeBack(deps, job));
  deps.jobs.handle(REVIEW_STORIES_JOB, (job) => fetchStoriesJob(deps, job));
  deps.jobs.handle(REVIEW_FAILED_MAIL_JOB, (job) => failedMailJob(deps, job));
}

/** Each notice's review as staff see it, by send id; notices without a link are absent. */
export async function reviewsOfSends(
  db: Db,
  sendIds: string[],
  now: Date,
): Promise<Map<string, NoticeReview>> {
  const reviews = new Map<string, NoticeReview>();
  if (sendIds.length === 0) return reviews;
  const links = await db
    .selectFrom('review_links as l')
    .innerJoin('sends as s', 's.id', 'l.send_id')
    .select(['l.id', 'l.send_id', 'l.expires_at', 'l.revoked_at', 'l.stories', 's.issue_keys'])
    .where('l.send_id', 'in', sendIds)
    .where('s.status', 'in', NOTICE_OUT)
    .execute();
  const verdicts = await latestVerdicts(
    db,
    links.map((link) => link.id),
  );
  for (const link of links) {
    const ofLink = verdicts.get(link.id);
    reviews.set(link.send_id, {
      linkState: link.revoked_at
        ? 'revoked'
        : link.expires_at.getTime() <= now.getTime()
          ? 'expired'
          : 'active',
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
        };
      }),
    });
  }
  return reviews;
}

/** Per project key of the workspace: its stories' latest verdicts over all active links. */
export async function reviewSummaries(db: Db, workspaceId: string, now: Date) {
  const links = await linksWithNotice(db)
    .select(['l.id', 's.issue_keys', 'p.project_key'])
    .where('p.workspace_id', '=', workspaceId)
    .where('s.status', 'in', NOTICE_OUT)
    .where('l.revoked_at', 'is', null)
    .where('l.expires_at', '>', now)
    .execute();
  const verdicts = await latestVerdicts(
    db,
    links.map((link) => link.id),
  );
  const data: Record<string, { passed: number; failed: number; waiting: number }> = {};
  for (const link of links) {
    const counts = data[link.project_key] ?? { passed: 0, failed: 0, waiting: 0 };
    data[link.project_key] = counts;
    const ofLink = verdicts.get(link.id);
    for (const key of link.issue_keys) counts[ofLink?.get(key)?.verdict ?? 'waiting'] += 1;
  }
  return data;
}
