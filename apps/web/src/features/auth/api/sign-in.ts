// Sign-in with the identity provider (signInWithPassword). On success the ID token is stored as "auth-token"
// and the e-mail as "user-email" (plus the refresh token and expiry); the auth loading flag covers the request.
import { useCallback } from 'react';
import { useServices } from '@/lib/services';
import { useAppDispatch } from '@/stores/app-store';

export function useSignIn(): (email: string, password: string) => Promise<boolean> {
  const { identity, session } = useServices();
  const dispatch = useAppDispatch();
  return useCallback(
    async (email, password) => {
      dispatch({ type: 'AUTH_LOADING', loading: true });
      try {
        const result = await identity.signInWithPassword(email, password);
        session.start(result);
        return true;
      } catch {
        return false;
      } finally {
        dispatch({ type: 'AUTH_LOADING', loading: false });
      }
    },
    [identity, session, dispatch],
  );
}
