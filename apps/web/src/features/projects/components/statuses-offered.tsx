// The edit screen's "Statuses offered": a multiple select of the Jira project's statuses. The send screen
// offers the ones chosen (Done and Testing when none is); the first is the one auto-send fetches.
import { useId } from 'react';

export function StatusesOffered({
  available,
  value,
  onChange,
}: {
  /** The Jira project's statuses, or null while they load (or could not be read). */
  available: string[] | null;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const id = useId();
  const hintId = useId();
  const options = [...new Set([...(available ?? []), ...value])];
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Statuses offered
      </label>
      <select
        id={id}
        className="field__input"
        multiple
        size={Math.min(Math.max(options.length, 2), 8)}
        aria-describedby={hintId}
        aria-busy={available === null}
        value={value}
        onChange={(e) => onChange(Array.from(e.target.selectedOptions, (option) => option.value))}
      >
        {options.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
      <p id={hintId} className="form-panel__status">
        The send screen offers these; the first is the one auto-send fetches. None chosen: Done and Testing.
      </p>
    </div>
  );
}
