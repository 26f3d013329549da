// On the projects list, a hint inviting an owner whose workspace still has its first name ("dana's team")
// to name it, since the clients see that name. Dismissed once per workspace in this browser.
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAppState } from '@/stores/app-store';
import { useCurrentWorkspace } from './workspace-renamed';
import './name-workspace-hint.css';

const dismissedKey = (workspaceId: string) => `handoff.name-hint-dismissed.${workspaceId}`;

function wasDismissed(workspaceId: string): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(workspaceId)) === '1';
  } catch {
    return false;
  }
}

export function NameWorkspaceHint() {
  const { pathname } = useLocation();
  const { user } = useAppState();
  const workspace = useCurrentWorkspace();
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (pathname !== paths.admin.index || !workspace || workspace.role !== 'owner' || !user) return null;
  const firstName = `${user.email.split('@')[0]}'s team`;
  if (workspace.name !== firstName || dismissed === workspace.id || wasDismissed(workspace.id)) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(dismissedKey(workspace.id), '1');
    } catch {
      // Storage off: the hint stays dismissed until the page is loaded again.
    }
    setDismissed(workspace.id);
  };

  return (
    <aside className="panel name-hint" aria-label="Name your workspace">
      <p className="name-hint__text">
        Your clients see the name <strong>{workspace.name}</strong> on their review page.{' '}
        <Link to={paths.admin.team}>Name your workspace</Link> after your team or company.
      </p>
      <button type="button" className="button button--outline" onClick={dismiss}>
        Dismiss
      </button>
    </aside>
  );
}
