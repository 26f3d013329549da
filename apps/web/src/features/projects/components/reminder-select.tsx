// The add and edit screens' "Remind the client after" (main README, "Test rounds"): Off, or the days after
// a notice (or its last reminder) at which a client who has not answered every story is reminded.
import { useId } from 'react';
import { FieldSkeleton } from '@/components/ui/form-section';

const LABEL = 'Remind the client after';
const HINT = 'If not every story is answered by then.';

/** The choices (days; null: Off); the API takes any interval up to 30 days. */
const REMINDER_DAY_CHOICES: ReadonlyArray<number | null> = [null, 1, 2, 3, 5, 7];

/** New projects remind after 3 days (the server's default). */
export const DEFAULT_REMINDER_DAYS = 3;

const labelOf = (days: number | null) => {
  if (days === null) return 'Off';
  return days === 1 ? '1 day' : `${days} days`;
};

export function ReminderSelect({
  value,
  onChange,
}: {
  value: number | null;
  onChange: (days: number | null) => void;
}) {
  const id = useId();
  // An interval set through the API that is none of the choices (fractions are allowed) stays visible.
  const options = REMINDER_DAY_CHOICES.includes(value)
    ? REMINDER_DAY_CHOICES
    : [...REMINDER_DAY_CHOICES, value];
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {LABEL}
      </label>
      <select
        id={id}
        className="field__input"
        aria-describedby={`${id}-hint`}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
      >
        {options.map((days) => (
          <option key={String(days)} value={days === null ? '' : String(days)}>
            {labelOf(days)}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="field__hint">
        {HINT}
      </p>
    </div>
  );
}

export const ReminderSelectSkeleton = () => <FieldSkeleton label={LABEL} hint={HINT} control="select" />;
