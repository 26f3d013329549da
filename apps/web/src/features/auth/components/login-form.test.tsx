import { texts } from '@handoff/core';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/config/storage-keys';
import { deferred } from '@/testing/deferred';
import { createAccount, db, requestsTo } from '@/testing/mocks/db';
import { identityError } from '@/testing/mocks/handlers/identity';
import { server } from '@/testing/mocks/server';
import { testConfig } from '@/testing/mocks/test-config';
import { renderApp } from '@/testing/test-utils';

describe('/auth/login', () => {
  it('shows the screen texts', async () => {
    renderApp('/auth/login');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByText('Login to access your account.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Forgot Password?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Don't have an account?" })).toHaveAttribute(
      'href',
      '/auth/register',
    );
  });

  it('signs in: stores "auth-token" and "user-email" and goes to /admin/index', async () => {
    createAccount('ada@example.com', 'secret-pass');
    const { user, router } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/index');
    const token = window.localStorage.getItem(storageKeys.authToken);
    expect(token).toMatch(/^id-token-/);
    expect(db.idTokens.get(token ?? '')?.email).toBe('ada@example.com');
    expect(window.localStorage.getItem(storageKeys.userEmail)).toBe('ada@example.com');
    expect(window.localStorage.getItem(storageKeys.refreshToken)).toMatch(/^refresh-token-/);
    expect(Number(window.localStorage.getItem(storageKeys.tokenExpiresAt))).toBeGreaterThan(Date.now());
    // The shell then loads the user with the new token.
    expect(await screen.findByRole('button', { name: 'ada@example.com' })).toBeInTheDocument();
  });

  it('shows "Loading..." on the Login button while signing in', async () => {
    createAccount('ada@example.com', 'secret-pass');
    const { promise: answered, resolve: answer } = deferred();
    server.use(
      http.post(`${testConfig.identityToolkitUrl}/v1/:operation`, async () => {
        await answered;
        return identityError('INVALID_LOGIN_CREDENTIALS');
      }),
    );
    const { user } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('button', { name: 'Loading...' })).toBeDisabled();
    answer();
    await screen.findByRole('dialog', { name: texts.login.failed });
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('shows "Please check your login credentials" on failure and stores nothing', async () => {
    createAccount('ada@example.com', 'secret-pass');
    const { user, router } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const dialog = await screen.findByRole('dialog', { name: texts.login.failed });
    expect(dialog).toHaveAccessibleDescription('Error');
    expect(window.localStorage.getItem(storageKeys.authToken)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.userEmail)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('toggles the password between hidden and visible', async () => {
    const { user } = renderApp('/auth/login');
    await screen.findByRole('heading', { name: 'Login' });
    const password = screen.getByLabelText('Password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  describe('Forgot Password?', () => {
    it('asks for an e-mail when the Email field is empty, and sends nothing', async () => {
      const { user } = renderApp('/auth/login');
      await screen.findByRole('heading', { name: 'Login' });
      await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));
      expect(
        await screen.findByRole('dialog', { name: texts.forgotPassword.emptyEmail }),
      ).toBeInTheDocument();
      expect(requestsTo('sendOobCode')).toHaveLength(0);
    });

    it('sends the reset e-mail for the typed address and confirms it', async () => {
      createAccount('ada@example.com');
      let body: unknown;
      server.events.on('request:start', async ({ request }) => {
        if (request.url.includes('sendOobCode')) body = await request.clone().json();
      });
      const { user } = renderApp('/auth/login');
      await screen.findByRole('heading', { name: 'Login' });
      await user.type(screen.getByLabelText('Email'), 'ada@example.com');
      await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));

      const dialog = await screen.findByRole('dialog', { name: texts.forgotPassword.success });
      expect(dialog).toHaveAccessibleDescription('Success');
      expect(body).toEqual({ requestType: 'PASSWORD_RESET', email: 'ada@example.com' });
      expect(window.alert).not.toHaveBeenCalled();
    });

    it("alerts the provider's error code when the request fails", async () => {
      const { user } = renderApp('/auth/login');
      await screen.findByRole('heading', { name: 'Login' });
      await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
      await user.click(screen.getByRole('button', { name: 'Forgot Password?' }));

      await vi.waitFor(() => expect(window.alert).toHaveBeenCalledWith('EMAIL_NOT_FOUND'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
  });
});
