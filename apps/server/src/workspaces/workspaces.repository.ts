import type { Db } from '../db/database.ts';

// Used by accounts/

/** Whether an invitation to `email` (lower-case) is still open at `at`: invite-only registration. */
export async function hasOpenInvitation(db: Db, email: string, at: Date): Promise<boolean> {
  const row = await db
    .selectFrom('workspace_invites')
    .select('id')
    .where('email', '=', email)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
