// Tells the top bar's Workspace select that the current workspace was renamed on the Team screen, so it
// shows the new name without remounting the page (which would close the screen's result dialog).
type Listener = () => void;
const listeners = new Set<Listener>();

export function onWorkspaceRenamed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function workspaceRenamed(): void {
  for (const listener of listeners) listener();
}
