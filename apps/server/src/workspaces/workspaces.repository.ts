import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

// Used by review/
/**
 * The workspace's owners with their (sealed) Jira tokens, in the order they are asked to write a verdict
 * back: `first` (the member who added the project) if an owner, then the longest-standing owners.
 */
export async function ownersWithJiraTokens(db: Executor, workspaceId: string, first: string) {
  return db
    .selectFrom('workspace_members as m')
    .innerJoin('users', 'users.id', 'm.user_id')
    .select(['users.id', 'users.email', 'users.apikey_encrypted'])
    .where('m.workspace_id', '=', workspaceId)
    .where('m.role', '=', 'owner')
    .orderBy(sql`users.id = ${first}`, 'desc')
    .orderBy('m.created_at')
    .orderBy('users.id')
    .execute();
}
