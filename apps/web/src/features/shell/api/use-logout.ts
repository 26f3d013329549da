// The Logout button (docs/product.md §4): empty user, projects and issues; remove "user-email" and "auth-token" (and our
// refresh-token and expiry keys); go to /auth/login.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { endServerSession } from '@/lib/end-session';
import { useServices } from '@/lib/services';
import { useAppDispatch } from '@/stores/app-store';

export function useLogout(): () => void {
  const { session, api } = useServices();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch({ type: 'LOGOUT' });
    endServerSession(api);
    session.clear();
    navigate(paths.auth.login, { replace: true });
  }, [dispatch, session, api, navigate]);
}
