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

/**
 * A story's one state: an overdue story (waiting, or a re-test sent and waiting) is Overdue, so every story
 * counts under exactly one state.
 */
export function shownState(story: Pick<StoryStatus, 'state' | 'overdue'>): ShownState {
  return story.overdue ? 'overdue' : story.state;
}

export function countStates(stories: ReadonlyArray<Pick<StoryStatus, 'state' | 'overdue'>>): StateCounts {
  const counts: StateCounts = { passed: 0, failed: 0, waiting: 0, retest: 0, overdue: 0 };
  for (const story of stories) counts[shownState(story)] += 1;
  return counts;
}
