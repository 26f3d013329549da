// The `review_links` and `review_verdicts` tables. A link is read with its send and project (one join):
// the send says which stories the notice had and whether its e-mail went out, the project whose it is.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database, ReviewStorySnapshot, WriteBackState } from '../db/schema.ts';
import { insertJobPerRow } from '../jobs/jobs.repository.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Sends whose e-mail went out, or may have: only their links count. */
const NOTICE_OUT = ['sent', 'unconfirmed', 'sending'] as const;

/** A notice's links with their send and project: where every read of a link or its verdicts starts. */
function linksWithNotice(db: Executor) {
  return db
    .selectFrom('review_links as l')
    .innerJoin('sends as s', 's.id', 'l.send_id')
    .innerJoin('projects as p', 'p.id', 's.project_id');
}

/**
 * Stores a notice's link with its answer-by date and the project's test environment at that moment, and
 * returns that test environment. Without its stories, the job that fetches them (`storiesJob`) is queued
 * in the same statement: the send's claim transaction gets one round trip for all of it.
 */
export async function insertReviewLink(
  db: Executor,
  link: {
    sendId: string;
    projectId: string;
    tokenHash: string;
    tokenSealed: string;
    expiresAt: Date;
    stories: ReviewStorySnapshot[] | undefined;
    answerBy: string | null;
  },
  storiesJob: { kind: string; runAfter: Date },
): Promise<{ testEnvironment: string | null; clientLanguage: string }> {
  const values = sql`select ${link.sendId}::uuid, ${link.tokenHash}, ${link.tokenSealed}, ${link.expiresAt}::timestamptz,
      ${link.stories ? JSON.stringify(link.stories) : null}::jsonb, ${link.answerBy}::date, p.test_environment, p.client_language
      from projects p where p.id = ${link.projectId}::uuid`;
  const insert = sql`insert into review_links (send_id, token_hash, token_sealed, expires_at, stories, answer_by, test_environment, client_language)
      ${values} returning id, test_environment, client_language`;
  type Kept = { test_environment: string | null; client_language: string };
  const result = link.stories
    ? await sql<Kept>`${insert}`.execute(db)
    : await sql<Kept>`with link as (${insert}),
        job as (${insertJobPerRow('link', storiesJob.kind, { linkId: 'id' }, storiesJob.runAfter)})
        select test_environment, client_language from link`.execute(db);
  return {
    testEnvironment: result.rows[0]?.test_environment ?? null,
    clientLanguage: result.rows[0]?.client_language ?? 'en',
  };
}

/** Who sends a notice (its sender, else the project's owner, as its pages say) and its workspace. */
export async function noticeSenderIds(
  db: Executor,
  sendId: string,
): Promise<{ userId: string; workspaceId: string } | undefined> {
  // Read through the notice's link, stored just before in the same transaction.
  const row = await linksWithNotice(db)
    .select(['s.sent_by_user_id', 'p.user_id', 'p.workspace_id'])
    .where('l.send_id', '=', sendId)
    .executeTakeFirst();
  return row ? { userId: row.sent_by_user_id ?? row.user_id, workspaceId: row.workspace_id } : undefined;
}

/** A link's state as the page and the history show it: validity, the notice's stories, its sign-off. */
const LINK_STATE_COLUMNS = [
  'l.id',
  'l.send_id',
  'l.expires_at',
  'l.revoked_at',
  'l.stories',
  'l.signed_off_at',
  'l.signed_off_by',
  'l.signed_off_verdicts',
] as const;

/** The link with this token hash and its notice, if the notice's e-mail went out (valid or not). */
export async function findLinkByTokenHash(db: Executor, tokenHash: string) {
  return (
    linksWithNotice(db)
      .select([
        ...LINK_STATE_COLUMNS,
        'l.test_environment',
        'l.client_language',
        sql<string | null>`l.answer_by::text`.as('answer_by'),
        's.issue_keys',
        's.created_at',
        's.finished_at',
        's.subject',
        's.release_name',
        's.sent_by_user_id',
        'p.id as project_id',
        'p.project_name',
        'p.project_key',
        'p.workspace_id',
        'p.user_id',
        'p.site_id',
        'p.group_by',
      ])
      // The notice's own token, or the token of one of its reminders.
      .where((eb) =>
        eb.or([
          eb('l.token_hash', '=', tokenHash),
          eb(
            'l.id',
            'in',
            eb.selectFrom('review_reminders').select('link_id').where('token_hash', '=', tokenHash),
          ),
        ]),
      )
      // A notice the mail server refused never reached anyone: its link opens nothing.
      .where('s.status', 'in', NOTICE_OUT)
      .executeTakeFirst()
  );
}

/** What the stories job needs of a link: its notice's keys and whose token may read them. */
export async function findLinkForStories(db: Executor, linkId: string) {
  return linksWithNotice(db)
    .select([
      'l.id',
      'l.stories',
      's.issue_keys',
      's.sent_by_user_id',
      'p.workspace_id',
      'p.user_id',
      'p.project_name',
      'p.project_key',
      'p.site_id',
    ])
    .where('l.id', '=', linkId)
    .executeTakeFirst();
}

/** Keeps the notice's stories on its link, unless they were kept already. */
export async function keepStories(
  db: Executor,
  linkId: string,
  stories: ReviewStorySnapshot[],
): Promise<void> {
  await db
    .updateTable('review_links')
    .set({ stories: JSON.stringify(stories) })
    .where('id', '=', linkId)
    .where('stories', 'is', null)
    .execute();
}

/** The links of these sends (whose e-mail went out), for the send history. */
export async function linksOfSends(db: Executor, sendIds: string[]) {
  return db
    .selectFrom('review_links as l')
    .innerJoin('sends as s', 's.id', 'l.send_id')
    .select([...LINK_STATE_COLUMNS, 'l.token_sealed', 's.issue_keys'])
    .where('l.send_id', 'in', sendIds)
    .where('s.status', 'in', NOTICE_OUT)
    .execute();
}

/** Revokes the link of the project's send; false when there is no such link or it was revoked before. */
export async function revokeLinkOfSend(
  db: Executor,
  projectId: string,
  sendId: string,
  now: Date,
): Promise<boolean> {
  const revoked = await db
    .updateTable('review_links')
    .set({ revoked_at: now })
    .where('send_id', '=', (eb) =>
      eb.selectFrom('sends').select('id').where('project_id', '=', projectId).where('id', '=', sendId),
    )
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return revoked !== undefined;
}

/** Whether the project's send has a review link (revoked or not). */
export async function sendHasLink(db: Executor, projectId: string, sendId: string): Promise<boolean> {
  const link = await db
    .selectFrom('review_links as l')
    .innerJoin('sends as s', 's.id', 'l.send_id')
    .select('l.id')
    .where('s.project_id', '=', projectId)
    .where('l.send_id', '=', sendId)
    .executeTakeFirst();
  return link !== undefined;
}

interface LatestVerdict {
  link_id: string;
  issue_key: string;
  verdict: 'passed' | 'failed';
  comment: string | null;
  created_at: Date;
  /** A story's latest verdict is never superseded: only an earlier one is. */
  write_back: Exclude<WriteBackState, 'superseded'>;
  write_back_error: string | null;
  reviewer: string | null;
  written_as: string | null;
}

/**
 * The latest verdict per story of each link (every submission is kept; the newest counts), by link id
 * and then story key.
 */
export async function latestVerdicts(db: Executor, linkIds: string[]) {
  const byLink = new Map<string, Map<string, LatestVerdict>>();
  if (linkIds.length === 0) return byLink;
  const result =
    await sql<LatestVerdict>`select distinct on (link_id, issue_key) link_id, issue_key, verdict, comment, created_at, write_back,
        write_back_error, reviewer, written_as
      from review_verdicts where link_id = any(${sql.val(linkIds)}::uuid[])
      order by link_id, issue_key, created_at desc, id desc`.execute(db);
  for (const verdict of result.rows) {
    const ofLink = byLink.get(verdict.link_id) ?? new Map<string, LatestVerdict>();
    byLink.set(verdict.link_id, ofLink.set(verdict.issue_key, verdict));
  }
  return byLink;
}

/** Stores one submission's verdicts; returns their ids. */
export async function insertVerdicts(
  db: Executor,
  submission: { linkId: string; submissionId: string; createdAt: Date; reviewer: string | null },
  verdicts: ReadonlyArray<{ key: string; verdict: 'passed' | 'failed'; comment: string | null }>,
) {
  return db
    .insertInto('review_verdicts')
    .values(
      verdicts.map((v) => ({
        link_id: submission.linkId,
        submission_id: submission.submissionId,
        issue_key: v.key,
        verdict: v.verdict,
        comment: v.comment,
        created_at: submission.createdAt,
        reviewer: submission.reviewer,
      })),
    )
    .returning(['id', 'verdict'])
    .execute();
}

/** A verdict with what its comment in Jira says and does: the notice it answers, the project's transitions. */
export async function findVerdictToWriteBack(db: Executor, verdictId: string) {
  return linksWithNotice(db)
    .innerJoin('review_verdicts as v', 'v.link_id', 'l.id')
    .select([
      'v.id',
      'v.link_id',
      'v.created_at as verdict_created_at',
      'v.issue_key',
      'v.verdict',
      'v.comment',
      'v.reviewer',
      'v.write_back',
      'v.jira_comment_id',
      's.created_at',
      's.finished_at',
      's.subject',
      's.trigger',
      's.sent_by_user_id',
      'p.workspace_id',
      'p.user_id',
      // Whose Jira token auto-send uses (auto-send's bookkeeping), read in the same statement.
      sql<string | null>`(select switched_on_by from autosend_schedules where project_id = p.id)`.as(
        'autosend_user_id',
      ),
      'p.review_on_failed',
      'p.review_on_passed',
      'p.site_id',
    ])
    .where('v.id', '=', verdictId)
    .executeTakeFirst();
}

/** Records how writing the verdict back ended (and whose Jira token wrote), unless that was recorded before. */
export async function recordWriteBack(
  db: Executor,
  verdictId: string,
  state: 'written' | 'refused',
  error: string | null,
  writtenAs: string | null = null,
): Promise<void> {
  await db
    .updateTable('review_verdicts')
    .set({ write_back: state, write_back_error: error, written_as: writtenAs })
    .where('id', '=', verdictId)
    .where('write_back', '=', 'pending')
    .execute();
}

/** Notes the Jira comment that carries the verdict, so a retry does not post it again. */
export async function setJiraCommentId(db: Executor, verdictId: string, commentId: string): Promise<void> {
  await db
    .updateTable('review_verdicts')
    .set({ jira_comment_id: commentId })
    .where('id', '=', verdictId)
    .execute();
}

/**
 * Locks a link's row for the caller's transaction (submissions and the sign-off of one notice then run
 * one after the other) and says whether it is signed off.
 */
export async function lockLink(db: Executor, linkId: string): Promise<{ signedOff: boolean }> {
  const row = await db
    .selectFrom('review_links')
    .select('signed_off_at')
    .where('id', '=', linkId)
    .forUpdate()
    .executeTakeFirst();
  return { signedOff: row?.signed_off_at != null };
}

/** Records the notice's sign-off, unless it was signed off before; false then. */
export async function recordSignOff(
  db: Executor,
  linkId: string,
  signOff: { by: string; at: Date; verdicts: Array<{ key: string; verdict: 'passed' | 'failed' }> },
): Promise<boolean> {
  const row = await db
    .updateTable('review_links')
    .set({
      signed_off_at: signOff.at,
      signed_off_by: signOff.by,
      signed_off_verdicts: JSON.stringify(signOff.verdicts),
    })
    .where('id', '=', linkId)
    .where('signed_off_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** A signed-off notice with its project and stories, for the owner's summary. */
export async function findSignOff(db: Executor, linkId: string) {
  return linksWithNotice(db)
    .select([
      'l.id',
      'l.stories',
      'l.signed_off_at',
      'l.signed_off_by',
      'l.signed_off_verdicts',
      's.created_at',
      's.finished_at',
      's.subject',
      'p.project_name',
      'p.project_key',
      'p.workspace_id',
      'p.user_id',
    ])
    .where('l.id', '=', linkId)
    .executeTakeFirst();
}

/**
 * Per story of the project among `keys`: the latest verdict given on the latest notice that carried it
 * (a verdict on an older notice is answered by the newer one). Stories without such a verdict are absent.
 */
export async function latestVerdictsOfLatestNotices(
  db: Executor,
  projectId: string,
  keys: readonly string[],
) {
  if (keys.length === 0) return [];
  const result = await sql<{ id: string; issue_key: string; verdict: 'passed' | 'failed'; created_at: Date }>`
    select distinct on (v.issue_key) v.id, v.issue_key, v.verdict, v.created_at
      from review_verdicts v
      join review_links l on l.id = v.link_id
      join sends s on s.id = l.send_id
     where s.project_id = ${projectId}::uuid
       and s.status in ('sent', 'unconfirmed')
       and v.issue_key = any(${sql.val([...keys])}::text[])
       and not exists (
         select 1 from sends newer
          where newer.project_id = s.project_id
            and newer.status in ('sent', 'unconfirmed', 'sending')
            and newer.created_at > s.created_at
            and v.issue_key = any(newer.issue_keys))
     order by v.issue_key, v.created_at desc, v.id desc`.execute(db);
  return result.rows;
}
