// The review status summary: a chip per state a story can show (passed, failed, waiting, re-test when there is
// one, overdue), each with its count. Every story shows one state, so the chips split the stories between
// them: a chip's count is the number of rows it shows, counted as the projects list counts (core's
// countStates). A chip filters the table; pressed again (or "All"), the filter goes. While a story is a
// re-test, a line under the tools says what Re-test means (RetestLegend).
import type { StoryStatus } from '@handoff/core/api';
import { countStates, SHOWN_STATES, type ShownState, shownState } from '@handoff/core/review-states';
import { type ReactNode, useId } from 'react';
import { RETEST_LEGEND_ID, RETEST_MEANING, STATE_TEXT } from './status-columns';

/** The release filter: every release (''), or one release's name. */
export type ReleaseFilter = string;

/** The stories of the release chosen ('' : every story). */
export function matchesRelease(story: StoryStatus, release: ReleaseFilter): boolean {
  return release === '' || story.release === release;
}

/** `Release`: the releases the stories' latest notices were of; shown once any notice was of one. */
export function ReleaseSelect({
  stories,
  release,
  onRelease,
}: {
  stories: readonly StoryStatus[];
  release: ReleaseFilter;
  onRelease: (release: ReleaseFilter) => void;
}) {
  const id = useId();
  const names = [...new Set(stories.flatMap((story) => (story.release ? [story.release] : [])))].sort();
  if (names.length === 0) return null;
  return (
    <div className="field review-status__release">
      <label className="field__label" htmlFor={id}>
        Release
      </label>
      <select id={id} className="field__input" value={release} onChange={(e) => onRelease(e.target.value)}>
        <option value="">All releases</option>
        {names.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </div>
  );
}

export type StatusFilter = ShownState | 'all';

/** Whether a story is one of the chip's: the state its row shows. */
export function matchesFilter(story: StoryStatus, filter: StatusFilter): boolean {
  return filter === 'all' || shownState(story) === filter;
}

/** What Re-test means, while some story of the ones counted is one. */
export function RetestLegend({ stories }: { stories: readonly StoryStatus[] }) {
  if (countStates(stories).retest === 0) return null;
  return (
    <p id={RETEST_LEGEND_ID} className="review-status__legend">
      {RETEST_MEANING}
    </p>
  );
}

export function StatusChips({
  stories,
  filter,
  onFilter,
  after,
}: {
  stories: readonly StoryStatus[];
  filter: StatusFilter;
  onFilter: (filter: StatusFilter) => void;
  /** What follows the chips on their row, right-aligned (the page's Download CSV). */
  after?: ReactNode;
}) {
  const counts = countStates(stories);
  const counted = SHOWN_STATES.map((value) => ({ value, count: counts[value] }));
  // Re-test only when some story is one (or while it is the chip chosen, so that it can be let go).
  const chips = counted.filter((chip) => chip.count > 0 || chip.value !== 'retest' || filter === 'retest');
  return (
    <fieldset className="status-chips">
      <legend className="visually-hidden">Show stories by state</legend>
      <button
        type="button"
        className="status-chip"
        aria-pressed={filter === 'all'}
        onClick={() => onFilter('all')}
      >
        All <span className="status-chip__count">{stories.length}</span>
      </button>
      {chips.map((chip) => (
        <button
          key={chip.value}
          type="button"
          className={`status-chip status-chip--${chip.count > 0 ? chip.value : 'none'}`}
          aria-pressed={filter === chip.value}
          aria-describedby={chip.value === 'retest' && counts.retest > 0 ? RETEST_LEGEND_ID : undefined}
          // A state no story is in filters nothing: shown, quiet, not pressable (unless it is the filter on).
          disabled={chip.count === 0 && filter !== chip.value}
          onClick={() => onFilter(filter === chip.value ? 'all' : chip.value)}
        >
          {STATE_TEXT[chip.value]} <span className="status-chip__count">{chip.count}</span>
        </button>
      ))}
      {after}
    </fieldset>
  );
}
