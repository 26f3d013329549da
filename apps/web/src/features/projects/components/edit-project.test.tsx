import { texts } from '@handoff/core';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { deferred } from '@/testing/deferred';
import { callsTo, createProject, db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';

async function openEditProject(path = '/admin/edit-project?key=SHOP') {
  const { account } = signIn('ada@example.com');
  createProject(account.id, {
    projectKey: 'SHOP',
    projectName: 'Web Shop',
    clientEmails: ['client@shop.example'],
    clientCC: ['pm@team.example'],
    autosend: true,
    sentProjectIssuesList: ['SHOP-1'],
  });
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Edit project' });
  return { ...view, account };
}

/** The addresses shown as chips, read from their remove buttons. */
const chips = () =>
  screen.queryAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label')?.slice(7));

/** Holds the answers to `path` back until the returned function is called. */
function holdAnswers(path: string): () => void {
  const { promise: answered, resolve: answer } = deferred();
  server.use(
    http.post(path, async () => {
      await answered;
      return undefined; // fall through to the regular handler
    }),
  );
  return answer;
}

describe('/admin/edit-project', () => {
  it("shows the form's sections while the project loads, with Update Project not usable yet", async () => {
    const answerProject = holdAnswers('/jira/getFirebaseProjectByKey');
    await openEditProject();
    expect(await screen.findByRole('progressbar', { name: 'Loading the project' })).toBeInTheDocument();
    for (const name of [
      'Project',
      'Recipients',
      'Tracker',
      'Client review',
      'E-mail template',
      'Auto-send',
    ]) {
      expect(screen.getByRole('region', { name })).toHaveAttribute('aria-busy', 'true');
    }
    expect(screen.queryByRole('textbox', { name: 'Client Emails' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update Project' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/admin/index');

    answerProject();
    expect(await screen.findByRole('textbox', { name: 'Client Emails' })).toBeEnabled();
    expect(screen.queryByRole('progressbar', { name: 'Loading the project' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Recipients' })).not.toHaveAttribute('aria-busy');
    expect(screen.getByRole('button', { name: 'Update Project' })).toBeEnabled();
  });

  it('keeps what was typed while a later section loads; that section is busy until its fields come', async () => {
    const answerSettings = holdAnswers('/jira/review/getSettings');
    db.transitions.set('SHOP', { available: [], onFailed: null, onPassed: null });
    const { user } = await openEditProject();
    await user.type(await screen.findByRole('textbox', { name: 'Cc' }), 'qa@team.example{Enter}');
    const review = screen.getByRole('region', { name: 'Client review' });
    const template = screen.getByRole('region', { name: 'E-mail template' });
    // What a verdict does is the tracker's part: it comes with the tracker, not with the review settings.
    const tracker = screen.getByRole('region', { name: 'Tracker' });
    await within(tracker).findByRole('combobox', { name: 'Move a failed story through' });
    expect(review).toHaveAttribute('aria-busy', 'true');
    expect(template).toHaveAttribute('aria-busy', 'true');
    expect(within(review).queryByRole('combobox', { name: 'Client language' })).not.toBeInTheDocument();

    answerSettings();
    expect(await within(review).findByRole('combobox', { name: 'Client language' })).toHaveValue('en');
    expect(review).not.toHaveAttribute('aria-busy');
    expect(within(template).getByRole('textbox', { name: 'Subject' })).toBeInTheDocument();
    expect(template).not.toHaveAttribute('aria-busy');
    expect(chips()).toEqual(['client@shop.example', 'pm@team.example', 'qa@team.example']);
  });

  it('loads the project by key: name and key read-only, the address lists editable', async () => {
    const { account } = await openEditProject();
    // Read-only: shown as text under their labels, not as inputs.
    expect(await screen.findByLabelText('Project Name')).toHaveTextContent(/^Web Shop$/);
    expect(screen.getByLabelText('Project Key')).toHaveTextContent(/^SHOP$/);
    expect(screen.queryByRole('textbox', { name: 'Project Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Project Key' })).not.toBeInTheDocument();
    expect(chips()).toEqual(['client@shop.example', 'pm@team.example']);
    expect(callsTo('/jira/getFirebaseProjectByKey')).toEqual([{ userId: account.id, projectKey: 'SHOP' }]);
  });

  it('shows an error dialog when the project cannot be loaded', async () => {
    await openEditProject('/admin/edit-project?key=NOPE');
    const dialog = await screen.findByRole('dialog', { name: 'You have no project with the key "NOPE".' });
    expect(dialog).toHaveAccessibleDescription('Error');
    expect(screen.queryByRole('button', { name: 'Update Project' })).not.toBeInTheDocument();
  });

  it('asks for a client e-mail and sends nothing when the list is empty', async () => {
    const { user } = await openEditProject();
    await user.click(await screen.findByRole('button', { name: 'Remove client@shop.example' }));
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    const dialog = screen.getByRole('dialog', { name: 'Please add a client email to save.' });
    expect(dialog).toHaveAccessibleDescription('Error');
    expect(texts.editProject.noClientEmails).toBe('Please add a client email to save.');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(callsTo('/jira/updateFirebaseProject')).toEqual([]);
  });

  it('saves the address lists; Okay on the success dialog goes to /admin/index', async () => {
    const { user, router, account } = await openEditProject();
    await user.type(
      await screen.findByRole('textbox', { name: 'Client Emails' }),
      'owner@shop.example{Enter}',
    );
    await user.click(screen.getByRole('button', { name: 'Remove pm@team.example' }));
    await user.type(screen.getByRole('textbox', { name: 'Cc' }), 'qa@team.example{Enter}');
    await user.click(screen.getByRole('button', { name: 'Update Project' }));

    const dialog = await screen.findByRole('dialog', { name: 'Project has been successfully updated.' });
    expect(dialog).toHaveAccessibleDescription('Success');
    expect(callsTo('/jira/updateFirebaseProject')).toEqual([
      {
        userId: account.id,
        projectKey: 'SHOP',
        updatedProject: {
          projectKey: 'SHOP',
          projectName: 'Web Shop',
          clientEmails: ['client@shop.example', 'owner@shop.example'],
          clientCC: ['qa@team.example'],
        },
      },
    ]);
    expect(db.projects[0]).toMatchObject({ autosend: true, sentProjectIssuesList: ['SHOP-1'] });

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(await screen.findByRole('cell', { name: 'SHOP' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/index');
  });

  it('Statuses offered: Done and Testing show ticked while the project offers the defaults, which stay unsaved', async () => {
    const { user, account } = await openEditProject();
    const offered = await screen.findByRole('group', { name: 'Statuses offered' });
    const box = (name: string) => within(offered).getByRole('checkbox', { name });
    await within(offered).findByRole('checkbox', { name: 'To Do' });
    expect(box('Done')).toBeChecked();
    expect(box('Testing')).toBeChecked();
    expect(box('To Do')).not.toBeChecked();
    expect(offered).toHaveAccessibleDescription(
      'Offered on the send screen; auto-send uses the first one ticked.',
    );

    // Unticked and ticked again: still the defaults, so the project keeps none of its own (Done first).
    await user.click(box('Testing'));
    expect(box('Testing')).not.toBeChecked();
    await user.click(box('Testing'));
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    await screen.findByRole('dialog', { name: 'Project has been successfully updated.' });
    expect(callsTo('/jira/updateFirebaseProject')[0]).toEqual({
      userId: account.id,
      projectKey: 'SHOP',
      updatedProject: expect.not.objectContaining({ statusesOffered: expect.anything() }),
    });
    await user.click(screen.getByRole('button', { name: 'Okay' }));

    // A status more: the ticked ones are saved, in the tracker's order.
    await user.click(await screen.findByRole('button', { name: 'Actions for SHOP' }));
    await user.click(screen.getByRole('menuitem', { name: /^Update/ }));
    const again = await screen.findByRole('group', { name: 'Statuses offered' });
    await user.click(await within(again).findByRole('checkbox', { name: 'To Do' }));
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    await screen.findByRole('dialog', { name: 'Project has been successfully updated.' });
    expect(callsTo('/jira/updateFirebaseProject')[1]).toEqual({
      userId: account.id,
      projectKey: 'SHOP',
      updatedProject: expect.objectContaining({ statusesOffered: ['To Do', 'Testing', 'Done'] }),
    });
  });

  it('Group stories by: Nothing at first, Epic chosen and saved with the project', async () => {
    const { user, account } = await openEditProject();
    const select = await screen.findByRole('combobox', { name: 'Group stories by' });
    expect(select).toHaveValue('nothing');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nothing', 'Epic', 'Type']);
    await user.selectOptions(select, 'Epic');
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    await screen.findByRole('dialog', { name: 'Project has been successfully updated.' });
    expect(callsTo('/jira/updateFirebaseProject')).toEqual([
      {
        userId: account.id,
        projectKey: 'SHOP',
        updatedProject: expect.objectContaining({ groupBy: 'epic' }),
      },
    ]);
    expect(db.projects[0]?.groupBy).toBe('epic');
  });

  it('Remind the client after: the saved interval, changed and saved with the project', async () => {
    const { user, account } = await openEditProject();
    const remind = await screen.findByRole('combobox', { name: 'Remind the client after' });
    expect(remind).toHaveValue('3');
    expect(
      within(remind)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Off', '1 day', '2 days', '3 days', '5 days', '7 days']);
    await user.selectOptions(remind, '7 days');
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    await screen.findByRole('dialog', { name: 'Project has been successfully updated.' });
    expect(callsTo('/jira/review/setSettings')).toEqual([
      {
        userId: account.id,
        projectKey: 'SHOP',
        reminderDays: 7,
        testEnvironment: null,
        clientLanguage: 'en',
        noticeTemplate: null,
      },
    ]);
  });

  it('Test environment: the text typed is saved with the project, trimmed', async () => {
    const { user, account } = await openEditProject();
    const environment = await screen.findByRole('textbox', { name: 'Test environment' });
    expect(environment).toHaveValue('');
    expect(environment).toHaveAccessibleDescription('Where the client tests. Optional.');
    await user.type(environment, '  https://staging.example.com, build 1.4.2 ');
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Project has been successfully updated.' });
    expect(callsTo('/jira/review/setSettings')).toEqual([
      {
        userId: account.id,
        projectKey: 'SHOP',
        reminderDays: 3,
        testEnvironment: 'https://staging.example.com, build 1.4.2',
        clientLanguage: 'en',
        noticeTemplate: null,
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
  });

  it('Test environment: a saved text is shown; cleared, it is saved as none', async () => {
    db.reviewSettings.set('SHOP', { reminderDays: null, testEnvironment: 'https://uat.shop.example' });
    const { user, account } = await openEditProject();
    const environment = await screen.findByRole('textbox', { name: 'Test environment' });
    expect(environment).toHaveValue('https://uat.shop.example');
    await user.clear(environment);
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    await screen.findByRole('dialog', { name: 'Project has been successfully updated.' });
    expect(callsTo('/jira/review/setSettings')).toEqual([
      {
        userId: account.id,
        projectKey: 'SHOP',
        reminderDays: null,
        testEnvironment: null,
        clientLanguage: 'en',
        noticeTemplate: null,
      },
    ]);
  });

  it('Client language: every language by its own name, the saved one chosen, a new one saved with the project', async () => {
    db.reviewSettings.set('SHOP', { clientLanguage: 'fr' });
    const { user, account } = await openEditProject();
    const language = await screen.findByRole('combobox', { name: 'Client language' });
    expect(language).toHaveValue('fr');
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Deutsch', 'Français', 'Español', 'Nederlands', 'Português', 'Italiano']);
    await user.selectOptions(language, 'Deutsch');
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    await screen.findByRole('dialog', { name: 'Project has been successfully updated.' });
    expect(callsTo('/jira/review/setSettings')).toEqual([
      {
        userId: account.id,
        projectKey: 'SHOP',
        reminderDays: 3,
        testEnvironment: null,
        clientLanguage: 'de',
        noticeTemplate: null,
      },
    ]);
  });
});
