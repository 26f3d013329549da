// Auto-send's bookkeeping of each project (autosend_schedules): whether it is on, who switched it on,
// when a round is due, how the last one ended. A project has a row once auto-send was first switched on.
import type { NoticeTemplate } from '@handoff/core/notice-template';
import type { GroupBy } from '@handoff/core/story-groups';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Claims up to `limit` projects whose auto-send round is due, for this server process alone (row locks
 * with SKIP LOCKED), and moves their next round to `next`; with what a round needs of each project.
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
    WITH claimed AS (
      UPDATE autosend_schedules SET next_run_at = ${next}
      WHERE project_id IN (
        SELECT project_id FROM autosend_schedules
        WHERE switched_on AND (next_run_at IS NULL OR next_run_at <= ${now})
        ORDER BY next_run_at NULLS FIRST, project_id
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      RETURNING project_id, switched_on_by
    )
    SELECT p.id, p.workspace_id, claimed.switched_on_by AS autosend_user_id, p.project_key,
      p.client_emails, p.client_cc, p.site_id, p.statuses_offered, p.client_language, p.project_name,
      p.notice_template, p.group_by
    FROM claimed JOIN projects AS p ON p.id = claimed.project_id
    ORDER BY p.id`.execute(db);
  return result.rows;
}

/**
 * Switches auto-send on (by `userId`, whose Jira token it uses; its first round is due at once) or off,
 * in the caller's transaction. Switching on what is on, or off what is off, changes nothing.
 */
export async function switchAutosend(
  db: Executor,
  projectId: string,
  change: { on: true; userId: string } | { on: false },
): Promise<void> {
  if (!change.on) {
    await db
      .updateTable('autosend_schedules')
      .set({ switched_on: false, switched_on_by: null })
      .where('project_id', '=', projectId)
      .execute();
    return;
  }
  await db
    .insertInto('autosend_schedules')
    .values({ project_id: projectId, switched_on: true, switched_on_by: change.userId })
    .onConflict((oc) =>
      oc.column('project_id').doUpdateSet({
        switched_on: true,
        switched_on_by: change.userId,
        next_run_at: null,
        last_error: null,
      }),
    )
    .execute();
}

/** Switches auto-send off with the reason, shown on the project list. */
export async function stopAutosend(db: Executor, projectId: string, reason: string): Promise<void> {
  await db
    .updateTable('autosend_schedules')
    .set({ switched_on: false, next_run_at: null, last_error: reason })
    .where('project_id', '=', projectId)
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
    .updateTable('autosend_schedules')
    .set({ switched_on: false, next_run_at: null, last_error: reason })
    .where('switched_on_by', '=', memberId)
    .where('switched_on', '=', true)
    // The workspace's projects, read in the same statement.
    .where(sql<boolean>`project_id in (select id from projects where workspace_id = ${workspaceId})`)
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
    .updateTable('autosend_schedules')
    .set({ last_run_at: at, last_error: error })
    .where('project_id', '=', projectId)
    .execute();
}

/** The project's auto-send as its answer shows it (autosend, autosendStatus); off before it was first switched on. */
export async function autosendStateOf(db: Executor, projectId: string) {
  const row = await db
    .selectFrom('autosend_schedules')
    .leftJoin('users as switcher', 'switcher.id', 'autosend_schedules.switched_on_by')
    .select(['switched_on', 'switched_on_by', 'next_run_at', 'last_run_at', 'last_error', 'switcher.email'])
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return {
    on: row?.switched_on ?? false,
    switchedOnBy: row?.switched_on_by ?? null,
    switchedOnByEmail: row?.switched_on ? (row.email ?? null) : null,
    nextRunAt: row?.next_run_at ?? null,
    lastRunAt: row?.last_run_at ?? null,
    lastError: row?.last_error ?? null,
  };
}
