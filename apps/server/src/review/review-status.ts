// The review status of a project (POST /jira/review/getStatus): one entry per story ever sent, with where
// it stands. `retest`: a re-test is offered, or the story was sent again and its latest notice has no
// verdict yet.
import type { StoryStatus } from '@handoff/core/api';
import type { Db } from '../db/database.ts';
import { storyStatusRows } from '../ledger/sends.repository.ts';

export async function reviewStatus(db: Db, projectId: string): Promise<StoryStatus[]> {
  const rows = await storyStatusRows(db, projectId);
  return rows.map((row) => ({
    key: row.key,
    summary: row.summary || row.key,
    state: row.offered ? 'retest' : (row.verdict ?? (row.rounds > 1 ? 'retest' : 'waiting')),
    rounds: row.rounds,
    lastSentAt: row.last_sent_at.toISOString(),
    answeredAt: row.answered_at?.toISOString() ?? null,
    reviewer: row.reviewer,
    comment: row.comment,
    signedOff: row.signed_off,
  }));
}
