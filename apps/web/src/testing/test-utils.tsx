// Renders the whole app (real routes, providers and services) at a path, against the MSW handlers.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { createRoutes } from '@/app/router';
import { storageKeys } from '@/config/storage-keys';
import type { RuntimeConfig } from '@/lib/runtime-config';
import { createServices } from '@/lib/services';
import { type Account, createAccount, issueTokens } from './mocks/db';
import { testConfig } from './mocks/test-config';

export function renderApp(path: string, { config = testConfig }: { config?: RuntimeConfig } = {}) {
  const services = createServices(config);
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <AppProvider services={services}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, services, user };
}

/** Stores a signed-in session (as a successful login would) for a new account, and returns both. */
export function signIn(
  email = 'ada@example.com',
  { expiresInMs = 3_600_000 }: { expiresInMs?: number } = {},
): { account: Account; idToken: string; refreshToken: string } {
  const account = createAccount(email);
  const tokens = issueTokens(email);
  window.localStorage.setItem(storageKeys.authToken, tokens.idToken);
  window.localStorage.setItem(storageKeys.userEmail, email);
  window.localStorage.setItem(storageKeys.refreshToken, tokens.refreshToken);
  window.localStorage.setItem(storageKeys.tokenExpiresAt, String(Date.now() + expiresInMs));
  return { account, ...tokens };
}
