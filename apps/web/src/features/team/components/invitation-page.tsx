// /join/{token} signed out: what the invitation is (the workspace's mark and name, who invited you, and on a
// labelled line "Invitation for:" the address)
// and the way on for that address: `Register` first when no account uses it (`Login` beside it), else
// `Login` alone. The link is remembered, so that signing in continues to joining. A used, expired or unknown
// link is a warning, with no way on.
import type { InvitationAnswer } from '@handoff/core/api';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { AuthWarning } from '@/components/layouts/auth-warning';
import { ButtonLink } from '@/components/ui/button';
import { ProgressBar } from '@/components/ui/progress-bar';
import { paths } from '@/config/paths';
import { rememberPendingJoin } from '@/lib/pending-join';
import { useServices } from '@/lib/services';
import { getInvitation } from '../api/team';
import { InvitationFor, InvitedBy, WorkspaceMark } from './invitation-lead';

type Invitation = InvitationAnswer['data'];

const DEAD: Record<Exclude<Invitation['state'], 'open'>, string> = {
  used: 'This invitation was already used.',
  expired: 'This invitation has expired.',
  unknown: 'This invitation link is not valid.',
};

export function InvitationPage({ token }: { token: string }) {
  const { api } = useServices();
  // null: loading; undefined: the server could not say (the page then offers both ways on).
  const [invitation, setInvitation] = useState<Invitation | null | undefined>(null);

  useEffect(() => {
    let live = true;
    getInvitation(api, token).then(
      (answer) => live && setInvitation(answer),
      () => live && setInvitation(undefined),
    );
    return () => {
      live = false;
    };
  }, [api, token]);

  useEffect(() => {
    if (invitation?.state !== 'open' && invitation !== undefined) return;
    rememberPendingJoin(token);
  }, [invitation, token]);

  if (invitation === null) {
    return (
      <AuthLayout title="Join a workspace">
        <ProgressBar label="Loading the invitation" />
      </AuthLayout>
    );
  }
  if (invitation && invitation.state !== 'open') {
    return (
      <AuthLayout title="Invitation no longer valid">
        <AuthWarning>
          {DEAD[invitation.state]}{' '}
          {invitation.inviterEmail
            ? `Ask ${invitation.inviterName || invitation.inviterEmail} for a new one.`
            : 'Ask for a new one.'}
        </AuthWarning>
        <p className="auth-card__footer">
          <Link to={paths.auth.login}>Go to login</Link>
        </p>
      </AuthLayout>
    );
  }
  if (!invitation) {
    // The server could not say what the invitation is: both ways on, the address to use said in words.
    return (
      <AuthLayout title="Join a workspace" subtitle="You have been invited to a Handoff workspace.">
        <div className="auth-form">
          <p>
            Sign in with the address the invitation was sent to; without an account, register with it first.
          </p>
          <RegisterThenLogin />
        </div>
      </AuthLayout>
    );
  }
  const workspace = invitation.workspaceName;
  const email = invitation.email ?? '';
  return (
    <AuthLayout
      mark={workspace ? <WorkspaceMark name={workspace} /> : undefined}
      title={
        workspace ? (
          <>
            {/* The name as one unit: on a line of its own when it does not fit beside "Join", not cut. */}
            Join <span className="invitation-name">{workspace}</span>
          </>
        ) : (
          'Join a workspace'
        )
      }
      subtitle={<InvitedBy inviter={invitation.inviterEmail} inviterName={invitation.inviterName} />}
    >
      <div className="auth-form">
        {email ? <InvitationFor email={email} /> : null}
        {invitation.hasAccount ? (
          <>
            <ButtonLink to={paths.auth.login} variant="primary" block>
              Login
            </ButtonLink>
            <p className="invitation-next">Sign in with this address and you join the workspace.</p>
          </>
        ) : (
          <>
            <RegisterThenLogin />
            <p className="invitation-next">
              Register with this address. You join the workspace as soon as you sign in.
            </p>
          </>
        )}
      </div>
    </AuthLayout>
  );
}

/** For an address that may have no account yet: `Register` first, `Login` beside it. */
function RegisterThenLogin() {
  return (
    <>
      <ButtonLink to={paths.auth.register} variant="primary" block>
        Register
      </ButtonLink>
      <ButtonLink to={paths.auth.login} variant="secondary" block>
        Login
      </ButtonLink>
    </>
  );
}
