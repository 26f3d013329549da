import { texts } from '@handoff/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { db, requestsTo } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp } from '@/testing/test-utils';

async function submit(user: ReturnType<typeof renderApp>['user'], password: string, confirm: string) {
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Reset Password' }));
}

describe('/reset-password', () => {
  it('has two required password fields, each with its own toggle', async () => {
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

  it('rejects different passwords and sends nothing', async () => {
    const { user } = renderApp('/reset-password?oobCode=code-1');
    await screen.findByRole('button', { name: 'Reset Password' });
    await submit(user, 'new-secret', 'other-secret');
    expect(
      await screen.findByRole('dialog', { name: texts.resetPassword.passwordMismatch }),
    ).toBeInTheDocument();
    expect(requestsTo('resetPassword')).toHaveLength(0);
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
    expect(db.oobCodes.has('code-1')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('explains a used or unknown code in an error dialog', async () => {
    const { user, router } = renderApp('/reset-password?oobCode=stale');
    await screen.findByRole('button', { name: 'Reset Password' });
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
    const { user } = renderApp('/reset-password');
    await screen.findByRole('button', { name: 'Reset Password' });
    await submit(user, 'new-secret', 'new-secret');
    expect(await screen.findByRole('dialog', { name: /invalid or has expired/ })).toBeInTheDocument();
    expect(requestsTo('resetPassword')).toHaveLength(0);
  });
});
