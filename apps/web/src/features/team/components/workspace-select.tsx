// The top bar's `Workspace` switcher: the workspaces the user belongs to; choosing one makes it current on
// the server (the spec's calls act in it) and reloads the page in it. It looks like a team switcher button
// (the workspace's initial, its name and a chevron), and is a real native select laid transparently over
// that look: the keyboard, screen readers and the phone's picker all get the platform's control, named
// "Workspace". The name shows in full where there is room (an ellipsis only on a narrow screen, the full
// name in its title). A workspace no owner has named yet is shown as clients see it (the e-mail domain), with
// a quiet "Unnamed" tag, as the Team screen's Workspace card says.
import type { WorkspacesAnswer } from '@handoff/core/api';
import { startTransition, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { useWorkspaceSwitch } from '@/stores/workspace-switch';
import { loadWorkspaces, switchWorkspace } from '../api/team';
import { domainShownForUnnamed, onWorkspaceRenamed, setCurrentWorkspace } from './workspace-renamed';

export function WorkspaceSelect() {
  const { api } = useServices();
  const { user } = useAppState();
  const { version, changed, setRole } = useWorkspaceSwitch();
  const navigate = useNavigate();
  const id = useId();
  const [workspaces, setWorkspaces] = useState<WorkspacesAnswer['data'] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [renames, setRenames] = useState(0);
  const userId = user?.id;

  useEffect(() => onWorkspaceRenamed(() => setRenames((n) => n + 1)), []);
  // Signed out (the shell unmounts): no workspace is current for the rest of the feature.
  useEffect(() => () => setCurrentWorkspace(null), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `renames` reload the list after a switch, a join or a rename.
  useEffect(() => {
    if (!userId) return;
    let active = true;
    loadWorkspaces(api, userId)
      .then((data) => {
        if (active) setWorkspaces(data);
      })
      .catch((error: unknown) => {
        if (!active) return;
        // The role stays unknown (null), but the pages waiting for it go on.
        setRole(null);
        if (!isSessionEnded(error)) setFailure(errorMessage(error));
      });
    return () => {
      active = false;
    };
  }, [api, userId, version, renames]);

  useEffect(() => {
    if (!workspaces) return;
    const current = workspaces.workspaces.find((workspace) => workspace.id === workspaces.current) ?? null;
    // The page waiting for the role (the projects list) is rendered in a transition, in slices: the
    // store update below is rendered synchronously, and would take the whole list with it.
    startTransition(() => setRole(current?.role ?? null));
    setCurrentWorkspace(current);
  }, [workspaces, setRole]);

  if (!workspaces || !userId)
    return failure ? <span className="workspace-select__error">{failure}</span> : null;

  const email = user?.email ?? '';
  /** The workspace's name, or what clients see (the domain) until an owner names it. */
  const label = (workspace: { name: string; named: boolean }) =>
    domainShownForUnnamed(workspace, email) ?? workspace.name;
  const current = workspaces.workspaces.find((workspace) => workspace.id === workspaces.current);
  const currentName = current ? label(current) : undefined;
  const unnamed = current ? !current.named : false;

  const onChange = async (workspaceId: string) => {
    try {
      setWorkspaces(await switchWorkspace(api, userId, workspaceId));
      navigate(paths.admin.index);
      changed();
    } catch (error) {
      if (!isSessionEnded(error)) setFailure(errorMessage(error));
    }
  };

  const shownName = currentName ?? 'Choose a workspace';
  return (
    <div className="workspace-select">
      <span className="workspace-select__mark" aria-hidden="true">
        {currentName ? currentName.trim().charAt(0).toUpperCase() : '?'}
      </span>
      <span className="workspace-select__name" aria-hidden="true">
        {shownName}
      </span>
      {unnamed ? (
        <span className="workspace-select__tag" aria-hidden="true">
          Unnamed
        </span>
      ) : null}
      <svg
        className="workspace-select__chevron"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
      >
        <path d="M6 9l6 6 6-6" />
      </svg>
      <label htmlFor={id} className="visually-hidden">
        Workspace
      </label>
      <select
        id={id}
        className="workspace-select__input"
        title={unnamed ? `${currentName} (unnamed)` : currentName}
        value={workspaces.current ?? ''}
        onChange={(e) => void onChange(e.target.value)}
      >
        {workspaces.current === null ? <option value="">Choose a workspace</option> : null}
        {workspaces.workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.named ? workspace.name : `${label(workspace)} (unnamed)`}
          </option>
        ))}
      </select>
    </div>
  );
}
