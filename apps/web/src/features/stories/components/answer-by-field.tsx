// The send screen's optional "Answer by" date (README, "What and where to test"): the notice asks the client to answer by
// it (`Please answer by 27 November 2026.`), and the Review status screen marks stories still unanswered
// after it. Sent as the form's `answerBy` (YYYY-MM-DD); the server refuses a date that does not exist or has
// passed, with a message the send screen shows. Beside the browser's date field, quick choices (in 3 days,
// in a week, no date); under it, the date chosen spelt out as the client's e-mail spells it.
import { useId } from 'react';
import './answer-by-field.css';

/** A date in the browser's time zone, as a date input writes it (YYYY-MM-DD). */
function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today plus `days`, in the browser's time zone. */
function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return isoDate(date);
}

/** "Tuesday 29 December 2026": the date as the client's e-mail spells it, with its weekday. */
function spelledOut(value: string): string | null {
  const [year, month, day] = value.split('-').map(Number);
  if (!year || !month || !day) return null;
  return new Date(year, month - 1, day).toLocaleDateString('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
}

const QUICK = [
  { label: 'In 3 days', days: 3 },
  { label: 'In a week', days: 7 },
] as const;

export function AnswerByField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const date = value ? spelledOut(value) : null;
  return (
    <div className="field answer-by">
      <label className="field__label" htmlFor={id}>
        Answer by
      </label>
      <div className="answer-by__row">
        <input
          id={id}
          type="date"
          className="field__input answer-by__input"
          value={value}
          min={inDays(0)}
          aria-describedby={`${id}-hint`}
          onChange={(event) => onChange(event.target.value)}
        />
        <fieldset className="answer-by__quick">
          <legend className="visually-hidden">Quick answer-by dates</legend>
          {QUICK.map(({ label, days }) => {
            const quick = inDays(days);
            return (
              <button
                key={label}
                type="button"
                className="button button--secondary button--small answer-by__chip"
                aria-pressed={value === quick}
                onClick={() => onChange(quick)}
              >
                {label}
              </button>
            );
          })}
          <button
            type="button"
            className="button button--secondary button--small answer-by__chip"
            aria-pressed={value === ''}
            onClick={() => onChange('')}
          >
            No date
          </button>
        </fieldset>
      </div>
      <p id={`${id}-hint`} className="answer-by__hint">
        {date
          ? `The e-mail asks the client to answer by ${date}.`
          : 'Optional. The e-mail asks the client to answer by this date.'}
      </p>
    </div>
  );
}
