// The `users` table (the Handoff user of each sign-in account): every query on it lives here. Other
// modules that need a user's row add their function at the end of this file, under a comment naming them.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A user's row as the product-user loader needs it (the Jira API token still sealed). */
interface StoredUser {
  id: string;
  email: string;
  apikey_encrypted: string;
  display_name: string;
}

/** The Handoff user of an identity account, if it has registered. */
export function findUserByIdentityUid(db: Db, identityUid: string): Promise<StoredUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'apikey_encrypted', 'display_name'])
    .where('identity_uid', '=', identityUid)
    .executeTakeFirst();
}

/**
 * Stores the Handoff user of a new identity account; its id, or undefined when the account or e-mail
 * already has one (nothing is written then).
 */
export async function insertUser(
  db: Db,
  user: { identityUid: string; email: string; apikeyEncrypted: string; displayName: string },
): Promise<string | undefined> {
  const row = await db
    .insertInto('users')
    .values({
      identity_uid: user.identityUid,
      email: user.email,
      apikey_encrypted: user.apikeyEncrypted,
      display_name: user.displayName,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Gives the Handoff user of an unverified account that a new registration replaced to the new account,
 * with the new registration's Jira API token (the squatter's is dropped); its id, or undefined when the
 * replaced account had none.
 */
export async function takeOverUser(
  db: Db,
  replacedUid: string,
  user: { identityUid: string; apikeyEncrypted: string; displayName: string },
): Promise<string | undefined> {
  const row = await db
    .updateTable('users')
    .set({
      identity_uid: user.identityUid,
      apikey_encrypted: user.apikeyEncrypted,
      display_name: user.displayName,
    })
    .where('identity_uid', '=', replacedUid)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Drops the Jira API token given at registration (stored empty: it opens to nothing, so the user is asked
 * for one), when a password reset proved an address no one had proved before the token was set.
 */
export async function dropRegistrationKey(db: Db, identityUid: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ apikey_encrypted: '' })
    .where('identity_uid', '=', identityUid)
    .execute();
}

/** Sets the name the user goes by (empty: none). */
export async function setUserDisplayName(db: Db, userId: string, displayName: string): Promise<void> {
  await db.updateTable('users').set({ display_name: displayName }).where('id', '=', userId).execute();
}

/** How many users there are: the health check's proof that the database answers. */
export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// Used by review/
/** The user's id and e-mail, if the account exists. */
export async function findUserEmail(db: Db, userId: string) {
  return db.selectFrom('users').select(['id as userId', 'email']).where('id', '=', userId).executeTakeFirst();
}

/** Whether a user has this e-mail (compared without case): an invitation's page offers sign-in or register. */
export async function hasUserWithEmail(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

// Used by tracker/
/** The user with this e-mail (compared without case) and their sealed Jira token: the demo tracker's sign-in. */
export async function findUserByEmailForTracker(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'apikey_encrypted'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Replaces the user's sealed Jira API token. */
export async function setUserApiKey(db: Db, userId: string, apikeyEncrypted: string): Promise<void> {
  await db.updateTable('users').set({ apikey_encrypted: apikeyEncrypted }).where('id', '=', userId).execute();
}

// Used by workspaces/, projects/, autosend/

/** The user's e-mail and display name (empty: none given), if there is such a user. */
export async function personOfUser(
  db: Db,
  userId: string | null,
): Promise<{ email: string; name: string } | null> {
  if (!userId) return null;
  const row = await db
    .selectFrom('users')
    .select(['email', 'display_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
  return row ? { email: row.email, name: row.display_name } : null;
}

/** The user's e-mail, if there is such a user. */
export async function emailOfUser(db: Db, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}

/**
 * A user's account with their (sealed) Jira token, while they belong to the workspace: whose token
 * auto-send and the notice's story fetch use.
 */
export async function memberWithJiraToken(db: Db, workspaceId: string, userId: string | null) {
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
export async function currentWorkspaceOf(db: Db, userId: string): Promise<string | null> {
  const user = await db
    .selectFrom('users')
    .select('current_workspace_id')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return user.current_workspace_id;
}

export async function setCurrentWorkspace(db: Db, userId: string, workspaceId: string): Promise<void> {
  await db.updateTable('users').set({ current_workspace_id: workspaceId }).where('id', '=', userId).execute();
}

/** Makes the workspace the user's current one if they are a member of it; whether they are. */
export async function setCurrentWorkspaceIfMember(
  db: Db,
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
export async function setCurrentWorkspaceToOldest(db: Db, userId: string): Promise<void> {
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
