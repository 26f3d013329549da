// The Logout button (docs/product.md §4): empty user, projects and issues; remove "user-email" and "auth-token" (and our
// refresh-token and expiry keys); go to /auth/login.
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { endServerSession } from '@/lib/end-session';
import { useServices } from '@/lib/services';
import { useAppDispatch } from '@/stores/app-store';

/** Signs out and goes to `to` (the login page unless a page asks for another, such as an invitation's). */
export function useLogout(to: string = paths.auth.login): () => void {
  const { session, api } = useServices();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(() => {
    dispatch({ type: 'LOGOUT' });
    endServerSession(api);
    session.clear();
    navigate(to, { replace: true });
  }, [dispatch, session, api, navigate, to]);
}
