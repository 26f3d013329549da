// A list of addresses typed one at a time (docs/product.md §2 "Client Emails" / "Cc"): a labelled input with a + button;
// Enter adds too; the + shows "Add address" on hover and focus. Added entries show as chips, each with its own remove button ("Remove {address}").
// An entry that `isValid` refuses, or that is already in the list (ignoring case), is silently ignored
// (docs/product.md §5): nothing is added, no message shows, and the text stays in the input so it can be corrected.
// The input is cleared only when the entry was added.
import { isValidEmailEntry } from '@handoff/core';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { CloseIcon, PlusIcon } from './admin-icons';
import './chip-input.css';

export function ChipInput({
  label,
  addLabel,
  values,
  onChange,
  isValid = isValidEmailEntry,
  placeholder = 'name@example.com',
  hint,
  error,
  disabled = false,
}: {
  /** The input's visible label, e.g. "Client Emails". */
  label: string;
  /** The + button's accessible name, e.g. "Add client email". */
  addLabel: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  isValid?: (entry: string) => boolean;
  placeholder?: string;
  /** One sentence under the input on what to enter (its description). */
  hint?: string;
  /** What is wrong with the list, shown under the input (and announced) until it is fixed. */
  error?: string | null;
  disabled?: boolean;
}) {
  const [entry, setEntry] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const add = () => {
    const folded = entry.toLowerCase();
    if (!isValid(entry) || values.some((value) => value.toLowerCase() === folded)) return;
    onChange([...values, entry]);
    setEntry('');
  };

  const remove = (index: number) => {
    onChange(values.filter((_, i) => i !== index));
    // The chip and its button are gone: keep the focus in the field rather than losing it to the page.
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds the entry; it never submits the surrounding form.
      event.preventDefault();
      add();
    }
  };

  return (
    <div className={error ? 'field field--invalid chip-input' : 'field chip-input'}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="chip-input__row">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          className="field__input"
          placeholder={placeholder}
          aria-describedby={
            [error ? `${inputId}-error` : '', hint ? `${inputId}-hint` : ''].join(' ').trim() || undefined
          }
          aria-invalid={error ? true : undefined}
          value={entry}
          disabled={disabled}
          onChange={(e) => setEntry(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button
          type="button"
          className="button button--outline chip-input__add"
          aria-label={addLabel}
          data-tooltip="Add address"
          disabled={disabled}
          onClick={add}
        >
          <PlusIcon />
        </button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${inputId}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {values.length > 0 ? (
        <ul className="chip-input__chips">
          {values.map((value, index) => (
            <li key={value} className="chip">
              <span className="chip__text">{value}</span>
              <button
                type="button"
                className="chip__remove"
                aria-label={`Remove ${value}`}
                disabled={disabled}
                onClick={() => remove(index)}
              >
                <CloseIcon />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
