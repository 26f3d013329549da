import type { User } from '@handoff/core/api';
import { Outlet, useLocation, useMatches } from 'react-router';
import { ToastProvider } from '@/components/ui/toast';
// Every button variant, for the admin pages that draw buttons with class names.
import '@/components/ui/button.css';
import { prefetchProjectsScreen } from '@/api/projects';
import { logo } from '@/config/brand';
import { paths } from '@/config/paths';
import { prefetchNotifications } from '@/features/shell/api/notifications';
import { AdminShell } from '@/features/shell/components/admin-shell';
import { prefetchWorkspaces } from '@/features/team/api/team';
import { NameWorkspaceHint } from '@/features/team/components/name-workspace-hint';
import { WorkspaceSelect } from '@/features/team/components/workspace-select';
import { VerifyEmailNotice } from '@/features/verify-email/components/verify-email-notice';
import { useServices } from '@/lib/services';
import { type PageHandle, routeTable } from '../../route-table';

export function Component() {
  const { api } = useServices();
  const { pathname } = useLocation();
  const Lead = useMatches()
    .map((match) => (match.handle as PageHandle | undefined)?.Lead)
    .findLast((lead) => lead !== undefined);
  // Everything the first screen needs once the user is known, asked for at once and in parallel, not
  // after React has rendered the user.
  const prefetchFirstScreen = (user: User) => {
    prefetchWorkspaces(api, user.id);
    prefetchNotifications(api, user.id);
    if (pathname === paths.admin.index) prefetchProjectsScreen(api, user.id);
  };
  return (
    <ToastProvider>
      <AdminShell
        routes={routeTable}
        logo={logo}
        workspaceSelect={<WorkspaceSelect />}
        notice={
          <>
            <VerifyEmailNotice />
            <NameWorkspaceHint />
          </>
        }
        onUserLoaded={prefetchFirstScreen}
        lead={Lead ? <Lead /> : null}
      >
        <Outlet />
      </AdminShell>
    </ToastProvider>
  );
}
