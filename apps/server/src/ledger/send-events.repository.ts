// What happened to a workspace's notices since a moment, newest first, for the notifications: sends that
// failed (by hand or automatic) and auto-send runs that e-mailed stories.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database>;

/** The workspace's failed sends and auto-sends that went out, finished after `since`, newest first. */
export async function sendEventsSince(db: Executor, workspaceId: string, since: Date, limit: number) {
  const finishedAt = sql<Date>`coalesce(s.finished_at, s.created_at)`;
  return db
    .selectFrom('sends as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select([
      's.id',
      finishedAt.as('at'),
      's.trigger',
      's.status',
      's.issue_keys',
      's.error',
      'p.project_key',
      'p.project_name',
      'p.site_id',
    ])
    .where('p.workspace_id', '=', workspaceId)
    .where((eb) =>
      eb.or([
        eb('s.status', '=', 'failed'),
        eb.and([eb('s.trigger', '=', 'auto'), eb('s.status', 'in', ['sent', 'unconfirmed'])]),
      ]),
    )
    .where(finishedAt, '>', since)
    .orderBy(finishedAt, 'desc')
    .orderBy('s.id')
    .limit(limit)
    .execute();
}
