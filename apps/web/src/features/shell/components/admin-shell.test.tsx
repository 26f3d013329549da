import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '@/config/storage-keys';
import { deferred } from '@/testing/deferred';
import { callsTo, createProject, db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { testConfig } from '@/testing/mocks/test-config';
import { renderApp, signIn } from '@/testing/test-utils';

describe('admin shell', () => {
  it('shows a progress bar until the user is loaded by the stored e-mail', async () => {
    const { idToken } = signIn('ada@example.com');
    // A project to list: with none, the page says so instead of showing a table.
    createProject('user-1', { projectKey: 'SHOP' });
    const { promise: answered, resolve: answer } = deferred();
    let seen: { auth: string | null; body: unknown } | undefined;
    server.use(
      http.post('/jira/get-user-by-email', async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() };
        await answered;
        return HttpResponse.json({ data: { id: 'user-1', email: 'ada@example.com', apikey: 'k' } });
      }),
    );
    renderApp('/admin/index');

    expect(await screen.findByRole('progressbar', { name: 'Loading your account' })).toBeInTheDocument();
    // The page's lead shows from the start (it is what admin-index.html paints); the list waits for the user.
    expect(screen.getByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Projects' })).not.toBeInTheDocument();
    answer();

    expect(await screen.findByRole('table', { name: 'Projects' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(seen).toEqual({ auth: `Bearer ${idToken}`, body: { email: 'ada@example.com' } });
  });

  it('alerts the server error when the user cannot be loaded', async () => {
    signIn('ada@example.com');
    server.use(
      http.post('/jira/get-user-by-email', () =>
        HttpResponse.json({ status: 404, code: 'NOT_FOUND', message: 'No such user.' }, { status: 404 }),
      ),
    );
    const { user } = renderApp('/admin/index');
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('No such user.'));
    expect(await screen.findByText('Your account could not be loaded.')).toBeInTheDocument();

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
  });

  it('shows the Projects page frame', async () => {
    const { account } = signIn();
    createProject(account.id, { projectKey: 'SHOP' });
    renderApp('/admin/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'Projects' })).toBeInTheDocument();
    expect(
      screen.getByText(/Each project sends its client the stories finished in its tracker, ready to test/),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Add new' })).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Project key', 'Project name', 'Auto send email', 'Actions']);
  });

  it('builds the sidebar from the "/admin" routes, with the logo linking /admin/index', async () => {
    signIn('ada@example.com');
    const { user, router } = renderApp('/admin/index');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const menu = within(nav).getByRole('list');
    const links = within(menu).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Projects', '/admin/index'],
      ['Team', '/admin/team'],
      ['Sites', '/admin/sites'],
      ['User profile', '/admin/user-profile'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Handoff' })).toHaveAttribute('href', '/admin/index');

    await user.click(within(menu).getByRole('link', { name: 'User profile' }));
    expect(await screen.findByRole('heading', { name: 'User profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/user-profile');
    expect(screen.getByText('ada@example.com', { selector: 'dd' })).toBeInTheDocument();
  });

  it('opens and closes the mobile menu; choosing an entry closes it', async () => {
    signIn();
    const { user } = renderApp('/admin/user-profile');
    await screen.findByRole('heading', { name: 'User profile' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    await user.click(screen.getByRole('link', { name: 'Projects' }));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
  });

  it('closes the mobile menu on a tap on the dimmed page, and on Escape, which gives the focus back to the toggle', async () => {
    signIn();
    const { user } = renderApp('/admin/user-profile');
    await screen.findByRole('heading', { name: 'User profile' });
    const toggle = screen.getByRole('button', { name: 'Menu' });

    await user.click(toggle);
    // Hidden from screen readers (they have the toggle and Escape), so found by its label, not its role.
    await user.click(screen.getByLabelText('Close the menu'));
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Close the menu')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User profile' })).toBeInTheDocument();

    await user.click(toggle);
    await user.click(screen.getByRole('searchbox', { name: 'Search the menu' }));
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
  });

  it('filters the menu entries with the mobile search input', async () => {
    signIn();
    const { user } = renderApp('/admin/index');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const search = within(nav).getByRole('searchbox', { name: 'Search the menu' });
    // It says what it searches.
    expect(search).toHaveAttribute('placeholder', 'Search pages');
    await user.type(search, 'prof');
    expect(
      within(nav)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['User profile']);

    await user.clear(within(nav).getByRole('searchbox'));
    await user.type(within(nav).getByRole('searchbox'), 'zzz');
    expect(within(nav).queryAllByRole('listitem')).toHaveLength(0);
    expect(within(nav).getByText('No matching pages.')).toBeInTheDocument();
  });

  it('highlights the section of a sub-page in the sidebar', async () => {
    signIn();
    renderApp('/admin/edit-project?key=SHOP');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Projects' })).toHaveClass('active');
    expect(within(nav).getByRole('link', { name: 'Team' })).not.toHaveClass('active');
  });

  it('has an account menu with "Welcome!", profile entries and Logout', async () => {
    signIn('ada@example.com');
    const { user } = renderApp('/admin/index');
    const account = await screen.findByRole('button', { name: 'ada@example.com' });
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Welcome!')).toBeInTheDocument();
    // The address signed in, which a narrow top bar shows only as its initial.
    expect(screen.getByText('ada@example.com', { selector: '.dropdown__account' })).toBeVisible();
    for (const name of ['My profile', 'Settings', 'Activity', 'Support']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/admin/user-profile');
    }
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Settings' }));
    expect(await screen.findByRole('heading', { name: 'User profile' })).toBeInTheDocument();
  });

  it("ends a phone's menu with the account, which opens the profile, and Logout, which signs out", async () => {
    // A phone: the shell's one breakpoint matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    try {
      signIn('ada@example.com');
      const { user, router } = renderApp('/admin/index');
      const toggle = await screen.findByRole('button', { name: 'Menu' });
      await user.click(toggle);
      const menu = screen.getByRole('navigation', { name: 'Main' });
      const profile = within(menu).getByRole('link', { name: 'ada@example.com' });
      expect(profile).toHaveAttribute('href', '/admin/user-profile');
      await user.click(within(menu).getByRole('button', { name: 'Logout' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
      expect(window.localStorage.getItem(storageKeys.authToken)).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('has a notifications bell that says when there is nothing new', async () => {
    signIn();
    const { user } = renderApp('/admin/index');
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(screen.getByText('You have no notifications.')).toBeVisible();
    // No project to narrow it to: every answer is found by project, from the projects list.
    expect(screen.getByRole('link', { name: 'All answers, by project' })).toHaveAttribute(
      'href',
      '/admin/index',
    );
    await user.keyboard('{Escape}');
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('counts what happened since the bell was last opened, lists it with links to the projects, and marks it seen', async () => {
    const { account } = signIn('ada@example.com');
    const project = { projectKey: 'SHOP', projectName: 'Web shop', siteId: 'default' };
    db.notifications.set(account.id, [
      {
        id: 'verdict-1',
        kind: 'verdict',
        at: '2026-03-14T11:00:00.000Z',
        text: 'Ann Client: SHOP-1 failed.',
        ...project,
      },
      {
        id: 'send-2',
        kind: 'sendFailed',
        at: '2026-03-14T10:00:00.000Z',
        text: 'Auto-send failed. Jira did not answer.',
        ...project,
      },
    ]);
    const { user, router } = renderApp('/admin/index');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 new' });
    await user.click(bell);
    const links = within(screen.getByRole('list', { name: 'New' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('Ann Client: SHOP-1 failed.'),
      expect.stringContaining('Auto-send failed. Jira did not answer.'),
    ]);
    expect(links[0]).toHaveAttribute('href', '/admin/review-status?key=SHOP');
    expect(links[1]).toHaveAttribute('href', '/admin/send-stories?key=SHOP&tab=sent');
    // Under the list, the way to every answer of the one project it is about.
    expect(screen.getByRole('link', { name: 'All answers of Web shop' })).toHaveAttribute(
      'href',
      '/admin/review-status?key=SHOP',
    );
    await waitFor(() =>
      expect(callsTo('/jira/markNotificationsSeen')).toEqual([
        { userId: account.id, asOf: '2026-03-14T12:00:00.000Z' },
      ]),
    );
    expect(bell).toHaveAccessibleName('Notifications');

    await user.click(links[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/review-status'));
    await user.click(bell);
    expect(screen.getByText('Nothing new since you last looked.')).toBeVisible();
    // What was seen stays listed, under Earlier.
    expect(
      within(screen.getByRole('list', { name: 'Earlier' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/review-status?key=SHOP', '/admin/send-stories?key=SHOP&tab=sent']);
    expect(screen.queryByRole('list', { name: 'New' })).not.toBeInTheDocument();
  });

  it('says each answer’s outcome with the failed stories’ titles, and marks all as read at once', async () => {
    const { account } = signIn('ada@example.com');
    const project = { projectKey: 'SHOP', projectName: 'Web shop', siteId: 'default' };
    db.notifications.set(account.id, [
      {
        id: 'sign-off-1',
        kind: 'signOff',
        at: '2026-03-14T11:00:00.000Z',
        text: 'Dana Client signed off: 2 passed, 1 failed.',
        outcome: {
          passed: 2,
          failed: 1,
          stories: [
            { key: 'SHOP-1', title: 'Guest checkout', verdict: 'failed' },
            { key: 'SHOP-2', title: 'Search', verdict: 'passed' },
            { key: 'SHOP-3', title: 'Wish list', verdict: 'passed' },
          ],
        },
        ...project,
      },
      {
        id: 'answer-2',
        kind: 'verdict',
        at: '2026-03-14T10:00:00.000Z',
        text: 'Dana Client: HOME-2 passed.',
        outcome: { passed: 1, failed: 0, stories: [{ key: 'HOME-2', title: 'Search', verdict: 'passed' }] },
        ...project,
        projectKey: 'HOME',
        projectName: 'Home page',
      },
    ]);
    const { user } = renderApp('/admin/index');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 new' }));
    const [signOff, answer] = within(screen.getByRole('list', { name: 'New' })).getAllByRole('link');
    // The failure in red, named by its story; an answer that all passed names its stories in green.
    expect(signOff).toHaveClass('notifications__item--failed');
    expect(within(signOff!).getByText('Failed:')).toHaveClass('notifications__stories-label');
    expect(within(signOff!).getByText(/Guest checkout/).parentElement).toHaveClass(
      'notifications__stories--failed',
    );
    expect(signOff).toHaveTextContent('Failed: Guest checkout');
    expect(answer).toHaveClass('notifications__item--passed');
    expect(answer).toHaveTextContent('Passed: Search');
    // How long ago, in words, the full moment on hover.
    expect(within(signOff!).getByRole('time')).toHaveTextContent(/ago$/);

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(screen.queryByRole('list', { name: 'New' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Earlier' })).getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();

    // The close button (shown on a phone) closes the list and returns to the bell.
    await user.click(screen.getByRole('button', { name: 'Close notifications' }));
    const bell = screen.getByRole('button', { name: 'Notifications' });
    expect(bell).toHaveAttribute('aria-expanded', 'false');
    expect(bell).toHaveFocus();
  });

  it('folds a review round (answers, then the sign-off, of one project) into its latest item, and counts it once', async () => {
    const { account } = signIn('ada@example.com');
    const project = { projectKey: 'SHOP', projectName: 'Web shop', siteId: 'default' };
    const answer = (id: string, at: string) => ({
      id,
      kind: 'verdict' as const,
      at,
      text: 'Dana Client answered 3 stories: 2 passed, 1 failed.',
      outcome: {
        passed: 2,
        failed: 1,
        stories: [{ key: 'SHOP-1', title: 'Guest checkout', verdict: 'failed' as const }],
      },
      ...project,
    });
    db.notifications.set(account.id, [
      {
        ...answer('sign-off-1', '2026-03-14T11:00:00.000Z'),
        kind: 'signOff',
        text: 'Dana Client signed off: 2 passed, 1 failed.',
      },
      answer('answer-2', '2026-03-14T10:00:00.000Z'),
      answer('answer-1', '2026-03-14T09:00:00.000Z'),
      {
        id: 'send-1',
        kind: 'autoSend',
        at: '2026-03-14T08:00:00.000Z',
        text: 'Auto-send e-mailed 3 stories.',
        ...project,
      },
    ]);
    const { user } = renderApp('/admin/index');
    await user.click(await screen.findByRole('button', { name: 'Notifications, 2 new' }));
    const links = within(screen.getByRole('list', { name: 'New' })).getAllByRole('link');
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveTextContent(
      /^Dana Client signed off: 2 passed, 1 failed\.Failed: Guest checkout\+2 earlier updates/,
    );
    expect(links[1]).toHaveTextContent(/^Auto-send e-mailed 3 stories\./);
  });

  it('shows the demo tracker badge only while the demo tracker is on', async () => {
    signIn();
    const first = renderApp('/admin/index', { config: { ...testConfig, demoTracker: true } });
    await screen.findByRole('heading', { name: 'Projects' });
    const badge = screen.getByRole('link', { name: 'Demo tracker' });
    expect(badge).toHaveAttribute('href', '/admin/sites');
    expect(badge).toHaveAccessibleDescription(/built-in sample tracker/);
    first.unmount();

    renderApp('/admin/index', { config: { ...testConfig, demoTracker: false } });
    await screen.findByRole('heading', { name: 'Projects' });
    expect(screen.queryByText('Demo tracker')).not.toBeInTheDocument();
  });

  it('Logout clears the session and the client state and goes to /auth/login', async () => {
    window.localStorage.setItem(
      storageKeys.authUser,
      JSON.stringify({ id: 'x', email: 'x@example.com', apikey: 'k' }),
    );
    signIn('ada@example.com');
    const { user, router } = renderApp('/admin/index');
    await user.click(await screen.findByRole('button', { name: 'ada@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    for (const key of Object.values(storageKeys)) expect(window.localStorage.getItem(key)).toBeNull();

    // Back in the admin area with a new session, the previous user is gone from client state.
    signIn('grace@example.com');
    const { promise: answered, resolve: answer } = deferred();
    server.use(
      http.post('/jira/get-user-by-email', async () => {
        await answered;
        return HttpResponse.json({ data: { id: 'u2', email: 'grace@example.com', apikey: 'k' } });
      }),
    );
    // Still on the login page, whose gate sends a signed-in user to /admin/index: land there first, so that the
    // gate's redirect cannot overtake the navigation to the profile while the profile's module is loading.
    await router.navigate('/admin/index');
    await screen.findByRole('progressbar', { name: 'Loading your account' });
    await router.navigate('/admin/user-profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user-profile'));
    expect(screen.getByRole('progressbar', { name: 'Loading your account' })).toBeInTheDocument();
    expect(screen.queryByText('ada@example.com')).not.toBeInTheDocument();
    answer();
    expect(await screen.findByText('grace@example.com', { selector: 'dd' })).toBeInTheDocument();
  });

  it('follows a sign-out made in another tab', async () => {
    signIn();
    const { router } = renderApp('/admin/index');
    await screen.findByRole('heading', { name: 'Projects' });
    window.localStorage.removeItem(storageKeys.authToken);
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKeys.authToken, storageArea: window.localStorage }),
    );
    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(window.alert).not.toHaveBeenCalled();
  });
});
