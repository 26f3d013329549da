// The demo tracker's state beside its fixed seed (demo-data.ts): the comments added to issues and the
// statuses issues were moved to, kept in the database so they outlive a restart. Each workspace sees only
// its own: a change belongs to the workspaces of its author that hold a project of the issue's key (else
// to all of the author's), and a caller sees what belongs to a workspace they are a member of.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A story key's project key: what comes before its last '-'. */
const projectOfKey = (issueKey: string) => issueKey.slice(0, Math.max(issueKey.lastIndexOf('-'), 0));

/** The workspaces a change by `userId` to `issueKey` belongs to (see the top of this file). */
function workspacesOfWriter(userId: string, issueKey: string) {
  return sql<string[]>`coalesce(
    nullif(array(select p.workspace_id from projects p
      join workspace_members m on m.workspace_id = p.workspace_id and m.user_id = ${userId}
      where p.project_key = ${projectOfKey(issueKey)}), '{}'),
    array(select workspace_id from workspace_members where user_id = ${userId}))`;
}

/** The workspaces whose changes `userId` sees: theirs (none for an anonymous caller). */
function workspacesOfReader(userId: string | null) {
  return sql<string[]>`array(select workspace_id from workspace_members where user_id = ${userId}::uuid)`;
}

/** Every issue whose status a transition changed, as the reader sees it: the latest change of theirs. */
export async function changedStatuses(db: Executor, readerId: string | null) {
  return db
    .selectFrom('demo_tracker_statuses')
    .distinctOn('issue_key')
    .select(['issue_key', 'status_id'])
    .where(sql<boolean>`workspace_id = any(${workspacesOfReader(readerId)})`)
    .orderBy('issue_key')
    .orderBy('changed_at', 'desc')
    .execute();
}

async function setIssueStatus(
  db: Executor,
  writerId: string,
  issueKey: string,
  statusId: string,
): Promise<void> {
  await sql`insert into demo_tracker_statuses (workspace_id, issue_key, status_id, changed_at)
    select w, ${issueKey}, ${statusId}, now() from unnest(${workspacesOfWriter(writerId, issueKey)}) as w
    on conflict (workspace_id, issue_key) do update set status_id = excluded.status_id, changed_at = now()`.execute(
    db,
  );
}

/** The issue's comments the reader may see, in the order asked, with their author's e-mail (null once gone). */
export async function commentsOfIssue(
  db: Executor,
  issueKey: string,
  order: 'asc' | 'desc',
  readerId: string,
) {
  return db
    .selectFrom('demo_tracker_comments as c')
    .leftJoin('users', 'users.id', 'c.author_user_id')
    .select(['c.id', 'c.issue_key', 'c.body', 'c.created_at', 'c.author_user_id', 'users.email'])
    .where('c.issue_key', '=', issueKey)
    .where(sql<boolean>`c.workspace_ids && ${workspacesOfReader(readerId)}`)
    .orderBy('c.id', order)
    .execute();
}

export async function insertComment(db: Executor, issueKey: string, authorUserId: string, body: object) {
  return db
    .insertInto('demo_tracker_comments')
    .values({
      issue_key: issueKey,
      author_user_id: authorUserId,
      body: JSON.stringify(body),
      workspace_ids: workspacesOfWriter(authorUserId, issueKey),
    })
    .returning(['id', 'issue_key', 'body', 'created_at', 'author_user_id'])
    .executeTakeFirstOrThrow();
}

/** Moves an issue to a status and records the change in its changelog, in one transaction, in the writer's workspaces. */
export async function changeIssueStatus(
  db: Kysely<Database>,
  writerId: string,
  change: { issueKey: string; fromStatusId: string; toStatusId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setIssueStatus(trx, writerId, change.issueKey, change.toStatusId);
    await sql`insert into demo_tracker_status_changes
        (workspace_id, issue_key, from_status_id, to_status_id, author_user_id, created_at)
      select w, ${change.issueKey}, ${change.fromStatusId}, ${change.toStatusId}, ${writerId}, now()
      from unnest(${workspacesOfWriter(writerId, change.issueKey)}) as w`.execute(trx);
  });
}

/**
 * The status changes of these issues the reader sees, oldest first, with their author's e-mail. A change
 * kept in several of the reader's workspaces is listed once.
 */
export async function statusChangesOf(db: Executor, readerId: string, issueKeys: readonly string[]) {
  if (issueKeys.length === 0) return [];
  const rows = await db
    .selectFrom('demo_tracker_status_changes as c')
    .leftJoin('users', 'users.id', 'c.author_user_id')
    .distinctOn(['c.issue_key', 'c.created_at', 'c.from_status_id', 'c.to_status_id'])
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
    .where(sql<boolean>`c.workspace_id = any(${workspacesOfReader(readerId)})`)
    .orderBy('c.issue_key')
    .orderBy('c.created_at')
    .orderBy('c.from_status_id')
    .orderBy('c.to_status_id')
    .orderBy('c.id')
    .execute();
  return rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || Number(a.id) - Number(b.id));
}
