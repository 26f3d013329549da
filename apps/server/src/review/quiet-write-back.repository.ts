// The queries that keep a review link from becoming a megaphone (main README, "The client's review"):
// only a story's latest verdict is written back, and the owner's Failed e-mails of one notice are held
// for 10 minutes after the last one and then sent as one.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

interface VerdictPlace {
  id: string;
  link_id: string;
  issue_key: string;
  created_at: Date;
}

/** Whether the story has a verdict given after this one (latestVerdicts' order: time, then id). */
export async function hasLaterVerdict(db: Executor, verdict: VerdictPlace): Promise<boolean> {
  const later = await db
    .selectFrom('review_verdicts')
    .select('id')
    .where('link_id', '=', verdict.link_id)
    .where('issue_key', '=', verdict.issue_key)
    .where((eb) =>
      eb.or([
        eb('created_at', '>', verdict.created_at),
        eb.and([eb('created_at', '=', verdict.created_at), eb('id', '>', verdict.id)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst();
  return later !== undefined;
}

/** The story's verdict last written to Jira before this one, with its comment's id. */
export async function lastWrittenVerdict(db: Executor, verdict: VerdictPlace) {
  return db
    .selectFrom('review_verdicts')
    .select(['verdict', 'comment', 'reviewer', 'jira_comment_id', 'written_as'])
    .where('link_id', '=', verdict.link_id)
    .where('issue_key', '=', verdict.issue_key)
    .where('write_back', '=', 'written')
    .where('id', '!=', verdict.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A verdict replaced within the quiet period: it is never written. */
export async function markSuperseded(db: Executor, verdictId: string): Promise<void> {
  await db
    .updateTable('review_verdicts')
    .set({ write_back: 'superseded' })
    .where('id', '=', verdictId)
    .where('write_back', '=', 'pending')
    .execute();
}

/** The link a submission answered (Failed-mail jobs queued before they named their link). */
export async function linkOfSubmission(db: Executor, submissionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('review_verdicts')
    .select('link_id')
    .where('submission_id', '=', submissionId)
    .limit(1)
    .executeTakeFirst();
  return row?.link_id;
}

interface FailedStory {
  issue_key: string;
  comment: string | null;
}

/** What claimFailedMail found: a hold, nothing to tell, or the stories to tell of (and how to undo it). */
type FailedMailClaim =
  | { kind: 'held'; until: Date }
  | { kind: 'nothing' }
  | {
      kind: 'tell';
      stories: FailedStory[];
      notice: Awaited<ReturnType<typeof noticeOfLink>>;
      previous: { sentAt: Date | null; coveredUntil: Date | null };
    };

/**
 * Claims the owner's next Failed e-mail of a notice, in one transaction on the link's row: held until 10
 * minutes (`holdMs`) after the last one; else every story whose latest verdict is Failed, given after the
 * verdicts the last e-mail told of and settled (given before `settledBefore`, its quiet period over). The
 * link then records the e-mail as sent; `releaseFailedMail` undoes that when the e-mail could not go.
 */
export async function claimFailedMail(
  db: Kysely<Database>,
  linkId: string,
  at: { now: Date; holdMs: number; settledBefore: Date },
): Promise<FailedMailClaim> {
  return db.transaction().execute(async (trx) => {
    const link = await trx
      .selectFrom('review_links')
      .select(['failed_mail_sent_at', 'failed_mail_covered_until'])
      .where('id', '=', linkId)
      .forUpdate()
      .executeTakeFirst();
    if (!link) return { kind: 'nothing' };
    const sentAt = link.failed_mail_sent_at;
    if (sentAt && at.now.getTime() < sentAt.getTime() + at.holdMs) {
      return { kind: 'held', until: new Date(sentAt.getTime() + at.holdMs) };
    }
    const coveredUntil = link.failed_mail_covered_until;
    const latest = await sql<FailedStory & { verdict: string; created_at: Date }>`
      select distinct on (issue_key) issue_key, verdict, comment, created_at
        from review_verdicts where link_id = ${linkId}
       order by issue_key, created_at desc, id desc`.execute(trx);
    // A story still changing (its latest verdict not yet quiet) is told of by its own job, later.
    const failed = latest.rows.filter(
      (row) =>
        row.verdict === 'failed' &&
        row.created_at <= at.settledBefore &&
        (!coveredUntil || row.created_at > coveredUntil),
    );
    if (failed.length === 0) return { kind: 'nothing' };
    const newest = new Date(Math.max(...failed.map((row) => row.created_at.getTime())));
    await trx
      .updateTable('review_links')
      .set({
        failed_mail_sent_at: at.now,
        failed_mail_covered_until: coveredUntil && coveredUntil > newest ? coveredUntil : newest,
      })
      .where('id', '=', linkId)
      .execute();
    return {
      kind: 'tell',
      stories: failed.map(({ issue_key, comment }) => ({ issue_key, comment })),
      notice: await noticeOfLink(trx, linkId),
      previous: { sentAt, coveredUntil },
    };
  });
}

/** Undoes a claim whose e-mail could not go, so the next attempt tells of the same stories. */
export async function releaseFailedMail(
  db: Executor,
  linkId: string,
  claimedAt: Date,
  previous: { sentAt: Date | null; coveredUntil: Date | null },
): Promise<void> {
  await db
    .updateTable('review_links')
    .set({ failed_mail_sent_at: previous.sentAt, failed_mail_covered_until: previous.coveredUntil })
    .where('id', '=', linkId)
    .where('failed_mail_sent_at', '=', claimedAt)
    .execute();
}

/** The notice a link answers, with its project, as the Failed e-mail names them. */
function noticeOfLink(db: Executor, linkId: string) {
  return db
    .selectFrom('review_links as l')
    .innerJoin('sends as s', 's.id', 'l.send_id')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select([
      'l.stories',
      's.created_at',
      's.finished_at',
      's.subject',
      'p.project_name',
      'p.project_key',
      'p.workspace_id',
      'p.user_id',
    ])
    .where('l.id', '=', linkId)
    .executeTakeFirstOrThrow();
}
