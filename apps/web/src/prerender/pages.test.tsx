// The pages the build renders ahead. login.html: shown before the app runs, then adopted by the app as it
// is (hydration); React reports any difference between the markup and its first render with
// console.error, which fails the test (testing/setup-tests.ts). admin-index.html: the app's first frame
// of /admin/index, which the app replaces with its own; nothing may change but the visitor's e-mail.
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { App, routerReady } from '@/app/app';
import { createRoutes } from '@/app/router';
import { paths } from '@/config/paths';
import { createServices } from '@/lib/services';
import { deferred } from '@/testing/deferred';
import { server } from '@/testing/mocks/server';
import { testConfig } from '@/testing/mocks/test-config';
import { signIn } from '@/testing/test-utils';
import { renderAdminIndex, renderLoginPage } from './pages';

/** Where each test puts a pre-rendered page, as #root holds it, and starts the app on it. */
let root: Root | undefined;
const container = document.createElement('div');
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

describe('the pre-rendered login page', () => {
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

describe('the pre-rendered projects page', () => {
  /**
   * The elements, their attributes and their text, without what differs by design: React's generated ids,
   * and the user menu's name, which the build cannot know ("Account"; the page's start script writes it).
   */
  function frame(root: Element): string {
    const ignored = new Set(['id', 'for', 'aria-controls']);
    const walk = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
      if (!(node instanceof Element)) return '';
      if (node.matches('[data-account-name], [data-account-initial]')) return `<${node.className}>`;
      const attributes = [...node.attributes]
        .filter((attribute) => !ignored.has(attribute.name))
        .map((attribute) => `${attribute.name}="${attribute.value}"`)
        .sort();
      return `<${node.localName} ${attributes.join(' ')}>${[...node.childNodes].map(walk).join('')}</>`;
    };
    return [...root.childNodes].map(walk).join('');
  }

  it.each([false, true])(
    'is the frame the app first draws for a signed-in visitor (demo tracker: %s)',
    async (demoTracker) => {
      signIn('ada@example.com');
      const { promise: answered, resolve: answer } = deferred();
      server.use(
        http.post('/jira/get-user-by-email', async () => {
          await answered;
          return undefined; // fall through to the regular handler
        }),
      );
      const markup = await renderAdminIndex(demoTracker);
      expect(markup).toContain('Projects</h1>');
      expect(markup).toContain('Each project sends its client the stories finished in its tracker');
      expect(markup.includes('Demo tracker')).toBe(demoTracker);
      container.innerHTML = markup;
      document.body.append(container);
      const before = frame(container);

      const router = createMemoryRouter(createRoutes(), { initialEntries: [paths.admin.index] });
      await routerReady(router);
      await act(async () => {
        root = createRoot(container);
        root.render(<App services={createServices({ ...testConfig, demoTracker })} router={router} />);
      });
      expect(screen.getByRole('progressbar', { name: 'Loading your account' })).toBeInTheDocument();
      expect(frame(container)).toBe(before);
      expect(screen.getByRole('button', { name: /ada@example\.com/ })).toBeInTheDocument();

      answer();
      // The list arrives under the lead: this account has no project yet, so its empty state.
      expect(await screen.findByText('No projects yet')).toBeInTheDocument();
    },
  );
});
