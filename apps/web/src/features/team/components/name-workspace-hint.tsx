// The one notice asking an owner to name a workspace that still has its first name ("dana's team"): until it
// is named, clients see the sender's e-mail domain as the company on their review page. The same words, look
// and actions wherever it shows: on the projects list (placed by the shell) and on the send screen (placed by
// the route, under the page's title and tabs: `inPage`); the Team screen's Workspace panel, whose name field
// is already filled in, says it in its own lead instead. `Name workspace` opens the name's form in place
// (sending never waits for it). "Never named" is the server's rule
// (workspaces.named): the name is still the default "{owner}'s team", so the notice says what
// clients see instead rather than "no name". Dismissed once per workspace in this browser.
import { type FormEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { renameWorkspace } from '../api/team';
import { domainShownForUnnamed, useCurrentWorkspace, workspaceRenamed } from './workspace-renamed';
import './name-workspace-hint.css';

const dismissedKey = (workspaceId: string) => `handoff.name-hint-dismissed.${workspaceId}`;

function wasDismissed(workspaceId: string): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(workspaceId)) === '1';
  } catch {
    return false;
  }
}

export function NameWorkspaceHint({
  inPage = false,
}: {
  /** Placed by the page itself; the shell's copy shows on the projects list only. */
  inPage?: boolean;
}) {
  const { pathname } = useLocation();
  const { user } = useAppState();
  const workspace = useCurrentWorkspace();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [naming, setNaming] = useState(false);
  if (!inPage && pathname !== paths.admin.index) return null;
  if (workspace?.role !== 'owner' || !user) return null;
  const domain = domainShownForUnnamed(workspace, user.email);
  if (domain === null || dismissed === workspace.id || wasDismissed(workspace.id)) return null;

  const dismiss = () => {
    try {
      window.localStorage.setItem(dismissedKey(workspace.id), '1');
    } catch {
      // Storage off: the hint stays dismissed until the page is loaded again.
    }
    setDismissed(workspace.id);
  };

  return (
    <aside className="name-hint" aria-label="Name your workspace">
      <p className="name-hint__text">
        Clients see your company as <strong>{domain}</strong> until you name your workspace.
      </p>
      <div className="name-hint__actions">
        {naming ? null : (
          <Button variant="secondary" size="small" onClick={() => setNaming(true)}>
            Name workspace
          </Button>
        )}
        <Button variant="ghost" size="small" onClick={dismiss}>
          Dismiss
        </Button>
      </div>
      {naming ? <NameWorkspaceForm userId={user.id} /> : null}
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
    if (name.trim() === '') {
      setError('Give the workspace a name.');
      return;
    }
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
        // Opened by `Name workspace`: the name is what comes next.
        autoFocus
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
