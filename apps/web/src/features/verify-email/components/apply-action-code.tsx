// What the e-mailed link `/auth/action?mode=verifyEmail&oobCode=…` does: applies the code and says so, under
// a heading that says the same; a dead link is a warning whose one button says what it leads to ("Sign in
// to get a new link"); an unknown one is a warning, with "Back to login" as the way out.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { AuthWarning } from '@/components/layouts/auth-warning';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useServices } from '@/lib/services';
import { applyVerificationCode } from '../api/verify-email';

type State = 'applying' | 'verified' | 'failed' | 'unknown';

const TITLES: Record<State, string> = {
  applying: 'Verify your e-mail address',
  verified: 'E-mail address verified',
  failed: 'Verification link no longer valid',
  unknown: 'Link not recognised',
};

export function ApplyActionCode({ mode, oobCode }: { mode: string | null; oobCode: string | null }) {
  const { config } = useServices();
  const [state, setState] = useState<State>(mode === 'verifyEmail' && oobCode ? 'applying' : 'unknown');

  useEffect(() => {
    if (mode !== 'verifyEmail' || !oobCode) return;
    let live = true;
    applyVerificationCode(config, oobCode).then(
      () => live && setState('verified'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [config, mode, oobCode]);

  return (
    <AuthLayout title={TITLES[state]}>
      {state === 'failed' ? <AuthWarning>This link has expired or was already used.</AuthWarning> : null}
      {state === 'unknown' ? <AuthWarning>This link is not one Handoff understands.</AuthWarning> : null}
      <div role="status" className="auth-form">
        {state === 'applying' ? <p>Verifying your e-mail address…</p> : null}
        {state === 'verified' ? <p>Your e-mail address is verified. You can use Handoff now.</p> : null}
        <ButtonLink to={paths.admin.index} variant="primary" block>
          {/* A dead link's way on is a new one: the admin area sends it (after signing in, when signed out). */}
          {state === 'failed' ? 'Sign in to get a new link' : 'Continue to Handoff'}
        </ButtonLink>
      </div>
      {state === 'unknown' ? (
        <p className="auth-card__footer">
          <Link to={paths.auth.login}>Back to login</Link>
        </p>
      ) : null}
    </AuthLayout>
  );
}
