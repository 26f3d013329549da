import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

// Used by review/
/** The user's id and e-mail, if the account exists. */
export async function findUserEmail(db: Executor, userId: string) {
  return db.selectFrom('users').select(['id as userId', 'email']).where('id', '=', userId).executeTakeFirst();
}

// Used by tracker/
/** The user with this e-mail (compared without case) and their sealed Jira token: the demo tracker's sign-in. */
export async function findUserByEmailForTracker(db: Executor, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'apikey_encrypted'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Replaces the user's sealed Jira API token. */
export async function setUserApiKey(db: Executor, userId: string, apikeyEncrypted: string): Promise<void> {
  await db.updateTable('users').set({ apikey_encrypted: apikeyEncrypted }).where('id', '=', userId).execute();
}
