// /join/{token} signed out: what the invitation is (the workspace, who invited which address) and the one way
// on for that address: `Register` first when no account uses it, else `Login`. The link is remembered, so
// that signing in continues to joining. A used, expired or unknown link is a warning, with no way on.
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
          {invitation.inviterEmail ? `Ask ${invitation.inviterEmail} for a new one.` : 'Ask for a new one.'}
        </AuthWarning>
        <p className="auth-card__footer">
          <Link to={paths.auth.login}>Go to login</Link>
        </p>
      </AuthLayout>
    );
  }
  const register = !invitation?.hasAccount;
  return (
    <AuthLayout
      title={invitation?.workspaceName ? `Join ${invitation.workspaceName}` : 'Join a workspace'}
      subtitle={
        invitation
          ? `${invitation.inviterEmail ?? 'A member'} invited ${invitation.email} to this Handoff workspace.`
          : 'You have been invited to a Handoff workspace.'
      }
    >
      <div className="auth-form">
        <p>
          {invitation
            ? register
              ? `Register with ${invitation.email}, then sign in: you join at once.`
              : `Sign in as ${invitation.email}: you join at once.`
            : 'Sign in with the address the invitation was sent to; without an account, register with it first.'}
        </p>
        <ButtonLink to={register ? paths.auth.register : paths.auth.login} variant="primary" block>
          {register ? 'Register' : 'Login'}
        </ButtonLink>
        <ButtonLink to={register ? paths.auth.login : paths.auth.register} variant="outline" block>
          {register ? 'Login' : 'Register'}
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
