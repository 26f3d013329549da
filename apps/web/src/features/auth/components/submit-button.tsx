import type { ReactNode } from 'react';
import { BusyButton } from '@/components/ui/busy-button';

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
    <BusyButton
      type="submit"
      className="button button--primary button--block"
      busy={busy}
      spinner={spinner}
      busyLabel="Loading..."
    >
      {children}
    </BusyButton>
  );
}
