// What an invitation is, as the invitation page (signed out) and the join page (signed in) both lead with it:
// the workspace's initial as its mark, and who invited which address. The invitation is read without an
// account, so the workspace's logo (behind its members' sign-in) is not shown: its initial stands in.
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

/** "{inviter} invited {address} to this Handoff workspace." */
export function InvitedBy({ inviter, email }: { inviter: string | null; email: string }) {
  return (
    <>
      {inviter ? <Address email={inviter} /> : 'A member'} invited <Address email={email} /> to this Handoff
      workspace.
    </>
  );
}
