import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** A full-width submit button that shows "Loading..." (optionally with a spinner) while busy. */
export function SubmitButton({
  busy,
  spinner = false,
  children,
}: {
  busy: boolean;
  spinner?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="button button--primary button--block" disabled={busy} aria-busy={busy}>
      {busy ? (
        <>
          {spinner ? <Spinner /> : null}
          Loading...
        </>
      ) : (
        children
      )}
    </button>
  );
}
