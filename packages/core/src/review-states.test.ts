import { describe, expect, it } from 'vitest';
import { countStates, retestOf, SHOWN_STATES, shownState } from './review-states.ts';

describe('the state a story shows', () => {
  it('is Overdue when past its answer-by date and never answered, else its own', () => {
    expect(shownState({ state: 'waiting', overdue: true })).toBe('overdue');
    expect(shownState({ state: 'retest', overdue: true, lastVerdict: null })).toBe('overdue');
    expect(shownState({ state: 'passed', overdue: false })).toBe('passed');
    expect(shownState({ state: 'retest', overdue: false })).toBe('retest');
  });

  it('stays the latest answer until a newer one replaces it: a failed story is Failed while its re-test waits', () => {
    const failedRetest = { state: 'retest', overdue: false, lastVerdict: 'failed' } as const;
    expect(shownState(failedRetest)).toBe('failed');
    expect(retestOf(failedRetest)).toBe(true);
    // Its re-test overdue: still the answer it has.
    expect(shownState({ state: 'retest', overdue: true, lastVerdict: 'passed' })).toBe('passed');
    // The latest notice's own answer is not a re-test.
    expect(retestOf({ state: 'failed', lastVerdict: 'failed' })).toBe(false);
    expect(retestOf({ state: 'retest', lastVerdict: null })).toBe(false);
  });

  it('counts every story under exactly one state', () => {
    const stories = [
      { state: 'passed', overdue: false },
      { state: 'failed', overdue: false },
      { state: 'waiting', overdue: true },
      { state: 'waiting', overdue: false },
      { state: 'retest', overdue: false },
      { state: 'retest', overdue: false, lastVerdict: 'failed' },
    ] as const;
    const counts = countStates(stories);
    expect(counts).toEqual({ passed: 1, failed: 2, waiting: 1, retest: 1, overdue: 1 });
    expect(SHOWN_STATES.reduce((sum, state) => sum + counts[state], 0)).toBe(stories.length);
    expect(countStates([])).toEqual({ passed: 0, failed: 0, waiting: 0, retest: 0, overdue: 0 });
  });
});
