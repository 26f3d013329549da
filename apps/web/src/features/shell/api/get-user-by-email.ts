// POST /jira/get-user-by-email {email} (bearer) → {data: user} (docs/product.md §7).
import type { GetUserByEmailAnswer, GetUserByEmailBody, User } from '@handoff/core/api';
import { startTransition, useEffect, useRef, useState } from 'react';
import { prefetchable } from '@/api/prefetch';
import { type ApiClient, SessionExpiredError } from '@/lib/api-client';
import { useServices } from '@/lib/services';
import { useAppDispatch } from '@/stores/app-store';

async function getUserByEmail(api: ApiClient, email: string): Promise<User> {
  const body: GetUserByEmailBody = { email };
  const answer = await api.post<GetUserByEmailAnswer>('/jira/get-user-by-email', body);
  return answer.data;
}

const userCall = prefetchable('get-user-by-email', getUserByEmail);

type UserLoadState = 'loading' | 'loaded' | 'failed';

/**
 * Loads the user by the stored "user-email" when the shell mounts (and again on `retry`), keeping the
 * get-user loading flag in client state. A failure is reported with a browser alert carrying the server's
 * error (docs/product.md §8); an ended session is not reported: the gate already takes the user to sign-in.
 * `onLoaded` runs as soon as the answer arrives, before React renders it (to start the next calls).
 */
export function useLoadUser(onLoaded?: (user: User) => void): { state: UserLoadState; retry: () => void } {
  const { api, session } = useServices();
  const dispatch = useAppDispatch();
  const [state, setState] = useState<UserLoadState>('loading');
  const [attempt, setAttempt] = useState(0);
  const onLoadedRef = useRef(onLoaded);
  onLoadedRef.current = onLoaded;
  // Asked for while the shell first renders, not once it has been painted (when effects run): every call
  // of the page waits for this answer. The effect below takes it.
  useState(() => {
    const email = session.getEmail();
    if (email) userCall.start(api, email);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on retry.
  useEffect(() => {
    let active = true;
    const email = session.getEmail();
    if (!email) {
      // A token without an e-mail cannot be used: end the session, the gate then shows the sign-in page.
      session.expire();
      return;
    }
    setState('loading');
    dispatch({ type: 'GET_USER_LOADING', loading: true });
    userCall
      .take(api, email)
      .then((user) => {
        if (!active) return;
        onLoadedRef.current?.(user);
        // A transition: React renders the page frame in slices instead of one long task.
        startTransition(() => {
          dispatch({ type: 'SET_USER', user });
          setState('loaded');
        });
      })
      .catch((error: unknown) => {
        if (!active || error instanceof SessionExpiredError) return;
        setState('failed');
        window.alert(error instanceof Error ? error.message : String(error));
      })
      .finally(() => {
        if (active) dispatch({ type: 'GET_USER_LOADING', loading: false });
      });
    return () => {
      active = false;
    };
  }, [api, session, dispatch, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
