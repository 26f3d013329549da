import { Outlet } from 'react-router';
import { logo } from '@/config/brand';
import { AdminShell } from '@/features/shell/components/admin-shell';
import { WorkspaceSelect } from '@/features/team/components/workspace-select';
import { routeTable } from '../../route-table';

export function Component() {
  return (
    <AdminShell routes={routeTable} logo={logo} workspaceSelect={<WorkspaceSelect />}>
      <Outlet />
    </AdminShell>
  );
}
