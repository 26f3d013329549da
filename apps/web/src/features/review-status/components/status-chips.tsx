// The review status summary: one chip per state that has stories (passed, failed, waiting, re-test) and one
// for the overdue ones, each with its count. A chip filters the table to its stories; pressed again (or
// "All"), the filter goes.
import type { StoryState, StoryStatus } from '@handoff/core/api';
import { useId } from 'react';
import { STATE_TEXT } from './status-columns';

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

export type StatusFilter = StoryState | 'overdue' | 'all';

export function matchesFilter(story: StoryStatus, filter: StatusFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'overdue') return story.overdue;
  return story.state === filter;
}

const ORDER: ReadonlyArray<Exclude<StatusFilter, 'all'>> = [
  'passed',
  'failed',
  'waiting',
  'retest',
  'overdue',
];

export function StatusChips({
  stories,
  filter,
  onFilter,
}: {
  stories: readonly StoryStatus[];
  filter: StatusFilter;
  onFilter: (filter: StatusFilter) => void;
}) {
  const chips = ORDER.map((value) => ({
    value,
    count: stories.filter((story) => matchesFilter(story, value)).length,
  })).filter((chip) => chip.count > 0 || chip.value !== 'retest');
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
          className={`status-chip status-chip--${chip.value}`}
          aria-pressed={filter === chip.value}
          onClick={() => onFilter(filter === chip.value ? 'all' : chip.value)}
        >
          {chip.value === 'overdue' ? 'Overdue' : STATE_TEXT[chip.value]}{' '}
          <span className="status-chip__count">{chip.count}</span>
        </button>
      ))}
    </fieldset>
  );
}
