// What an invitation is, as the invitation page (signed out) and the join page (signed in) both lead with it:
// the workspace's initial as its mark, and who invited which address. The invitation is read without an
// account, so the workspace's logo (behind its members' sign-in) is not shown: its initial stands in.
import type { ReactNode } from 'react';
import { BreakableText } from '@/components/ui/breakable-text';
import './invitation.css';

/** The workspace's initial on the brand colour; decorative (the heading beside it names the workspace). */
export function WorkspaceMark({ name }: { name: string }) {
  return (
    <span className="invitation-mark" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/** An e-mail address kept whole on its line; one longer than the line breaks after "@" or a dot only. */
export function Address({ email }: { email: string }) {
  return (
    <span className="invitation-address">
      <BreakableText text={email} />
    </span>
  );
}

const ADDRESS_IN_TEXT = /[^\s@]+@[^\s@]+\.[A-Za-z]{2,}/g;

/** A sentence (such as the server's refusal) whose e-mail addresses are kept whole, as `Address` does. */
export function WithAddresses({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let rest = 0;
  for (const match of text.matchAll(ADDRESS_IN_TEXT)) {
    parts.push(text.slice(rest, match.index), <Address key={match.index} email={match[0]} />);
    rest = match.index + match[0].length;
  }
  parts.push(text.slice(rest));
  return <>{parts}</>;
}

/** "{inviter} invited {address} to this Handoff workspace." */
export function InvitedBy({ inviter, email }: { inviter: string | null; email: string }) {
  return (
    <>
      {inviter ? <Address email={inviter} /> : 'A member'} invited <Address email={email} /> to this Handoff
      workspace.
    </>
  );
}
