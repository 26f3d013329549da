// An on/off switch: a button with role="switch" and aria-checked, named by `label`.
import type { ButtonHTMLAttributes } from 'react';
import './switch.css';

export function Switch({
  checked,
  label,
  onChange,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onChange' | 'role' | 'type'> & {
  checked: boolean;
  label: string;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      className={`switch${checked ? ' switch--on' : ''}`}
      onClick={() => onChange(!checked)}
      {...props}
    >
      <span className="switch__thumb" aria-hidden="true" />
    </button>
  );
}
