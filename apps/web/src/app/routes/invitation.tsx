// /join/{token}: the link in an invitation e-mail. Signed in, it goes on to the join page; signed out, the
// page says what the invitation is and how to go on (features/team/components/invitation-page.tsx).
import { Navigate, useParams } from 'react-router';
import { joinHref } from '@/config/paths';
import { InvitationPage } from '@/features/team/components/invitation-page';
import { useAuthToken } from '@/lib/services';

export function Component() {
  const { token = '' } = useParams();
  const signedIn = useAuthToken() !== null;
  if (signedIn) return <Navigate to={joinHref(token)} replace />;
  return <InvitationPage token={token} />;
}
