// A state shown as a small coloured pill (docs/design-system.md "Badge"), e.g. "2 failed", "Passed",
// "No test steps". The colour repeats what the words say; it never carries the meaning alone.
import type { ReactNode } from 'react';
import './badge.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export function Badge({
  tone = 'neutral',
  id,
  children,
}: {
  tone?: BadgeTone;
  /** To describe a control by the badge (aria-describedby). */
  id?: string;
  children: ReactNode;
}) {
  return (
    <span id={id} className={`badge badge--${tone}`}>
      {children}
    </span>
  );
}
