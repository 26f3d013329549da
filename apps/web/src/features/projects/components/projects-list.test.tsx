import { texts } from '@handoff/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatRunTime } from '@/lib/format';
import { deferred } from '@/testing/deferred';
import { callsTo, createProject, db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';

/** The table's body rows as [key, name]. */
function rows(): string[][] {
  const [, ...body] = screen.getAllByRole('row');
  return body.map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(0, 2)
      .map((cell) => cell.textContent ?? ''),
  );
}

async function openProjects(count = 3) {
  const { account } = signIn('ada@example.com');
  for (let i = 1; i <= count; i++) {
    createProject(account.id, {
      projectKey: `P${i}`,
      projectName: `Project ${i}`,
      clientEmails: [`client${i}@example.com`],
      clientCC: [`cc${i}@example.com`],
      sentProjectIssuesList: [`P${i}-1`],
    });
  }
  const view = renderApp('/admin/index');
  if (count > 0) await screen.findByRole('cell', { name: 'P1' });
  return { ...view, account };
}

describe('/admin/index — Projects', () => {
  it("loads the user's projects with the loaded user's id", async () => {
    const { account } = await openProjects(2);
    expect(rows()).toEqual([
      ['P1', 'Project 1'],
      ['P2', 'Project 2'],
    ]);
    expect(callsTo('/jira/getFirebaseProjects')).toEqual([{ userId: account.id }]);
    // The projects are asked for only after the user is loaded.
    const order = db.requests.filter(
      (r) => r.includes('get-user-by-email') || r.includes('getFirebaseProjects'),
    );
    expect(order[0]).toMatch(/get-user-by-email/);
  });

  it('asks for the list, its reviews, the workspaces and the notifications once each, when the user is loaded', async () => {
    const { account } = await openProjects(2);
    await screen.findByRole('combobox', { name: 'Workspace' });
    for (const path of [
      '/jira/getFirebaseProjects',
      '/jira/review/getSummaries',
      '/jira/getWorkspaces',
      '/jira/getNotifications',
    ]) {
      expect(callsTo(path), path).toEqual([{ userId: account.id }]);
    }
  });

  it("shows the list with the workspace's naming hint above it, not before it (nothing shown moves)", async () => {
    const { account } = signIn('ada@example.com');
    createProject(account.id, { projectKey: 'P1', projectName: 'Project 1' });
    const { promise: answered, resolve: answer } = deferred();
    server.use(
      http.post('/jira/getWorkspaces', async () => {
        await answered;
        return undefined; // fall through to the regular handler
      }),
    );
    renderApp('/admin/index');
    await waitFor(() => expect(callsTo('/jira/getFirebaseProjects')).toHaveLength(1));
    expect(screen.getByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Projects' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add new' })).not.toBeInTheDocument();
    answer();
    expect(await screen.findByRole('cell', { name: 'P1' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Name your workspace' })).toBeInTheDocument();
  });

  it('still lists the projects when the workspaces cannot be loaded', async () => {
    signIn('ada@example.com');
    server.use(
      http.post('/jira/getWorkspaces', () =>
        HttpResponse.json(
          { status: 500, code: 'INTERNAL', message: 'The database is not reachable.' },
          { status: 500 },
        ),
      ),
    );
    renderApp('/admin/index');
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
  });

  it('says what a project is to a user without projects, with `Add new` the one call to action', async () => {
    const { user, router } = await openProjects(0);
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        /^A project connects a project of your tracker \(Jira, GitHub or Linear\) to the client who tests its finished stories\./,
      ),
    ).toBeInTheDocument();
    // No table with column headers over nothing, no pages; the empty state holds the page's one `Add new`
    // (the header's is left out while the list is empty).
    expect(screen.queryByRole('table', { name: 'Projects' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Projects pages' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add new' })).toHaveLength(1);
    expect(screen.getByText('No projects yet').closest('.empty-state')).toContainElement(
      screen.getByRole('button', { name: 'Add new' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add new' }));
    expect(await screen.findByRole('heading', { name: 'Add new project' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/add-project');
  });

  it('offers "Send stories" first on each row, and the project name links to the send screen', async () => {
    const { user, router } = await openProjects(2);
    const [, firstRow] = screen.getAllByRole('row');
    const actions = within(firstRow as HTMLElement).getAllByRole('cell')[3] as HTMLElement;
    const [first] = within(actions).getAllByRole('link');
    expect(first).toHaveTextContent('Send stories');
    expect(first).toHaveAccessibleName('Send stories for P1');
    expect(first).toHaveAttribute('href', '/admin/send-stories?key=P1');
    expect(screen.getByRole('link', { name: 'Project 2' })).toHaveAttribute(
      'href',
      '/admin/send-stories?key=P2',
    );
    await user.click(first as HTMLElement);
    expect(await screen.findByRole('heading', { name: 'Send stories to client' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?key=P1');
  });

  it('alerts the server error when the projects cannot be loaded', async () => {
    signIn();
    server.use(
      http.post('/jira/getFirebaseProjects', () =>
        HttpResponse.json(
          { status: 500, code: 'INTERNAL', message: 'The database is not reachable.' },
          { status: 500 },
        ),
      ),
    );
    renderApp('/admin/index');
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('The database is not reachable.'));
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
  });

  it('shows 10 projects a page, with the pager', async () => {
    const { user } = await openProjects(23);
    expect(rows().map(([key]) => key)).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8', 'P9', 'P10']);
    const pager = screen.getByRole('navigation', { name: 'Projects pages' });
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label') ?? b.textContent),
    ).toEqual(['Previous', 'Page 1', 'Page 2', 'Page 3', 'Next']);

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(rows().map(([key]) => key)).toEqual([
      'P11',
      'P12',
      'P13',
      'P14',
      'P15',
      'P16',
      'P17',
      'P18',
      'P19',
      'P20',
    ]);
    await user.click(within(pager).getByRole('button', { name: 'Page 3' }));
    expect(rows().map(([key]) => key)).toEqual(['P21', 'P22', 'P23']);
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pager).getByRole('button', { name: 'Previous' }));
    expect(rows()[0]).toEqual(['P11', 'Project 11']);
  });

  it('"Add new" goes to /admin/add-project', async () => {
    const { user, router } = await openProjects(1);
    await user.click(screen.getByRole('button', { name: 'Add new' }));
    expect(await screen.findByRole('heading', { name: 'Add new project' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/add-project');
  });

  it('flips auto-send at once and sends the full project with "clinetCC"', async () => {
    const { user, account } = await openProjects(2);
    const { promise: answered, resolve: answer } = deferred();
    server.use(
      http.post('/jira/updateFirebaseProject', async () => {
        await answered;
        return undefined; // fall through to the regular handler
      }),
    );
    const toggle = screen.getByRole('switch', { name: 'Auto send email for P2' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    await user.click(toggle);
    // Updated in client state before the server has answered.
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Auto send email for P1' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    answer();

    await waitFor(() => expect(callsTo('/jira/updateFirebaseProject')).toHaveLength(1));
    expect(callsTo('/jira/updateFirebaseProject')[0]).toEqual({
      userId: account.id,
      projectKey: 'P2',
      updatedProject: {
        userId: account.id,
        projectKey: 'P2',
        projectName: 'Project 2',
        clientEmails: ['client2@example.com'],
        clinetCC: ['cc2@example.com'],
        autosend: true,
        sentProjectIssuesList: ['P2-1'],
      },
    });
    await waitFor(() => expect(db.projects[1]?.autosend).toBe(true));
    expect(toggle).toHaveAttribute('aria-checked', 'true');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(db.projects[1]?.autosend).toBe(false));
    expect(callsTo('/jira/updateFirebaseProject')[1]).toMatchObject({ updatedProject: { autosend: false } });
  });

  it('turns the switch back and alerts the message when the server refuses auto-send', async () => {
    const { user } = await openProjects(1);
    const message = 'Jira refused the API token. Update it on your profile, then turn auto-send on again.';
    const { promise: answered, resolve: answer } = deferred();
    server.use(
      http.post('/jira/updateFirebaseProject', async () => {
        await answered;
        return HttpResponse.json({ status: 400, code: 'TRACKER_AUTH', message }, { status: 400 });
      }),
    );
    const toggle = screen.getByRole('switch', { name: 'Auto send email for P1' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(window.alert).not.toHaveBeenCalled();
    answer();
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(message));
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(db.projects[0]?.autosend).toBe(false);
  });

  it('shows the auto-send status the server sends, as the switch description', async () => {
    const { account } = signIn();
    const nextRunAt = new Date(Date.now() + 10 * 60_000).toISOString();
    createProject(account.id, {
      projectKey: 'ON',
      autosend: true,
      autosendStatus: { nextRunAt, lastRunAt: null, lastError: null, lastSentAt: null, switchedOnBy: null },
    });
    createProject(account.id, {
      projectKey: 'BAD',
      autosend: true,
      autosendStatus: {
        nextRunAt: null,
        lastRunAt: nextRunAt,
        lastError: 'Jira refused the API token.',
        lastSentAt: null,
        switchedOnBy: null,
      },
    });
    createProject(account.id, {
      projectKey: 'SENT',
      autosend: true,
      autosendStatus: {
        nextRunAt,
        lastRunAt: nextRunAt,
        lastError: null,
        lastSentAt: nextRunAt,
        switchedOnBy: 'grace@example.com',
      },
    });
    createProject(account.id, {
      projectKey: 'OFF',
      clientEmails: ['dana@acme-studio.test'],
      clientCC: ['eli@acme-studio.test'],
    });
    renderApp('/admin/index');

    const next = `Next run ${formatRunTime(nextRunAt)} (in 10 min)`;
    const to = 'To client@example.com';
    const on = await screen.findByRole('switch', { name: 'Auto send email for ON' });
    expect(on).toHaveAccessibleDescription(`${to} ${next}`);
    expect(screen.getByText(next)).toHaveClass('autosend__next');
    const bad = screen.getByRole('switch', { name: 'Auto send email for BAD' });
    expect(bad).toHaveAccessibleDescription(`${to} Last run failed: Jira refused the API token.`);
    expect(screen.getByText(/Last run failed: Jira refused the API token\./)).toHaveClass('autosend__error');
    expect(screen.getByRole('switch', { name: 'Auto send email for SENT' })).toHaveAccessibleDescription(
      `${to} ${next} with the tracker token of grace@example.com Last sent automatically ${formatRunTime(nextRunAt)} (in 10 min)`,
    );
    // Switched off, "Off" beside the switch says it; no line under it repeats it.
    const off = screen.getByRole('switch', { name: 'Auto send email for OFF' });
    expect(off).toHaveAccessibleDescription('');
    expect(screen.queryByText('Auto-send is off')).not.toBeInTheDocument();
    expect(off.parentElement).toHaveTextContent(/^Off$/);
    expect(on.parentElement).toHaveTextContent(/^On$/);
  });

  it('opens the row menu and goes to the edit and send screens', async () => {
    const { user, router } = await openProjects(2);
    const menuButton = screen.getByRole('button', { name: 'Actions for P2' });
    expect(menuButton).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(menuButton);
    const menu = screen.getByRole('menu', { name: 'Actions for P2' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Update', 'Send stories to client', 'Review status', 'Delete']);
    expect(within(menu).getByRole('menuitem', { name: 'Update' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Send stories to client' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();

    await user.click(menuButton);
    await user.click(screen.getByRole('menuitem', { name: 'Update' }));
    expect(await screen.findByRole('heading', { name: 'Edit project' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/edit-project');
    expect(router.state.location.search).toBe('?key=P2');

    await router.navigate('/admin/index');
    await user.click(await screen.findByRole('button', { name: 'Actions for P1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Send stories to client' }));
    expect(await screen.findByRole('heading', { name: 'Send stories to client' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/send-stories');
    expect(router.state.location.search).toBe('?key=P1');

    await router.navigate('/admin/index');
    await user.click(await screen.findByRole('button', { name: 'Actions for P1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Review status' }));
    expect(await screen.findByRole('heading', { name: 'Review status of Project 1' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/review-status');
    expect(router.state.location.search).toBe('?key=P1');
  });

  it('asks before deleting; Cancel keeps the project', async () => {
    const { user } = await openProjects(2);
    await user.click(screen.getByRole('button', { name: 'Actions for P1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: texts.deleteProject.confirm });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo('/jira/deleteFirebaseProject')).toEqual([]);
    expect(rows().map(([key]) => key)).toEqual(['P1', 'P2']);
  });

  it('deletes on Confirm, clears the list and sends the user to "/"', async () => {
    const { user, router, account } = await openProjects(2);
    const { promise: answered, resolve: answer } = deferred();
    server.use(
      http.post('/jira/deleteFirebaseProject', async () => {
        await answered;
        return undefined;
      }),
      http.post('/jira/getFirebaseProjects', async () => {
        await new Promise(() => {}); // keep the reload pending: the list must be empty meanwhile
      }),
    );
    const visited: string[] = [];
    router.subscribe((state) => visited.push(state.location.pathname));

    await user.click(screen.getByRole('button', { name: 'Actions for P1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    answer();

    await waitFor(() => expect(visited).toContain('/'));
    expect(callsTo('/jira/deleteFirebaseProject')).toEqual([{ userId: account.id, projectKey: 'P1' }]);
    expect(db.projects.map((p) => p.projectKey)).toEqual(['P2']);
    // "/" leads back to /admin/index, where the cleared list is shown while it reloads.
    expect(await screen.findByText('Loading projects...')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/index');
    expect(screen.queryByRole('cell', { name: 'P1' })).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('alerts the server message when deleting fails', async () => {
    const { user, router } = await openProjects(1);
    server.use(
      http.post('/jira/deleteFirebaseProject', () =>
        HttpResponse.json(
          { status: 404, code: 'NOT_FOUND', message: 'You have no project with the key "P1".' },
          { status: 404 },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Actions for P1' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('You have no project with the key "P1".'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/index');
    expect(rows().map(([key]) => key)).toEqual(['P1']);
  });
});
