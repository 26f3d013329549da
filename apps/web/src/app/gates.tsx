// Session gating (docs/product.md §2, §4): the admin area needs the "auth-token" item; the auth area sends a signed-in
// user to /admin/index. Both re-check whenever the stored session changes (sign-in, sign-out, other tabs).
import { Navigate, Outlet } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthToken } from '@/lib/services';

export function RequireAuth() {
  return useAuthToken() ? <Outlet /> : <Navigate to={paths.auth.login} replace />;
}

export function RedirectIfAuthenticated() {
  return useAuthToken() ? <Navigate to={paths.admin.index} replace /> : <Outlet />;
}
