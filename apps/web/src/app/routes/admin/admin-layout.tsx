import { Outlet } from 'react-router';
import { ToastProvider } from '@/components/ui/toast';
// Every button variant, for the admin pages that draw buttons with class names.
import '@/components/ui/button.css';
import { logo } from '@/config/brand';
import { AdminShell } from '@/features/shell/components/admin-shell';
import { NameWorkspaceHint } from '@/features/team/components/name-workspace-hint';
import { WorkspaceSelect } from '@/features/team/components/workspace-select';
import { VerifyEmailNotice } from '@/features/verify-email/components/verify-email-notice';
import { routeTable } from '../../route-table';

export function Component() {
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
      >
        <Outlet />
      </AdminShell>
    </ToastProvider>
  );
}
