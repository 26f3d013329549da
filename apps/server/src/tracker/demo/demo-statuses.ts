// The demo issues' statuses: the seed's, unless a transition moved an issue (kept in the database).
import type { Db } from '../../db/database.ts';
import { DEMO_STATUSES, type DemoStatus } from './demo-data.ts';
import { changedStatuses } from './demo-tracker.repository.ts';

/** Issues' statuses changed by transitions, as the reader's workspaces see them, by key. */
export async function statusChanges(db: Db, readerId: string | null): Promise<Map<string, DemoStatus>> {
  const changed = new Map<string, DemoStatus>();
  for (const row of await changedStatuses(db, readerId)) {
    const status = DEMO_STATUSES.find((s) => s.id === row.status_id);
    if (status) changed.set(row.issue_key, status);
  }
  return changed;
}

/** The demo workflow is global: one transition into each status, numbered as Jira numbers them (11, 21, …). */
export function transitionIdOf(status: DemoStatus): string {
  return String((DEMO_STATUSES.indexOf(status) + 1) * 10 + 1);
}
