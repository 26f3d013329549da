// The login screen the build renders into login.html: shown before the app runs, then adopted by the
// app as it is (hydration). React reports any difference between the markup and its first render with
// console.error, which fails the test (testing/setup-tests.ts).
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { App, routerReady } from '@/app/app';
import { createRoutes } from '@/app/router';
import { paths } from '@/config/paths';
import { createServices } from '@/lib/services';
import { testConfig } from '@/testing/mocks/test-config';
import { signIn } from '@/testing/test-utils';
import { renderLoginPage } from './pages';

describe('the pre-rendered login page', () => {
  let root: Root | undefined;
  const container = document.createElement('div');
  afterEach(() => {
    act(() => root?.unmount());
    container.remove();
  });

  /** The page as login.html brings it, then the app started on it as main.tsx does. */
  async function startOnPrerenderedPage() {
    container.innerHTML = await renderLoginPage();
    document.body.append(container);
    const before = {
      email: screen.getByLabelText('Email'),
      login: screen.getByRole('button', { name: 'Login' }),
    };
    const router = createMemoryRouter(createRoutes(), { initialEntries: [paths.auth.login] });
    await routerReady(router);
    const recoverableErrors: unknown[] = [];
    await act(async () => {
      root = hydrateRoot(container, <App services={createServices(testConfig)} router={router} />, {
        onRecoverableError: (error) => recoverableErrors.push(error),
      });
    });
    return { before, router, recoverableErrors };
  }

  it('is the login form, which the app takes over without replacing it', async () => {
    const { before, recoverableErrors } = await startOnPrerenderedPage();
    expect(recoverableErrors).toEqual([]);
    expect(screen.getByLabelText('Email')).toBe(before.email);
    expect(screen.getByRole('button', { name: 'Login' })).toBe(before.login);
    expect(screen.getByRole('link', { name: "Don't have an account?" })).toHaveAttribute(
      'href',
      paths.auth.register,
    );
    // The controls work once it has.
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
  });

  it('sends a signed-in visitor on to the projects', async () => {
    signIn();
    const { router, recoverableErrors } = await startOnPrerenderedPage();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.admin.index));
    expect(recoverableErrors).toEqual([]);
  });
});
