// Which workspace the admin area shows changes when the user switches (the Workspace select) or joins one.
// The shell keeps a counter: the page under it is mounted afresh, so it loads the new workspace's data.
import type { WorkspaceRole } from '@handoff/core/api';
import { createContext, useContext } from 'react';

interface WorkspaceSwitch {
  /** Bumped each time the current workspace changes. */
  version: number;
  changed: () => void;
  /** The user's role in the current workspace, once the Workspace select has loaded it. */
  role: WorkspaceRole | null;
  /**
   * Whether the Workspace select has read the workspaces (or failed to). The projects list waits for it:
   * its owner actions and the naming hint above it depend on the role, and appearing together nothing
   * moves under the reader's eyes.
   */
  roleKnown: boolean;
  setRole: (role: WorkspaceRole | null) => void;
}

export const WorkspaceSwitchContext = createContext<WorkspaceSwitch>({
  version: 0,
  changed: () => {},
  role: null,
  roleKnown: false,
  setRole: () => {},
});

/** Whether the screens offer what only owners may do (while the role is unknown, they do; the server decides). */
export function useMayManageProjects(): boolean {
  return useContext(WorkspaceSwitchContext).role !== 'member';
}

export function useWorkspaceSwitch(): WorkspaceSwitch {
  return useContext(WorkspaceSwitchContext);
}
