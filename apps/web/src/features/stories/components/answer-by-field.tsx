// The send screen's optional "Answer by" date (README, "What and where to test"): the notice asks the client to answer by
// it (`Please answer by 27 November 2026.`), and the Review status screen marks stories still unanswered
// after it. Sent as the form's `answerBy` (YYYY-MM-DD); the server refuses a date that does not exist or has
// passed, with a message the send screen shows.
import { useId } from 'react';
import './answer-by-field.css';

/** Today in the browser's time zone, as a date input writes it. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function AnswerByField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="field answer-by">
      <label className="field__label" htmlFor={id}>
        Answer by
      </label>
      <input
        id={id}
        type="date"
        className="field__input answer-by__input"
        value={value}
        min={localToday()}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="answer-by__hint">
        Optional. The e-mail asks the client to answer by this date.
      </p>
    </div>
  );
}
