// Whether the window is phone-narrow (the shell's one breakpoint, 48rem, as in admin-shell.css): the shell
// then moves the Workspace select and the demo tracker's badge from the top bar into the menu, so a phone
// has one top bar. Built-time rendering and a browser without matchMedia count as wide.
import { useSyncExternalStore } from 'react';

const NARROW = '(max-width: 48rem)';

function subscribe(onChange: () => void): () => void {
  if (typeof window === 'undefined' || !window.matchMedia) return () => {};
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrow = () =>
  typeof window !== 'undefined' && !!window.matchMedia && window.matchMedia(NARROW).matches;

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, isNarrow, () => false);
}
