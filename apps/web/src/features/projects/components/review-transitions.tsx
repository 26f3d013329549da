// The edit screen's "Client review" part: which Jira transition a Failed and a Passed verdict
// move the issue through, chosen from the transitions Jira lists for the project; "Don't move it" (the
// default) leaves the issue where it is.
import type { JiraTransition } from '@handoff/core/api';
import { useId } from 'react';
import type { ReviewTransitions } from '@/api/review';
import { FieldSkeleton } from '@/components/ui/form-section';

export const DONT_MOVE = "Don't move it";

const FAILED_LABEL = 'Move a failed story through';
const PASSED_LABEL = 'Move a passed story through';

export type TransitionsLoad =
  | { state: 'loading' }
  | { state: 'failed'; message: string }
  | { state: 'loaded'; value: ReviewTransitions };

function TransitionSelect({
  label,
  available,
  chosen,
  onChange,
}: {
  label: string;
  available: JiraTransition[];
  chosen: JiraTransition | null;
  onChange: (transition: JiraTransition | null) => void;
}) {
  const id = useId();
  // A chosen transition that Jira no longer lists stays visible, so saving does not drop it unseen.
  const options = chosen && !available.some((t) => t.id === chosen.id) ? [...available, chosen] : available;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        value={chosen?.id ?? ''}
        onChange={(event) => onChange(options.find((t) => t.id === event.target.value) ?? null)}
      >
        <option value="">{DONT_MOVE}</option>
        {options.map((transition) => (
          <option key={transition.id} value={transition.id}>
            {transition.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function ReviewTransitionFields({
  load,
  onChange,
  tracker,
}: {
  load: TransitionsLoad;
  /** How the project's tracker is named ("Jira", "GitHub"…). */
  tracker: string;
  onChange: (value: ReviewTransitions) => void;
}) {
  return (
    <fieldset className="review-transitions" aria-busy={load.state === 'loading'}>
      <legend className="form-section__part-title">What a verdict does in {tracker}</legend>
      {load.state === 'failed' ? (
        <p className="review-transitions__note review-transitions__note--error">
          The transitions from {tracker} could not be loaded: {load.message}
        </p>
      ) : (
        <p className="review-transitions__note">
          Each answer is added to the story as a comment. It can also move the story:
        </p>
      )}
      {load.state === 'loading' ? (
        <>
          <p className="visually-hidden">Loading the transitions from {tracker}...</p>
          <TransitionSkeletons />
        </>
      ) : null}
      {load.state === 'loaded' ? (
        <div className="form-panel__row">
          <TransitionSelect
            label={FAILED_LABEL}
            available={load.value.available}
            chosen={load.value.onFailed}
            onChange={(onFailed) => onChange({ ...load.value, onFailed })}
          />
          <TransitionSelect
            label={PASSED_LABEL}
            available={load.value.available}
            chosen={load.value.onPassed}
            onChange={(onPassed) => onChange({ ...load.value, onPassed })}
          />
        </div>
      ) : null}
    </fieldset>
  );
}

const TransitionSkeletons = () => (
  <div className="form-panel__row">
    <FieldSkeleton label={FAILED_LABEL} control="select" />
    <FieldSkeleton label={PASSED_LABEL} control="select" />
  </div>
);

/** The part while the project itself loads. */
export function ReviewTransitionsSkeleton() {
  return (
    <ReviewTransitionFields tracker="the tracker" load={{ state: 'loading' }} onChange={() => undefined} />
  );
}
