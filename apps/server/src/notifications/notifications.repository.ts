// When each member last opened the notifications of a workspace (`notification_marks`).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database>;

export async function findSeenAt(db: Executor, userId: string, workspaceId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('notification_marks')
    .select('seen_at')
    .where('user_id', '=', userId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return row?.seen_at ?? null;
}

/** Moves the mark to `seenAt`, never back (two tabs may mark in either order). */
export async function markSeen(db: Executor, userId: string, workspaceId: string, seenAt: Date) {
  await db
    .insertInto('notification_marks')
    .values({ user_id: userId, workspace_id: workspaceId, seen_at: seenAt })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'workspace_id'])
        .doUpdateSet({ seen_at: sql`greatest(notification_marks.seen_at, excluded.seen_at)` }),
    )
    .execute();
}
