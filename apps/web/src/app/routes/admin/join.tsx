import { useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/shell/api/use-logout';
import { JoinWorkspace } from '@/features/team/components/join-workspace';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Another account's link: sign out, and the link's page asks for the invited address.
  const switchAccount = useLogout(`${paths.invitation}/${encodeURIComponent(token)}`);
  return <JoinWorkspace token={token} onSwitchAccount={switchAccount} />;
}
