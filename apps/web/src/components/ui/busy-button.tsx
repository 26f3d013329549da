// A button for an action that takes a while: disabled and aria-busy while `busy`, with a spinner in front
// of its label (unless `spinner` is false). With `busyLabel` (e.g. "Loading...") that text replaces the
// label meanwhile; without it the button keeps its name.
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

export function BusyButton({
  busy,
  spinner = true,
  busyLabel,
  type = 'button',
  className = 'button button--primary',
  children,
  ...props
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'disabled' | 'aria-busy'> & {
  busy: boolean;
  spinner?: boolean;
  busyLabel?: ReactNode;
  type?: 'button' | 'submit';
}) {
  return (
    <button type={type} className={className} disabled={busy} aria-busy={busy} {...props}>
      {busy && spinner ? <Spinner /> : null}
      {busy && busyLabel !== undefined ? busyLabel : children}
    </button>
  );
}
