// /join/{token}: the link in an invitation e-mail. Signed in, it goes on to the join page; signed out, the
// link is remembered and the page says to sign in (or register) with the invited address first.
import { Navigate, useParams } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { ButtonLink } from '@/components/ui/button';
import { joinHref, paths } from '@/config/paths';
import { rememberPendingJoin } from '@/lib/pending-join';
import { useAuthToken } from '@/lib/services';

export function Component() {
  const { token = '' } = useParams();
  const signedIn = useAuthToken() !== null;
  if (signedIn) return <Navigate to={joinHref(token)} replace />;
  rememberPendingJoin(token);
  return (
    <AuthLayout
      title="Join a workspace"
      subtitle="You have been invited to a Handoff workspace. Sign in with the address the invitation was sent to; without an account, register with it first. You join once you are signed in."
    >
      <div className="auth-form">
        <ButtonLink to={paths.auth.login} variant="primary" block>
          Login
        </ButtonLink>
        <ButtonLink to={paths.auth.register} variant="outline" block>
          Register
        </ButtonLink>
      </div>
    </AuthLayout>
  );
}
