// The review status of a project (POST /jira/review/getStatus): one entry per story ever sent, with where
// it stands. `retest`: a re-test is offered, or the story was sent again and its latest notice has no
// verdict yet. `overdue`: its latest notice went out with an answer-by date, that day is over (UTC) and the
// client has not answered it; a story offered again waits on the team, not the client, so it is not overdue.
import type { StoryStatus } from '@handoff/core/api';
import { isPastAnswerBy } from '@handoff/core/dates';
import type { Db } from '../db/database.ts';
import { storyStatusRows } from '../ledger/sends.repository.ts';

export async function reviewStatus(db: Db, projectId: string, now: Date): Promise<StoryStatus[]> {
  const rows = await storyStatusRows(db, projectId);
  const today = now.toISOString().slice(0, 10);
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
    answerBy: row.answer_by,
    overdue: !row.offered && row.verdict === null && isPastAnswerBy(row.answer_by, today),
  }));
}
