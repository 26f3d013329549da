// The edit screen's "Statuses offered": a checkbox per status of the Jira project. The send screen offers the
// ticked ones (Done and Testing when none is); auto-send fetches the first ticked, in Jira's order.
import { useId } from 'react';

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
  const toggle = (status: string, ticked: boolean) => {
    const next = new Set(value);
    if (ticked) next.add(status);
    else next.delete(status);
    // In the list's order, so "the first ticked" is the first one seen.
    onChange(options.filter((option) => next.has(option)));
  };
  return (
    <fieldset className="field checks" aria-describedby={hintId} aria-busy={available === null}>
      <legend className="field__label">Statuses offered</legend>
      {available === null && options.length === 0 ? (
        <p className="form-panel__status">Loading the project's statuses from {tracker}...</p>
      ) : null}
      <div className="checks__list">
        {options.map((status) => (
          <label key={status} className="checks__item">
            <input
              type="checkbox"
              checked={value.includes(status)}
              onChange={(event) => toggle(status, event.target.checked)}
            />
            {status}
          </label>
        ))}
      </div>
      <p id={hintId} className="field__hint">
        The send screen offers the ticked statuses; auto-send fetches the first one ticked. None ticked: Done
        and Testing.
      </p>
    </fieldset>
  );
}
