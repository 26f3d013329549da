// What a screen shows when it has nothing to list yet (docs/design-system.md "EmptyState"): a short title,
// one sentence saying what the list is for, and the one action that fills it.
import type { ReactNode } from 'react';
import './empty-state.css';

export function EmptyState({
  title,
  children,
  action,
}: {
  /** e.g. "No projects yet". */
  title: string;
  /** One sentence: what will appear here and why it helps. */
  children: ReactNode;
  /** The primary action, e.g. <ButtonLink variant="primary">Add your first project</ButtonLink>. */
  action?: ReactNode;
}) {
  return (
    <div className="empty-state">
      <p className="empty-state__title">{title}</p>
      <p className="empty-state__text">{children}</p>
      {action ? <div className="empty-state__action">{action}</div> : null}
    </div>
  );
}
