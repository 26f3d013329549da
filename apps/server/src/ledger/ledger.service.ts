// What other modules' services read of the ledger outside a claim: the review status screen's entries and
// a project's sent list. Claims, hand-overs and give-backs go through `app.ledger` (ledger.ts).
import type { Db } from '../db/database.ts';
import { listSends } from './sends.repository.ts';
import { sentKeysOf } from './sent-lists.repository.ts';
import { storyStateCounts, storyStatusJson } from './story-status.repository.ts';

/** The review status screen's answer for the project, as JSON text the database writes. */
export function storyStatusText(db: Db, projectId: string, today: string): Promise<string> {
  return storyStatusJson(db, projectId, today);
}

/**
 * Per project key of the workspace: its sent stories counted by the state the review status screen shows
 * (the projects list's summary), from the same kept entries as storyStatusText.
 */
export function storyStateCountsOf(db: Db, workspaceId: string, today: string) {
  return storyStateCounts(db, workspaceId, today);
}

/** The project's send history, newest first (the Sent screen). */
export function sendsOf(db: Db, projectId: string) {
  return listSends(db, projectId);
}

/** The story the project's sent list took last; undefined before its first claim. */
export async function latestSentKey(db: Db, projectId: string): Promise<string | undefined> {
  return (await sentKeysOf(db, projectId)).at(-1);
}
