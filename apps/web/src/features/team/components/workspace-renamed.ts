// The current workspace as the top bar's Workspace select last read it, for the rest of the team feature:
// the Team screen tells it about a rename (so it shows the new name without remounting the page, which
// would close the screen's result dialog), and the naming hint reads the name and role from it.
import { useSyncExternalStore } from 'react';

export interface CurrentWorkspace {
  id: string;
  name: string;
  /** Whether an owner named it (the naming hint shows until then). */
  named: boolean;
  role: 'owner' | 'member';
}

type Listener = () => void;
const renameListeners = new Set<Listener>();
const currentListeners = new Set<Listener>();
let current: CurrentWorkspace | null = null;

export function onWorkspaceRenamed(listener: Listener): () => void {
  renameListeners.add(listener);
  return () => renameListeners.delete(listener);
}

export function workspaceRenamed(): void {
  for (const listener of renameListeners) listener();
}

export function setCurrentWorkspace(workspace: CurrentWorkspace | null): void {
  current = workspace;
  for (const listener of currentListeners) listener();
}

/**
 * The company clients see instead of a workspace never named (the server says whether an owner named it):
 * the e-mail domain of the user, who sent the notice; null once it has a name of its own.
 */
export function domainShownForUnnamed(workspace: { named: boolean }, email: string): string | null {
  return workspace.named ? null : (email.split('@')[1] ?? email);
}

const readCurrent = () => current;

export function useCurrentWorkspace(): CurrentWorkspace | null {
  return useSyncExternalStore(
    (listener) => {
      currentListeners.add(listener);
      return () => currentListeners.delete(listener);
    },
    readCurrent,
    // The build's pre-rendering of /admin/index: no workspace is known yet.
    readCurrent,
  );
}
