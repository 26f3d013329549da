// A labelled text input, and a password input with its own show/hide toggle (docs/product.md §4 "Password fields").
import { type InputHTMLAttributes, useId, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

export function TextField({ label, type = 'text', ...props }: InputProps & { label: string; type?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} type={type} className="field__input" {...props} />
    </div>
  );
}

/**
 * Every toggle is named "Show password" / "Hide password" and points at its own input with aria-controls.
 * (Naming it after the field, e.g. "Show confirm password", would make label-based lookups such as
 * getByLabel('Confirm password') match the toggle as well as the input.)
 */
export function PasswordField({ label, ...props }: InputProps & { label: string }) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOffIcon : EyeIcon;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__password">
        <input id={id} type={visible ? 'text' : 'password'} className="field__input" {...props} />
        <button
          type="button"
          className="field__toggle"
          aria-controls={id}
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          <Icon />
        </button>
      </div>
    </div>
  );
}
