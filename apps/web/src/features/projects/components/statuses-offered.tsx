// The edit screen's "Statuses offered": a checkbox per status of the Jira project. The send screen offers the
// ticked ones; auto-send fetches the first ticked, in Jira's order. A project that chose none offers Done and
// Testing, and shows them ticked (those of them its tracker has): what is ticked is what is offered. Ticking
// exactly those again keeps the project on the default (an empty list), so auto-send still starts with Done.
import { ISSUE_STATUSES } from '@handoff/core';
import { useId } from 'react';

const STATUSES_HINT = 'Offered on the send screen; auto-send uses the first one ticked.';
/** Said only when the tracker has neither default status, so nothing shows ticked though both are offered. */
const NONE_TICKED = 'With none ticked, Done and Testing are offered.';

const isDefault = (statuses: readonly string[]) =>
  statuses.length === ISSUE_STATUSES.length && ISSUE_STATUSES.every((status) => statuses.includes(status));
/** How many statuses the list makes room for while it loads. */
const LOADING_PLACES = 4;

export function StatusesOffered({
  available,
  value,
  onChange,
  tracker,
}: {
  /** The tracker project's statuses, or null while they load (or could not be read). */
  available: string[] | null;
  value: string[];
  onChange: (value: string[]) => void;
  /** How the project's tracker is named ("Jira", "GitHub"…). */
  tracker: string;
}) {
  const hintId = useId();
  const options = [...new Set([...(available ?? []), ...value])];
  // None chosen: the defaults the send screen offers, ticked where the tracker has them.
  const ticked: readonly string[] =
    value.length > 0
      ? value
      : options.filter((option) => (ISSUE_STATUSES as readonly string[]).includes(option));
  const toggle = (status: string, tick: boolean) => {
    const next = new Set(ticked);
    if (tick) next.add(status);
    else next.delete(status);
    // In the list's order, so "the first ticked" is the first one seen; the defaults again are no choice.
    const chosen = options.filter((option) => next.has(option));
    onChange(isDefault(chosen) ? [] : chosen);
  };
  // While the tracker's list loads: room for a usual workflow's four statuses (To Do, In Progress, Testing,
  // Done), beside any chosen already.
  const placeholders = available === null ? Math.max(0, LOADING_PLACES - options.length) : 0;
  return (
    <fieldset className="field checks" aria-describedby={hintId} aria-busy={available === null}>
      <legend className="field__label">Statuses offered</legend>
      <div className="checks__list">
        {options.map((status) => (
          <label key={status} className="checks__item">
            <input
              type="checkbox"
              checked={ticked.includes(status)}
              onChange={(event) => toggle(status, event.target.checked)}
            />
            {status}
          </label>
        ))}
        <StatusPlaceholders count={placeholders} />
      </div>
      {available === null ? (
        <p className="visually-hidden">Loading the project's statuses from {tracker}...</p>
      ) : null}
      <p id={hintId} className="field__hint">
        {STATUSES_HINT}
        {available !== null && ticked.length === 0 ? ` ${NONE_TICKED}` : ''}
      </p>
    </fieldset>
  );
}

/** The statuses while the project itself loads: the same frame, placeholders for the checkboxes. */
export function StatusesOfferedSkeleton() {
  return (
    <fieldset className="field checks" aria-hidden="true">
      <legend className="field__label">Statuses offered</legend>
      <div className="checks__list">
        <StatusPlaceholders count={LOADING_PLACES} />
      </div>
      <p className="field__hint">{STATUSES_HINT}</p>
    </fieldset>
  );
}

/** Grey shapes of a checkbox and its status, of a real one's size. */
function StatusPlaceholders({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the placeholders are all alike.
    <span key={index} className="checks__item checks__placeholder" aria-hidden="true">
      <span className="skeleton skeleton--box" />
      <span className="skeleton skeleton--word" />
    </span>
  ));
}
