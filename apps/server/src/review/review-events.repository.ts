// What clients did in a workspace since a moment, newest first, for the notifications: answers given and
// notices signed off (`review_verdicts`, `review_links`, joined to the notice's send and project to stay
// in one workspace).
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database>;

/**
 * The client's answers on the workspace's notices given after `since`, newest first: one per press of
 * "Submit results" (a submission), with its verdicts by key and the notice's story snapshot (for their titles).
 */
export async function answersSince(db: Executor, workspaceId: string, since: Date, limit: number) {
  return db
    .selectFrom('review_verdicts as v')
    .innerJoin('review_links as l', 'l.id', 'v.link_id')
    .innerJoin('sends as s', 's.id', 'l.send_id')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select([
      'v.submission_id as id',
      sql<Date>`max(v.created_at)`.as('at'),
      sql<string | null>`max(v.reviewer)`.as('reviewer'),
      sql<Array<{ key: string; verdict: 'passed' | 'failed' }>>`json_agg(json_build_object(
        'key', v.issue_key, 'verdict', v.verdict))`.as('verdicts'),
      'l.stories',
      'p.project_key',
      'p.project_name',
      'p.site_id',
    ])
    .where('p.workspace_id', '=', workspaceId)
    .where('v.created_at', '>', since)
    .groupBy(['v.submission_id', 'l.id', 'p.id'])
    .orderBy(sql`max(v.created_at)`, 'desc')
    .orderBy('v.submission_id')
    .limit(limit)
    .execute();
}

/** The workspace's notices signed off after `since`, newest first. */
export async function signOffsSince(db: Executor, workspaceId: string, since: Date, limit: number) {
  return db
    .selectFrom('review_links as l')
    .innerJoin('sends as s', 's.id', 'l.send_id')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select([
      'l.id',
      'l.signed_off_at as at',
      'l.signed_off_by',
      'l.signed_off_verdicts',
      'l.stories',
      'p.project_key',
      'p.project_name',
      'p.site_id',
    ])
    .where('p.workspace_id', '=', workspaceId)
    .where('l.signed_off_at', '>', since)
    .orderBy('l.signed_off_at', 'desc')
    .orderBy('l.id')
    .limit(limit)
    .execute();
}
