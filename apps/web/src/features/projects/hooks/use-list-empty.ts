// Whether the projects list has loaded and holds nothing. The list (ProjectsList) says so; the page's lead
// (ProjectsHeader, rendered by the shell, not inside the list) reads it to leave out its `Add new` while the
// empty state shows the same button: one primary per view.
import { useSyncExternalStore } from 'react';

let empty = false;
const listeners = new Set<() => void>();

export function setProjectsListEmpty(value: boolean): void {
  if (value === empty) return;
  empty = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** True once the list has loaded with no project; false while it loads, and on any other page. */
export function useProjectsListEmpty(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => empty,
    () => false,
  );
}
