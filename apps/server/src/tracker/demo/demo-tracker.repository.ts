// The demo tracker's state beside its fixed seed (demo-data.ts): the comments added to issues and the
// statuses issues were moved to, kept in the database so they outlive a restart.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Every issue whose status a transition changed, with its status id. */
export async function changedStatuses(db: Executor) {
  return db.selectFrom('demo_tracker_statuses').selectAll().execute();
}

export async function setIssueStatus(db: Executor, issueKey: string, statusId: string): Promise<void> {
  await db
    .insertInto('demo_tracker_statuses')
    .values({ issue_key: issueKey, status_id: statusId })
    .onConflict((oc) => oc.column('issue_key').doUpdateSet({ status_id: statusId }))
    .execute();
}

/** The issue's comments in the order asked, with their author's e-mail (null once the account is gone). */
export async function commentsOfIssue(db: Executor, issueKey: string, order: 'asc' | 'desc') {
  return db
    .selectFrom('demo_tracker_comments as c')
    .leftJoin('users', 'users.id', 'c.author_user_id')
    .select(['c.id', 'c.issue_key', 'c.body', 'c.created_at', 'c.author_user_id', 'users.email'])
    .where('c.issue_key', '=', issueKey)
    .orderBy('c.id', order)
    .execute();
}

export async function insertComment(db: Executor, issueKey: string, authorUserId: string, body: object) {
  return db
    .insertInto('demo_tracker_comments')
    .values({ issue_key: issueKey, author_user_id: authorUserId, body: JSON.stringify(body) })
    .returning(['id', 'issue_key', 'body', 'created_at', 'author_user_id'])
    .executeTakeFirstOrThrow();
}

/** Moves an issue to a status and records the change in its changelog, in one transaction. */
export async function changeIssueStatus(
  db: Kysely<Database>,
  change: { issueKey: string; fromStatusId: string; toStatusId: string; authorUserId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setIssueStatus(trx, change.issueKey, change.toStatusId);
    await trx
      .insertInto('demo_tracker_status_changes')
      .values({
        issue_key: change.issueKey,
        from_status_id: change.fromStatusId,
        to_status_id: change.toStatusId,
        author_user_id: change.authorUserId,
      })
      .execute();
  });
}

/** The status changes of these issues, oldest first, with their author's e-mail. */
export async function statusChangesOf(db: Executor, issueKeys: readonly string[]) {
  if (issueKeys.length === 0) return [];
  return db
    .selectFrom('demo_tracker_status_changes as c')
    .leftJoin('users', 'users.id', 'c.author_user_id')
    .select([
      'c.id',
      'c.issue_key',
      'c.from_status_id',
      'c.to_status_id',
      'c.created_at',
      'c.author_user_id',
      'users.email',
    ])
    .where('c.issue_key', 'in', [...issueKeys])
    .orderBy('c.id')
    .execute();
}
