import { describe, expect, it } from 'vitest';
import { countStates, SHOWN_STATES, shownState } from './review-states.ts';

describe('the state a story shows', () => {
  it('is Overdue when past its answer-by date, else its own', () => {
    expect(shownState({ state: 'waiting', overdue: true })).toBe('overdue');
    expect(shownState({ state: 'retest', overdue: true })).toBe('overdue');
    expect(shownState({ state: 'passed', overdue: false })).toBe('passed');
  });

  it('counts every story under exactly one state', () => {
    const stories = [
      { state: 'passed', overdue: false },
      { state: 'failed', overdue: false },
      { state: 'waiting', overdue: true },
      { state: 'waiting', overdue: false },
      { state: 'retest', overdue: false },
      { state: 'retest', overdue: false },
    ] as const;
    const counts = countStates(stories);
    expect(counts).toEqual({ passed: 1, failed: 1, waiting: 1, retest: 2, overdue: 1 });
    expect(SHOWN_STATES.reduce((sum, state) => sum + counts[state], 0)).toBe(stories.length);
    expect(countStates([])).toEqual({ passed: 0, failed: 0, waiting: 0, retest: 0, overdue: 0 });
  });
});
