import { texts } from '@handoff/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/testing/deferred';
import { callsTo, createProject, db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';

async function openAddProject() {
  const { account } = signIn('ada@example.com');
  db.trackerProjects.push({ name: 'Mobile App', key: 'MOB' }, { name: 'Web Shop', key: 'SHOP' });
  const view = renderApp('/admin/add-project');
  await screen.findByRole('option', { name: 'Web Shop' });
  return { ...view, account };
}

describe('/admin/add-project', () => {
  it('lists the tracker projects, fetched with the user e-mail and API key', async () => {
    const { account } = await openAddProject();
    expect(callsTo('/jira/getAllProjects')).toEqual([{ email: 'ada@example.com', api: account.apikey }]);
    const select = screen.getByRole('combobox', { name: 'Project Name' });
    expect(select).toHaveDisplayValue('Choose a Jira project…');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a Jira project…', 'Mobile App', 'Web Shop']);
    // No key before a project is chosen; one site only: no Site select either.
    expect(screen.queryByLabelText('Project Key')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Site' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/admin/index');
    expect(screen.getByRole('textbox', { name: 'Client Emails' })).toHaveAccessibleDescription(
      /get each e-mail with its review link/,
    );
  });

  it('says what the page is for, and says the loading in the select (and to assistive technology)', async () => {
    signIn('ada@example.com');
    db.trackerProjects.push({ name: 'Web Shop', key: 'SHOP' });
    const { promise: answered, resolve: answer } = deferred();
    server.use(
      http.post('/jira/getAllProjects', async () => {
        await answered;
        return undefined; // fall through to the regular handler
      }),
    );
    renderApp('/admin/add-project');
    expect(
      await screen.findByText(
        'Link a Jira project to the client who tests it. Everything else can be set later.',
      ),
    ).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Project Name' });
    expect(select).toHaveAttribute('aria-busy', 'true');
    expect(select).toHaveAccessibleDescription('Loading your Jira projects...');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Loading your Jira projects…']);
    answer();
    await screen.findByRole('option', { name: 'Web Shop' });
    expect(select).toHaveAttribute('aria-busy', 'false');
    expect(within(select).getAllByRole('option')[0]).toHaveTextContent('Choose a Jira project…');
    // No hint to read once loaded: the choice speaks for itself.
    expect(select).toHaveAccessibleDescription('');
  });

  it("shows the chosen project's key as read-only text", async () => {
    const { user } = await openAddProject();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Project Name' }), 'Web Shop');
    expect(screen.getByLabelText('Project Key')).toHaveTextContent('SHOP');
    expect(screen.queryByRole('textbox', { name: 'Project Key' })).not.toBeInTheDocument();
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Project Name' }),
      'Choose a Jira project…',
    );
    expect(screen.queryByLabelText('Project Key')).not.toBeInTheDocument();
  });

  it('alerts the server error when the tracker projects cannot be fetched', async () => {
    signIn();
    server.use(
      http.post('/jira/getAllProjects', () =>
        HttpResponse.json(
          { status: 403, code: 'TRACKER_AUTH_REFUSED', message: 'Jira refused the API token.' },
          { status: 403 },
        ),
      ),
    );
    renderApp('/admin/add-project');
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Jira refused the API token.'));
    expect(screen.getByRole('heading', { name: 'Add new project' })).toBeInTheDocument();
  });

  it('asks for a tracker project first, then for a client e-mail; nothing is sent', async () => {
    const { user } = await openAddProject();
    await user.click(screen.getByRole('button', { name: 'Add Project' }));
    // Said under the field, not in a dialog; the field is marked and described by it, and takes the focus.
    const select = screen.getByRole('combobox', { name: 'Project Name' });
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please select a Jira project.',
      texts.addProject.noClientEmails,
    ]);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAccessibleDescription('Please select a Jira project.');
    // The client addresses' message takes their hint's place, right under the field.
    expect(screen.getByRole('textbox', { name: 'Client Emails' })).toHaveAccessibleDescription(
      texts.addProject.noClientEmails,
    );
    expect(select).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Counted above the card too (shown on a phone, where a field may be off screen).
    expect(screen.getByText('2 fields need attention')).toBeInTheDocument();

    await user.selectOptions(select, 'Mobile App');
    expect(screen.getByRole('alert')).toHaveTextContent(texts.addProject.noClientEmails);
    expect(screen.getByText('1 field needs attention')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Cc' }), 'boss@example.com{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add Project' }));
    const clients = screen.getByRole('textbox', { name: 'Client Emails' });
    expect(clients).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(texts.addProject.noClientEmails);

    expect(callsTo('/jira/addProject')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Add new project' })).toBeInTheDocument();
  });

  it('adds the project; Okay on the success dialog goes to /admin/index', async () => {
    const { user, router, account } = await openAddProject();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Project Name' }), 'Web Shop');
    const emails = screen.getByRole('textbox', { name: 'Client Emails' });
    await user.type(emails, 'client@shop.example{Enter}');
    await user.type(emails, 'not valid');
    await user.click(screen.getByRole('button', { name: 'Add client email' }));
    await user.clear(emails);
    await user.type(emails, 'owner@shop.example');
    await user.click(screen.getByRole('button', { name: 'Add client email' }));
    await user.type(screen.getByRole('textbox', { name: 'Cc' }), 'pm@team.example');
    await user.click(screen.getByRole('button', { name: 'Add cc' }));
    await user.type(screen.getByRole('textbox', { name: 'Cc' }), 'qa@team.example{Enter}');
    await user.click(screen.getByRole('button', { name: 'Remove qa@team.example' }));

    await user.click(screen.getByRole('button', { name: 'Add Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project has been added successfully.' });
    expect(dialog).toHaveAccessibleDescription('Success');
    expect(callsTo('/jira/addProject')).toEqual([
      {
        userId: account.id,
        projectKey: 'SHOP',
        projectName: 'Web Shop',
        clientEmails: ['client@shop.example', 'owner@shop.example'],
        clientCC: ['pm@team.example'],
      },
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(await screen.findByRole('cell', { name: 'SHOP' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/index');
  });

  it("shows the server's message when adding fails", async () => {
    const { user, account } = await openAddProject();
    createProject(account.id, { projectKey: 'MOB' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Project Name' }), 'Mobile App');
    await user.type(screen.getByRole('textbox', { name: 'Client Emails' }), 'client@mobile.example{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add Project' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'You already have a project with the key MOB.',
    });
    expect(dialog).toHaveAccessibleDescription('Error');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(screen.getByRole('heading', { name: 'Add new project' })).toBeInTheDocument();
  });

  it('Remind the client after: 3 days unless chosen otherwise; Off is sent as null', async () => {
    const { user } = await openAddProject();
    const remind = screen.getByRole('combobox', { name: 'Remind the client after' });
    expect(remind).toHaveValue('3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Project Name' }), 'Web Shop');
    await user.type(screen.getByRole('textbox', { name: 'Client Emails' }), 'client@shop.example{Enter}');
    await user.selectOptions(remind, 'Off');
    await user.click(screen.getByRole('button', { name: 'Add Project' }));
    await screen.findByRole('dialog', { name: 'Project has been added successfully.' });
    expect(callsTo('/jira/addProject')).toEqual([
      expect.objectContaining({ projectKey: 'SHOP', reminderDays: null }),
    ]);
  });
});
