import { Outlet } from 'react-router';
import { logo } from '@/config/brand';
import { AdminShell } from '@/features/shell/components/admin-shell';
import { routeTable } from '../../route-table';

export function Component() {
  return (
    <AdminShell routes={routeTable} logo={logo}>
      <Outlet />
    </AdminShell>
  );
}
