// What every modal dialog here does while it is open: the rest of the page becomes inert, the focus moves
// to the given element, and when the dialog closes the focus goes back to where it was.
import { type RefObject, useEffect } from 'react';

export function useModal(rootRef: RefObject<HTMLElement | null>, focusRef: RefObject<HTMLElement | null>) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: refs are stable; this runs once per opening.
  useEffect(() => {
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = rootRef.current;
    const madeInert: Element[] = [];
    for (const element of document.body.children) {
      if (element !== root && !element.hasAttribute('inert')) {
        element.setAttribute('inert', '');
        madeInert.push(element);
      }
    }
    focusRef.current?.focus();
    return () => {
      for (const element of madeInert) element.removeAttribute('inert');
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);
}
