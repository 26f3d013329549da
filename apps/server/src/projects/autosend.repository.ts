// Auto-send's bookkeeping on the project row: when a round is due, who switched it on, how the last one ended.

import type { NoticeTemplate } from '@handoff/core/notice-template';
import type { GroupBy } from '@handoff/core/story-groups';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Claims up to `limit` projects whose auto-send round is due, for this server process alone (row locks
 * with SKIP LOCKED), and moves their next round to `next`.
 */
export async function claimDueAutosendProjects(db: Executor, now: Date, next: Date, limit: number) {
  const result = await sql<{
    id: string;
    workspace_id: string;
    autosend_user_id: string | null;
    project_key: string;
    client_emails: string[];
    client_cc: string[];
    site_id: string | null;
    statuses_offered: string[] | null;
    client_language: string;
    project_name: string;
    notice_template: NoticeTemplate | null;
    group_by: GroupBy;
  }>`
    UPDATE projects SET autosend_next_run_at = ${next}
    WHERE id IN (
      SELECT id FROM projects
      WHERE autosend AND (autosend_next_run_at IS NULL OR autosend_next_run_at <= ${now})
      ORDER BY autosend_next_run_at NULLS FIRST, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, workspace_id, autosend_user_id, project_key, client_emails, client_cc, site_id,
      statuses_offered, client_language, project_name, notice_template, group_by`.execute(db);
  return result.rows;
}

/** Switches auto-send off with the reason, shown on the project list. */
export async function stopAutosend(db: Executor, projectId: string, reason: string): Promise<void> {
  await db
    .updateTable('projects')
    .set({ autosend: false, autosend_next_run_at: null, autosend_last_error: reason })
    .where('id', '=', projectId)
    .execute();
}

/** Switches off the workspace's auto-sends that run on a member's Jira token, with the reason. */
export async function stopAutosendOfMember(
  db: Executor,
  workspaceId: string,
  memberId: string,
  reason: string,
): Promise<void> {
  await db
    .updateTable('projects')
    .set({
      autosend: false,
      autosend_next_run_at: null,
      autosend_last_error: reason,
      updated_at: new Date(),
    })
    .where('workspace_id', '=', workspaceId)
    .where('autosend_user_id', '=', memberId)
    .where('autosend', '=', true)
    .execute();
}

/** An auto-send round of the project ended at `at`, with its error (null when it went well). */
export async function recordAutosendRound(
  db: Executor,
  projectId: string,
  at: Date,
  error: string | null,
): Promise<void> {
  await db
    .updateTable('projects')
    .set({ autosend_last_run_at: at, autosend_last_error: error })
    .where('id', '=', projectId)
    .execute();
}
