import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '@/config/storage-keys';
import { db } from '@/testing/mocks/db';
import { renderApp, signIn } from '@/testing/test-utils';

describe('session gating (docs/product.md §2 top-level routes)', () => {
  it('sends a visitor without a token from /admin/* to /auth/login', async () => {
    const { router } = renderApp('/admin/index');
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('sends a signed-in user from /auth/* to /admin/index', async () => {
    signIn();
    const { router } = renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/index');
  });

  it('lets a signed-in user open the register page only after signing out', async () => {
    signIn();
    const { router } = renderApp('/auth/register');
    await screen.findByRole('heading', { name: 'Projects' });
    expect(router.state.location.pathname).toBe('/admin/index');
  });

  it('redirects unknown admin paths to /admin/index', async () => {
    signIn();
    const { router } = renderApp('/admin/no-such-page');
    await screen.findByRole('heading', { name: 'Projects' });
    expect(router.state.location.pathname).toBe('/admin/index');
  });

  it('redirects unknown auth paths to /auth/login', async () => {
    const { router } = renderApp('/auth/no-such-page');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('redirects any other path to /admin/index (and on to /auth/login without a token)', async () => {
    const { router } = renderApp('/somewhere/else');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('redirects any other path to /admin/index for a signed-in user', async () => {
    signIn();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: 'Projects' });
    expect(router.state.location.pathname).toBe('/admin/index');
  });

  it('keeps /reset-password open with or without a token', async () => {
    // A live code: a dead one shows its own page (checked before the form).
    db.oobCodes.add('abc');
    const first = renderApp('/reset-password?oobCode=abc');
    expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(first.router.state.location.pathname).toBe('/reset-password');
    first.unmount();

    signIn();
    const second = renderApp('/reset-password?oobCode=abc');
    expect(await screen.findByRole('button', { name: 'Reset Password' })).toBeInTheDocument();
    expect(second.router.state.location.pathname).toBe('/reset-password');
  });

  it('gates on the "auth-token" item, without needing our refresh-token keys', async () => {
    const { idToken } = signIn('grace@example.com');
    window.localStorage.clear();
    window.localStorage.setItem(storageKeys.authToken, idToken);
    window.localStorage.setItem(storageKeys.userEmail, 'grace@example.com');
    const { router } = renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/index');
  });

  it('redirects /admin and /auth themselves', async () => {
    const first = renderApp('/auth');
    await screen.findByRole('heading', { name: 'Login' });
    expect(first.router.state.location.pathname).toBe('/auth/login');
    first.unmount();

    signIn();
    const second = renderApp('/admin');
    await screen.findByRole('heading', { name: 'Projects' });
    expect(second.router.state.location.pathname).toBe('/admin/index');
  });
});
