// The `users` table (the Handoff user of each sign-in account): every query on it lives here. Other
// modules that need a user's row add their function at the end of this file, under a comment naming them.
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** A user's row as the product-user loader needs it (the Jira API token still sealed). */
interface StoredUser {
  id: string;
  email: string;
  apikey_encrypted: string;
}

/** The Handoff user of an identity account, if it has registered. */
export function findUserByIdentityUid(db: Db, identityUid: string): Promise<StoredUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'apikey_encrypted'])
    .where('identity_uid', '=', identityUid)
    .executeTakeFirst();
}

/**
 * Stores the Handoff user of a new identity account; its id, or undefined when the account or e-mail
 * already has one (nothing is written then).
 */
export async function insertUser(
  db: Db,
  user: { identityUid: string; email: string; apikeyEncrypted: string },
): Promise<string | undefined> {
  const row = await db
    .insertInto('users')
    .values({ identity_uid: user.identityUid, email: user.email, apikey_encrypted: user.apikeyEncrypted })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
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
