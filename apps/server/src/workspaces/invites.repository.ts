// Invitations to a workspace (`workspace_invites`); only the hash of a link's token is stored.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database>;

/** The workspace's invitations neither used nor expired at `now`, oldest first. */
export async function openInvites(db: Executor, workspaceId: string, now: Date) {
  return db
    .selectFrom('workspace_invites')
    .select(['id', 'email', 'expires_at'])
    .where('workspace_id', '=', workspaceId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .execute();
}

export async function insertInvite(
  db: Executor,
  invite: { workspaceId: string; email: string; tokenHash: string; invitedBy: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('workspace_invites')
    .values({
      workspace_id: invite.workspaceId,
      email: invite.email,
      token_hash: invite.tokenHash,
      invited_by_user_id: invite.invitedBy,
      expires_at: invite.expiresAt,
    })
    .execute();
}

/** The invitation with this token hash, with its workspace's name, locked. */
const inviteByTokenHash = (db: Executor, tokenHash: string) =>
  db
    .selectFrom('workspace_invites as i')
    .innerJoin('workspaces as w', 'w.id', 'i.workspace_id')
    .select([
      'i.id',
      'i.email',
      'i.expires_at',
      'i.used_at',
      'i.workspace_id',
      'i.invited_by_user_id',
      'w.name',
    ])
    .where('i.token_hash', '=', tokenHash);

export async function lockInviteByTokenHash(db: Executor, tokenHash: string) {
  return inviteByTokenHash(db, tokenHash).forUpdate().executeTakeFirst();
}

export async function findInviteByTokenHash(db: Executor, tokenHash: string) {
  return inviteByTokenHash(db, tokenHash).executeTakeFirst();
}

export async function markInviteUsed(
  db: Executor,
  inviteId: string,
  userId: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('workspace_invites')
    .set({ used_at: at, used_by_user_id: userId })
    .where('id', '=', inviteId)
    .execute();
}

/** Withdraws the invitations of `email` to the workspace made since `since` (their e-mail did not go out). */
export async function deleteInvitesSince(
  db: Executor,
  invite: { workspaceId: string; email: string; since: Date },
): Promise<void> {
  await db
    .deleteFrom('workspace_invites')
    .where('workspace_id', '=', invite.workspaceId)
    .where('email', '=', invite.email)
    .where('created_at', '>=', invite.since)
    .execute();
}

/** Whether an invitation to `email` (lower-case) is still open at `at`: invite-only registration. */
export async function hasOpenInvitation(db: Executor, email: string, at: Date): Promise<boolean> {
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

/**
 * Ends open invitations of the workspace (a revoked link then answers as a used one): those with the given
 * ids, still open at `now`. Returns the ids it ended.
 */
export async function endInvites(
  db: Executor,
  workspaceId: string,
  inviteIds: readonly string[],
  now: Date,
): Promise<string[]> {
  if (inviteIds.length === 0) return [];
  const ended = await db
    .updateTable('workspace_invites')
    .set({ used_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', [...inviteIds])
    .where('used_at', 'is', null)
    .returning('id')
    .execute();
  return ended.map((row) => row.id);
}
