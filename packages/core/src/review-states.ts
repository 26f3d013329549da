// The one state a sent story shows, and how many stories show each: the review status screen's chips and the
// projects list's pills count stories this way, from the same per-story answer (POST /jira/review/getStatus;
// the server's getSummaries counts the same kept entries), so the two always agree.
import type { StoryState, StoryStatus } from './api/review.ts';

/** A story's own state, or Overdue when it is still unanswered past its answer-by date. */
export type ShownState = StoryState | 'overdue';

/** Every shown state, in the order the chips list them. */
export const SHOWN_STATES: readonly ShownState[] = ['passed', 'failed', 'waiting', 'retest', 'overdue'];

/** How many stories show each state; together they are every story sent, each counted once. */
export type StateCounts = Record<ShownState, number>;

type Counted = Pick<StoryStatus, 'state' | 'overdue' | 'lastVerdict'>;

/**
 * A story's one state, so every story counts under exactly one: the client's latest answer (Passed or
 * Failed) until a newer answer replaces it, a re-test sent or offered included (a story that failed stays
 * Failed while its re-test waits); a story never answered is Overdue past its answer-by date, else Re-test
 * when it was sent or offered again, else Waiting.
 */
export function shownState(story: Counted): ShownState {
  if (story.state === 'passed' || story.state === 'failed') return story.state;
  if (story.lastVerdict) return story.lastVerdict;
  return story.overdue ? 'overdue' : story.state;
}

/**
 * What qualifies an answer the client gave in an earlier round: the story has been sent (or offered) again
 * and its new answer is awaited ("Failed · re-test sent"); false when the answer is the latest notice's own, or there is none.
 */
export function retestOf(story: Pick<StoryStatus, 'state' | 'lastVerdict'>): boolean {
  return story.state === 'retest' && story.lastVerdict != null;
}

export function countStates(stories: ReadonlyArray<Counted>): StateCounts {
  const counts: StateCounts = { passed: 0, failed: 0, waiting: 0, retest: 0, overdue: 0 };
  for (const story of stories) counts[shownState(story)] += 1;
  return counts;
}
