// What a screen shows when it has nothing to list yet (docs/design-system.md "EmptyState"): a short title,
// one sentence saying what the list is for, and the one next step that fills it (an action, or where to
// find the page's own).
import type { ReactNode } from 'react';
import './empty-state.css';

export function EmptyState({
  title,
  children,
  icon,
  next,
  action,
}: {
  /** e.g. "No projects yet". */
  title: string;
  /** One sentence: what will appear here and why it helps. */
  children: ReactNode;
  /** A decorative outline icon of what the list holds (aria-hidden), e.g. a folder for projects. */
  icon?: ReactNode;
  /** The next step in words, when the page's own button already takes it (no second button for it). */
  next?: ReactNode;
  /** The action that fills the list, when the page has no button for it already. */
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      {icon ? <span className="empty-state__icon">{icon}</span> : null}
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__text">{children}</p>
      {next ? <p className="empty-state__next">{next}</p> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
