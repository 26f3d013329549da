// What an invitation is, as the invitation page (signed out) and the join page (signed in) both lead with it:
// the workspace's initial as its mark, and who invited which address. The invitation is read without an
// account, so the workspace's logo (behind its members' sign-in) is not shown: its initial stands in.
import type { ReactNode } from 'react';
import './invitation.css';

/** The workspace's initial on the brand colour; decorative (the heading beside it names the workspace). */
export function WorkspaceMark({ name }: { name: string }) {
  return (
    <span className="invitation-mark" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}

/**
 * An e-mail address that never breaks at a hyphen or a dot: whole where the line has room, else only after
 * its "@" (the text after it goes on in the same line, which an inline block would push under it).
 */
export function Address({ email }: { email: string }) {
  const at = email.indexOf('@') + 1;
  return (
    <span className="invitation-address">
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
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

/**
 * "{inviter} invited you to this Handoff workspace.": the inviter by name, else by address. Whom "you" is, is
 * said on the labelled line under it (InvitationFor).
 */
export function InvitedBy({ inviter, inviterName }: { inviter: string | null; inviterName: string | null }) {
  return (
    <>
      {inviterName ? (
        <span className="invitation-person">{inviterName}</span>
      ) : inviter ? (
        <Address email={inviter} />
      ) : (
        'A member'
      )}{' '}
      invited you to this Handoff workspace.
    </>
  );
}

/** "Invitation for: {address}": the address that may accept it, labelled, on a line of its own. */
export function InvitationFor({ email }: { email: string }) {
  return (
    <p className="invitation-for">
      <span className="invitation-for__label">Invitation for:</span> <Address email={email} />
    </p>
  );
}
