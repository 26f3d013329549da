// A project's sent list (sent_issue_keys), written only by the send ledger, always with the project row locked.
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** Locks the project row and reads its sent list: every change to its keys and its sends' states happens under it. */
export async function lockSentKeys(trx: Executor, projectId: string): Promise<string[] | undefined> {
  const row = await trx
    .selectFrom('projects')
    .select('sent_issue_keys')
    .where('id', '=', projectId)
    .forUpdate()
    .executeTakeFirst();
  return row?.sent_issue_keys;
}

export async function writeSentKeys(
  trx: Executor,
  projectId: string,
  keys: string[],
  at: Date,
): Promise<void> {
  await trx
    .updateTable('projects')
    .set({ sent_issue_keys: keys, updated_at: at })
    .where('id', '=', projectId)
    .execute();
}

/** Appends keys to the sent list in the database, without reading it back. */
export async function appendSentKeys(
  trx: Executor,
  projectId: string,
  keys: string[],
  at: Date,
): Promise<void> {
  await trx
    .updateTable('projects')
    .set({ sent_issue_keys: sql`sent_issue_keys || ${sql.val(keys)}::text[]`, updated_at: at })
    .where('id', '=', projectId)
    .execute();
}
