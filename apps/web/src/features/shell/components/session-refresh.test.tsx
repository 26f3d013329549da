// The token-expiry path (README "Sessions"): a 401 renews the ID token and retries; when renewal is impossible
// or the retry is refused too, the session ends (storage cleared, LOGOUT_SUCCESS) and the user is on /auth/login.
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/config/storage-keys';
import { db, expireIdToken, requestsTo, revokeRefreshToken } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';

describe('token refresh on 401', () => {
  it('renews an ID token the server refuses, retries, and keeps the user signed in', async () => {
    const { idToken, refreshToken } = signIn('ada@example.com');
    expireIdToken(idToken);
    renderApp('/admin/index');

    expect(await screen.findByRole('button', { name: 'ada@example.com' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    const stored = window.localStorage.getItem(storageKeys.authToken);
    expect(stored).not.toBe(idToken);
    expect(db.idTokens.get(stored ?? '')?.valid).toBe(true);
    expect(window.localStorage.getItem(storageKeys.refreshToken)).not.toBe(refreshToken);
    expect(requestsTo('get-user-by-email')).toEqual([
      `POST /jira/get-user-by-email Bearer ${idToken}`,
      `POST /jira/get-user-by-email Bearer ${stored}`,
    ]);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('renews the ID token before it expires, without a refused call first', async () => {
    const { idToken } = signIn('ada@example.com', { expiresInMs: 10_000 });
    renderApp('/admin/index');
    await screen.findByRole('heading', { name: 'Projects' });
    const stored = window.localStorage.getItem(storageKeys.authToken);
    expect(stored).not.toBe(idToken);
    expect(requestsTo('get-user-by-email')).toEqual([`POST /jira/get-user-by-email Bearer ${stored}`]);
  });

  it('signs out to /auth/login when the refresh token is refused', async () => {
    const { idToken, refreshToken } = signIn('ada@example.com');
    expireIdToken(idToken);
    revokeRefreshToken(refreshToken);
    const { router } = renderApp('/admin/index');

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    for (const key of Object.values(storageKeys)) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('signs out when the retried call is refused as well', async () => {
    signIn('ada@example.com');
    server.use(
      http.post('/jira/get-user-by-email', () =>
        HttpResponse.json({ status: 401, code: 'UNAUTHORIZED', message: 'Sign in again.' }, { status: 401 }),
      ),
    );
    const { router } = renderApp('/admin/index');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(requestsTo('/v1/token')).toHaveLength(1);
    expect(window.localStorage.getItem(storageKeys.authToken)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.userEmail)).toBeNull();
  });
});
