// Form fields (docs/design-system.md "Field"): a label, the control, an inline error and a hint under it,
// both tied to the control with aria-describedby (the error also sets aria-invalid). TextField and
// PasswordField (with its own show/hide toggle, docs/product.md §4 "Password fields") are built on Field;
// Field itself takes any control (a select, a textarea) through a render function.
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'>;

/** What a field's control must carry: its id (for the label) and its description and error state. */
interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldText {
  label: string;
  /** What to enter, shown under the control while there is no error. */
  hint?: ReactNode;
  /** What is wrong with the value, in a plain sentence; shown in red under the control. */
  error?: string | null;
}

export function Field({
  label,
  hint,
  error,
  children,
}: FieldText & { children: (control: FieldControlProps) => ReactNode }) {
  const id = useId();
  const describedBy = `${error ? `${id}e ` : ''}${hint ? `${id}h` : ''}`.trim();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {error ? (
        <p id={`${id}e`} className="field__error">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}h`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export function TextField({
  label,
  hint,
  error,
  type = 'text',
  ...props
}: InputProps & FieldText & { type?: string }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <input type={type} className="field__input" {...control} {...props} />}
    </Field>
  );
}

/**
 * Every toggle is named "Show password" / "Hide password" and points at its own input with aria-controls.
 * (Naming it after the field, e.g. "Show confirm password", would make label-based lookups such as
 * getByLabel('Confirm password') match the toggle as well as the input.)
 */
export function PasswordField({ label, hint, error, ...props }: InputProps & FieldText) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOffIcon : EyeIcon;
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <div className="field__password">
          <input type={visible ? 'text' : 'password'} className="field__input" {...control} {...props} />
          <button
            type="button"
            className="field__toggle"
            aria-controls={control.id}
            aria-label={visible ? 'Hide password' : 'Show password'}
            onClick={() => setVisible((v) => !v)}
          >
            <Icon />
          </button>
        </div>
      )}
    </Field>
  );
}
