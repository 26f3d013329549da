import { texts } from '@handoff/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAccount, db, requestsTo } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

async function submit(user: ReturnType<typeof renderApp>['user'], password: string, confirm: string) {
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('/reset-password', () => {
  it('has two required password fields, each with its own toggle', async () => {
    db.oobCodes.add('code-1');
    const { user } = renderApp('/reset-password?oobCode=code-1');
    await screen.findByRole('button', { name: 'Reset Password' });
    const password = screen.getByLabelText('Password');
    const confirm = screen.getByLabelText('Confirm Password');
    expect(password).toBeRequired();
    expect(confirm).toBeRequired();
    const toggles = screen.getAllByRole('button', { name: 'Show password' });
    expect(toggles).toHaveLength(2);
    await user.click(toggles[1]!);
    expect(confirm).toHaveAttribute('type', 'text');
    expect(password).toHaveAttribute('type', 'password');
  });

  it('rejects different passwords and sends nothing but the check of the code', async () => {
    db.oobCodes.add('code-1');
    const { user } = renderApp('/reset-password?oobCode=code-1');
    await screen.findByRole('button', { name: 'Reset Password' });
    await submit(user, 'new-secret', 'other-secret');
    expect(
      await screen.findByRole('dialog', { name: texts.resetPassword.passwordMismatch }),
    ).toBeInTheDocument();
    expect(requestsTo('resetPassword')).toHaveLength(1);
  });

  it('resets the password with the code from the link; Okay goes to /auth/login', async () => {
    db.oobCodes.add('code-1');
    let body: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (request.url.includes('resetPassword')) body = await request.clone().json();
    });
    const { user, router } = renderApp('/reset-password?oobCode=code-1');
    await screen.findByRole('button', { name: 'Reset Password' });
    await submit(user, 'new-secret', 'new-secret');

    const dialog = await screen.findByRole('dialog', { name: texts.resetPassword.success });
    expect(dialog).toHaveAccessibleDescription('Success');
    expect(body).toEqual({ oobCode: 'code-1', newPassword: 'new-secret' });
    expect(requestsTo('resetPassword')).toHaveLength(2);
    expect(db.oobCodes.has('code-1')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('checks the code before the form: a used or unknown one says so and offers to send a new link', async () => {
    createAccount('dana@example.com');
    const { user, router } = renderApp('/reset-password?oobCode=stale');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Reset link no longer valid' }),
    ).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('This link has expired or was already used.');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'dana@example.com');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    const dialog = await screen.findByRole('dialog', { name: texts.forgotPassword.success });
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('explains a code used up meanwhile in an error dialog', async () => {
    db.oobCodes.add('code-1');
    const { user, router } = renderApp('/reset-password?oobCode=code-1');
    await screen.findByRole('button', { name: 'Reset Password' });
    db.oobCodes.delete('code-1');
    await submit(user, 'new-secret', 'new-secret');
    const dialog = await screen.findByRole('dialog', { name: /invalid or has expired/ });
    expect(dialog).toHaveAccessibleDescription('Error');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it("shows the provider's password-policy text", async () => {
    db.oobCodes.add('code-1');
    const { user } = renderApp('/reset-password?oobCode=code-1');
    await screen.findByRole('button', { name: 'Reset Password' });
    await submit(user, 'abc', 'abc');
    expect(
      await screen.findByRole('dialog', { name: 'Password should be at least 6 characters' }),
    ).toBeInTheDocument();
  });

  it('does not call the provider without a code in the link', async () => {
    renderApp('/reset-password');
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired or was already used.');
    expect(requestsTo('resetPassword')).toHaveLength(0);
  });
});
