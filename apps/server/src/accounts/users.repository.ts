import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

// Used by workspaces/, projects/, autosend/

/** The user's e-mail, if there is such a user. */
export async function emailOfUser(db: Kysely<Database>, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

/**
 * A user's account with their (sealed) Jira token, while they belong to the workspace: whose token
 * auto-send and the notice's story fetch use.
 */
export async function memberWithJiraToken(db: Kysely<Database>, workspaceId: string, userId: string | null) {
  if (!userId) return undefined;
  return db
    .selectFrom('users')
    .innerJoin('workspace_members as m', 'm.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.apikey_encrypted'])
    .where('users.id', '=', userId)
    .where('m.workspace_id', '=', workspaceId)
    .executeTakeFirst();
}

/** The user's current workspace (null when they have none); throws when there is no such user. */
export async function currentWorkspaceOf(db: Kysely<Database>, userId: string): Promise<string | null> {
  const user = await db
    .selectFrom('users')
    .select('current_workspace_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.current_workspace_id;
}

export async function setCurrentWorkspace(
  db: Kysely<Database>,
  userId: string,
  workspaceId: string,
): Promise<void> {
  await db.updateTable('users').set({ current_workspace_id: workspaceId }).where('id', '=', userId).execute();
}

/** Makes the workspace the user's current one if they are a member of it; whether they are. */
export async function setCurrentWorkspaceIfMember(
  db: Kysely<Database>,
  userId: string,
  workspaceId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ current_workspace_id: workspaceId })
    .where('id', '=', userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('workspace_members')
          .select('user_id')
          .where('workspace_id', '=', workspaceId)
          .where('user_id', '=', userId),
      ),
    )
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Makes the oldest workspace the user (still) belongs to their current one; none when they have none. */
export async function setCurrentWorkspaceToOldest(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({
      current_workspace_id: eb
        .selectFrom('workspace_members')
        .select('workspace_id')
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .limit(1),
    }))
    .where('id', '=', userId)
    .execute();
}
