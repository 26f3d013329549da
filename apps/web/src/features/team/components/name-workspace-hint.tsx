// A hint for an owner whose workspace still has its first name ("dana's team"): until it is named, clients
// see the sender's e-mail domain as the company on their review page. On the projects list it links to the
// Team screen; on the send screen (a one-line notice under the page's tabs, placed by the route: `inPage`)
// it names the workspace in place, its form opened on demand (sending never waits for it). "Never named" is
// the server's rule (workspaces/workspace-brand.ts): the name is still a default "{local part}'s team", so
// the notice says what clients see instead rather than "no name". Dismissed once per workspace here.
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { renameWorkspace } from '../api/team';
import { useCurrentWorkspace, workspaceRenamed } from './workspace-renamed';
import './name-workspace-hint.css';

const dismissedKey = (workspaceId: string) => `handoff.name-hint-dismissed.${workspaceId}`;

function wasDismissed(workspaceId: string): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(workspaceId)) === '1';
  } catch {
    return false;
  }
}

export function NameWorkspaceHint({ inPage = false }: { inPage?: boolean }) {
  const { pathname } = useLocation();
  const { user } = useAppState();
  const workspace = useCurrentWorkspace();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [naming, setNaming] = useState(false);
  const onSendScreen = pathname === paths.admin.sendStories;
  // The send screen places its notice itself, under its title and tabs.
  if (onSendScreen !== inPage || (pathname !== paths.admin.index && !onSendScreen)) return null;
  if (workspace?.role !== 'owner' || !user) return null;
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
  const domain = user.email.split('@')[1] ?? user.email;

  return (
    <aside
      className={`name-hint${onSendScreen ? ' name-hint--inline' : ' panel'}`}
      aria-label="Name your workspace"
    >
      <p className="name-hint__text">
        Clients see your company as <strong>{domain}</strong> until you{' '}
        {onSendScreen ? 'name your workspace' : <Link to={paths.admin.team}>name your workspace</Link>}.
      </p>
      {onSendScreen && !naming ? (
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setNaming(true)}
        >
          Name workspace
        </button>
      ) : null}
      <button type="button" className="button button--ghost button--small" onClick={dismiss}>
        Dismiss
      </button>
      {onSendScreen && naming ? <NameWorkspaceForm userId={user.id} /> : null}
    </aside>
  );
}

/** The workspace's name, saved in place (owners only; the hint shows only to them). */
function NameWorkspaceForm({ userId }: { userId: string }) {
  const { api } = useServices();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      await renameWorkspace(api, userId, name.trim());
      // The Workspace select reads the new name, and the hint goes.
      workspaceRenamed();
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="name-hint__form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Workspace name"
        name="workspaceName"
        autoComplete="organization"
        maxLength={80}
        value={name}
        error={error ?? undefined}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
      />
      <Button type="submit" variant="secondary" disabled={saving}>
        Save name
      </Button>
    </form>
  );
}
