// A project's sent list (sent_lists), the ledger's own: every change to its keys and to its sends' states
// happens with its row locked (SELECT … FOR UPDATE), so claims are safe across server processes.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Locks the project's sent list and reads it; undefined when the project is gone. The row is made on
 * the first lock (a project starts with none): a second transaction making it waits for the first
 * to commit, then locks the row the first made. With `only`, only those keys of the list come back
 * (the list grows with the project's history, a send doesn't).
 */
export async function lockSentKeys(
  trx: Executor,
  projectId: string,
  only?: readonly string[],
): Promise<string[] | undefined> {
  // The project row first (FOR KEY SHARE: only its deletion waits, and is waited for), then the list:
  // the order a project's deletion takes them in, so the two never deadlock.
  await sql`insert into sent_lists (project_id)
    select id from projects where id = ${projectId} for key share
    on conflict (project_id) do nothing`.execute(trx);
  const row = await trx
    .selectFrom('sent_lists')
    .select(
      only
        ? sql<
            string[]
          >`array(select key from unnest(${sql.val([...only])}::text[]) as key where key = any(issue_keys))`.as(
            'issue_keys',
          )
        : 'issue_keys',
    )
    .where('project_id', '=', projectId)
    .forUpdate()
    .executeTakeFirst();
  return row?.issue_keys;
}

/** Replaces the sent list; the caller holds its lock. */
export async function writeSentKeys(trx: Executor, projectId: string, keys: string[]): Promise<void> {
  await trx.updateTable('sent_lists').set({ issue_keys: keys }).where('project_id', '=', projectId).execute();
}

/** Appends keys to the sent list in the database, without reading it back; the caller holds its lock. */
export async function appendSentKeys(trx: Executor, projectId: string, keys: string[]): Promise<void> {
  await trx
    .updateTable('sent_lists')
    .set({ issue_keys: sql`issue_keys || ${sql.val(keys)}::text[]` })
    .where('project_id', '=', projectId)
    .execute();
}

/** The project's sent list, unlocked (the project answer's sentProjectIssuesList); [] before the first claim. */
export async function sentKeysOf(db: Executor, projectId: string): Promise<string[]> {
  const row = await db
    .selectFrom('sent_lists')
    .select('issue_keys')
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return row?.issue_keys ?? [];
}
