import type { Issue } from '@handoff/core';
import { texts } from '@handoff/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { formatShortDateTime } from '@/lib/format';
import { deferred } from '@/testing/deferred';
import { callsTo, createProject, db, findProject } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';

const adf = (...paragraphs: string[]) => ({
  type: 'doc',
  version: 1,
  content: paragraphs.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

const doneStories: Issue[] = [
  { key: 'SHOP-1', issueHeader: 'Cart', description: 'N/A' },
  {
    key: 'SHOP-2',
    issueHeader: 'Login page',
    description: adf('Users sign in.', '#TEST#', 'Open the page', 'Sign in'),
  },
  { key: 'SHOP-3', issueHeader: 'Export', description: 'N/A' },
];

/** The draft for SHOP-2 and SHOP-3 (SHOP-1 was sent before), as docs/product.md §4 builds it. */
const expectedDraft =
  'Dear customer,\n\nThe following features are finished:\n- Login page\n- Export' +
  '\n\nPlease test the following:\nLogin page:\n- Open the page\n- Sign in\n\nRegards,';

async function openSendStories(path = '/admin/send-stories?key=SHOP') {
  const { account } = signIn('ada@example.com');
  createProject(account.id, {
    projectKey: 'SHOP',
    projectName: 'Web Shop',
    clientEmails: ['client@shop.example', 'owner@shop.example'],
    clientCC: ['pm@team.example'],
    sentProjectIssuesList: ['SHOP-1'],
  });
  db.issues.set('SHOP|Done', doneStories);
  const view = renderApp(path);
  await screen.findByRole('heading', { name: 'Send stories to client' });
  return { ...view, account };
}

async function getStories(user: ReturnType<typeof renderApp>['user'], status: 'Done' | 'Testing') {
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Issue Status *' }), status);
  await user.click(screen.getByRole('button', { name: 'Get User Stories' }));
  await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Loading user stories' })).toBeNull());
}

const subject = () => screen.getByRole('textbox', { name: 'Subject' });
const message = () => screen.getByRole('textbox', { name: 'Email message *' });
const listed = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
/** The stories offered for the e-mail, by the label of each one's checkbox. */
const offered = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent);

describe('/admin/send-stories', () => {
  it('offers the statuses "Choose one", Done and Testing, Done chosen, and alerts when none is chosen', async () => {
    const { user } = await openSendStories();
    const select = await screen.findByRole('combobox', { name: 'Issue Status *' });
    expect(select).toHaveValue('Done');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => [o.textContent, o.getAttribute('value')]),
    ).toEqual([
      ['Choose one', ''],
      ['Done', 'Done'],
      ['Testing', 'Testing'],
    ]);
    await user.selectOptions(select, '');
    await user.click(screen.getByRole('button', { name: 'Get User Stories' }));
    expect(window.alert).toHaveBeenCalledWith('Please select a status to get issues.');
    expect(callsTo('/jira/getProjectIssues')).toEqual([]);
  });

  it('fetches the stories and drafts the e-mail, leaving out those already sent', async () => {
    const { user, account } = await openSendStories();
    const { promise: answered, resolve: answer } = deferred();
    server.use(
      http.get('/jira/getProjectIssues', async () => {
        await answered;
        return undefined;
      }),
    );
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Issue Status *' }), 'Done');
    await user.click(screen.getByRole('button', { name: 'Get User Stories' }));
    expect(screen.getByRole('progressbar', { name: 'Loading user stories' })).toBeInTheDocument();
    answer();
    await waitFor(() => expect(subject()).toHaveValue(texts.draft.subject));

    expect(screen.queryByRole('progressbar', { name: 'Loading user stories' })).not.toBeInTheDocument();
    expect(db.calls.find((c) => c.path === '/jira/getProjectIssues')).toEqual({
      path: '/jira/getProjectIssues',
      body: { projectKey: 'SHOP', status: 'Done' },
      headers: { email: 'ada@example.com', api: account.apikey },
    });
    expect(message()).toHaveValue(expectedDraft);
    expect(offered('Stories in this e-mail (2)')).toEqual(['SHOP-2 Login page', 'SHOP-3 Export']);
    expect(listed('Already sent, left out (1)')).toEqual(['SHOP-1 Cart']);
    expect(screen.getByRole('status')).toHaveTextContent('3 user stories found, 2 not sent yet.');

    // Both fields stay editable.
    await user.clear(subject());
    await user.type(subject(), 'Ready for testing');
    expect(subject()).toHaveValue('Ready for testing');
    await user.type(message(), '\nThe team');
    expect(message()).toHaveValue(`${expectedDraft}\nThe team`);
  });

  it('drafts a story offered for re-test although it was sent, and marks it as a re-test', async () => {
    const { user } = await openSendStories();
    db.issues.set('SHOP|Done', [{ ...doneStories[0]!, retest: true }, ...doneStories.slice(1)]);
    await getStories(user, 'Done');
    await waitFor(() => expect(subject()).toHaveValue(texts.draft.subject));
    expect(message()).toHaveValue(
      'Dear customer,\n\nThe following features are finished:\n- Cart (re-test)\n- Login page\n- Export' +
        '\n\nPlease test the following:\nLogin page:\n- Open the page\n- Sign in\n\nRegards,',
    );
    expect(offered('Stories in this e-mail (3)')).toEqual([
      'SHOP-1 Cart (re-test)',
      'SHOP-2 Login page',
      'SHOP-3 Export',
    ]);
  });

  it("drafts the stories under their epics' headings when the project groups by epic, Other last", async () => {
    const { account } = signIn('ada@example.com');
    createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop', groupBy: 'epic' });
    const checkout = { id: '10', name: 'Checkout', order: 1 };
    db.issues.set('SHOP|Done', [
      { ...doneStories[0]!, epic: null },
      { ...doneStories[1]!, epic: checkout },
      { ...doneStories[2]!, epic: checkout },
    ]);
    const { user } = renderApp('/admin/send-stories?key=SHOP');
    await screen.findByRole('heading', { name: 'Send stories to client' });
    await getStories(user, 'Done');
    await waitFor(() => expect(subject()).toHaveValue(texts.draft.subject));
    expect(message()).toHaveValue(
      'Dear customer,\n\nThe following features are finished:\n\nCheckout\n--------\n- Login page\n- Export' +
        '\n\nOther\n-----\n- Cart\n\nPlease test the following:\nLogin page:\n- Open the page\n- Sign in\n\nRegards,',
    );
    // Unticking a story drafts the rest again, still grouped.
    await user.click(screen.getByRole('checkbox', { name: /SHOP-3/ }));
    expect(message()).toHaveValue(
      'Dear customer,\n\nThe following features are finished:\n\nCheckout\n--------\n- Login page' +
        '\n\nOther\n-----\n- Cart\n\nPlease test the following:\nLogin page:\n- Open the page\n- Sign in\n\nRegards,',
    );
  });

  it('clears the subject and the message when no story is fetched', async () => {
    const { user } = await openSendStories();
    await getStories(user, 'Done');
    expect(subject()).toHaveValue(texts.draft.subject);

    await getStories(user, 'Testing');
    expect(subject()).toHaveValue('');
    expect(message()).toHaveValue('');
    expect(screen.getByText('No user stories in Testing.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: /Stories in this e-mail/ })).not.toBeInTheDocument();
  });

  it('alerts the server error when the stories cannot be fetched', async () => {
    const { user } = await openSendStories();
    server.use(
      http.get('/jira/getProjectIssues', () =>
        HttpResponse.json(
          {
            status: 503,
            code: 'TRACKER_UNAVAILABLE',
            message: 'Jira is not available; try again in a minute.',
          },
          { status: 503 },
        ),
      ),
    );
    await getStories(user, 'Done');
    expect(window.alert).toHaveBeenCalledWith('Jira is not available; try again in a minute.');
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
    expect(screen.getByText('Fetch stories to draft the e-mail.')).toBeInTheDocument();
  });

  it('refuses an empty subject or message and sends nothing', async () => {
    const { user } = await openSendStories();
    await getStories(user, 'Done');
    await user.clear(subject());
    await user.type(subject(), '   ');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = screen.getByRole('dialog', { name: 'Subject and message may not be empty.' });
    expect(dialog).toHaveAccessibleDescription('Error');
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));

    expect(callsTo('/jira/updateFirebaseProject')).toEqual([]);
    expect(callsTo('/jira/sendDownloadedIssues')).toEqual([]);
  });

  it('records the stories first, then sends the e-mail with the file; success empties the screen', async () => {
    const { user, account } = await openSendStories();
    await getStories(user, 'Done');
    const append = vi.spyOn(FormData.prototype, 'append');
    const file = new File(['test plan'], 'test-plan.txt', { type: 'text/plain' });
    const fileInput = screen.getByLabelText('Attachment') as HTMLInputElement;
    await user.upload(fileInput, file);

    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email sent to the client.' });
    expect(dialog).toHaveAccessibleDescription('Success');
    // Under the message, in grey: what went where.
    expect(dialog).toHaveTextContent(
      '2 stories · to client@shop.example, owner@shop.example · cc pm@team.example',
    );

    // The order of docs/product.md §4: the project update, then the e-mail.
    expect(
      db.calls
        .map((c) => c.path)
        .filter((p) => p === '/jira/updateFirebaseProject' || p === '/jira/sendDownloadedIssues'),
    ).toEqual(['/jira/updateFirebaseProject', '/jira/sendDownloadedIssues']);
    expect(callsTo('/jira/updateFirebaseProject')).toEqual([
      {
        userId: account.id,
        projectKey: 'SHOP',
        updatedProject: {
          projectKey: 'SHOP',
          projectName: 'Web Shop',
          clientEmails: ['client@shop.example', 'owner@shop.example'],
          clientCC: ['pm@team.example'],
          sentProjectIssuesList: ['SHOP-1', 'SHOP-2', 'SHOP-3'],
        },
      },
    ]);
    expect(callsTo('/jira/sendDownloadedIssues')).toEqual([
      {
        contentType: 'multipart/form-data',
        fieldNames: ['file', 'subject', 'text', 'to', 'to', 'cc', 'projectKey', 'issueKeys'],
        subject: texts.draft.subject,
        // multipart/form-data carries line breaks as CRLF (the HTML form encoding does the same).
        text: expectedDraft.replace(/\n/g, '\r\n'),
        to: ['client@shop.example', 'owner@shop.example'],
        cc: ['pm@team.example'],
        projectKey: 'SHOP',
        issueKeys: 'SHOP-2,SHOP-3',
        hasFile: true,
      },
    ]);
    expect(append).toHaveBeenCalledWith('file', file);

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    // The fetched list and the draft are emptied (the e-mail's fields wait for a new fetch), the file
    // input is cleared, the project reloaded.
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
    expect(screen.getByText('Fetch stories to draft the e-mail.')).toBeInTheDocument();
    expect(fileInput.files).toHaveLength(0);
    expect(fileInput.value).toBe('');
    expect(screen.queryByRole('list', { name: /Stories in this e-mail/ })).not.toBeInTheDocument();
    await waitFor(() => expect(callsTo('/jira/getFirebaseProjectByKey')).toHaveLength(2));
    expect(findProject(account.id, 'SHOP')?.sentProjectIssuesList).toEqual(['SHOP-1', 'SHOP-2', 'SHOP-3']);
    expect(screen.getByText(/the e-mail was kept in the outbox/)).toBeInTheDocument();

    // The Sent tab shows the e-mail (kept in the outbox: no mail server here).
    await user.click(screen.getByRole('tab', { name: 'Sent' }));
    const sent = await screen.findByRole('listitem', { name: /^E-mail sent / });
    // Titled by when it was sent and which stories it asked about; how many and whom it went to under it.
    expect(sent.querySelector('.send__title time')).toBeInTheDocument();
    expect(sent.querySelector('.send__stories')).toHaveTextContent(/· , SHOP-2, SHOP-3$/);
    expect(within(sent).getByText('Kept in the outbox — not delivered')).toBeInTheDocument();
    expect(sent.querySelector('.send__meta')).toHaveTextContent(/^2 stories · to /);
    await user.click(screen.getByRole('tab', { name: 'New e-mail' }));

    // Fetching again offers nothing new: every story has been sent, and the form makes way for what to do.
    await getStories(user, 'Done');
    expect(screen.getByText('All of these stories were already sent.')).toBeInTheDocument();
    expect(screen.getByText(/Choose another status and press “Get User Stories”/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Email' })).not.toBeInTheDocument();
  });

  it('the confirmation: Okay, its one action, shows the e-mail in Sent; one quiet link leads to the review status', async () => {
    const { user } = await openSendStories();
    await getStories(user, 'Done');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Email sent to the client.' });
    expect(within(dialog).getByRole('button', { name: 'Okay' })).toHaveFocus();
    expect(within(dialog).getAllByRole('button')).toHaveLength(1);
    expect(within(dialog).getAllByRole('link')).toHaveLength(1);
    expect(within(dialog).getByRole('link', { name: 'Follow the answers in Review status' })).toHaveAttribute(
      'href',
      '/admin/review-status?key=SHOP',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Sent', selected: true })).toBeInTheDocument();

    // Another e-mail, and this time on to the review status.
    await user.click(screen.getByRole('tab', { name: 'New e-mail' }));
    db.issues.set('SHOP|Testing', [{ key: 'SHOP-9', issueHeader: 'Wish list', description: 'N/A' }]);
    await getStories(user, 'Testing');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const second = await screen.findByRole('dialog', { name: 'Email sent to the client.' });
    await user.click(within(second).getByRole('link', { name: 'Follow the answers in Review status' }));
    expect(await screen.findByRole('heading', { name: /^Review status/ })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('names the recipients the mail server refused in the success dialog', async () => {
    const { user } = await openSendStories();
    db.refusedRecipients.add('owner@shop.example');
    await getStories(user, 'Done');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'Email sent to the client. The mail server refused: owner@shop.example (550 5.1.1 no such mailbox here).',
      }),
    ).toHaveAccessibleDescription('Success');
  });

  it('on a failed send shows the server message, reloads the project and offers the stories again', async () => {
    const { user, account } = await openSendStories();
    const failure =
      'The e-mail could not be sent (connection refused). Nothing was marked as sent: the stories will be offered again.';
    server.use(
      http.post('/jira/sendDownloadedIssues', () => {
        db.calls.push({ path: '/jira/sendDownloadedIssues', body: 'failed' });
        // The server gives the claimed keys back before answering.
        const project = findProject(account.id, 'SHOP');
        if (project) project.sentProjectIssuesList = ['SHOP-1'];
        db.claims.delete('SHOP');
        return HttpResponse.json({ status: 502, code: 'MAIL_NOT_SENT', message: failure }, { status: 502 });
      }),
    );
    await getStories(user, 'Done');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));

    const dialog = await screen.findByRole('dialog', { name: failure });
    expect(dialog).toHaveAccessibleDescription('Error');
    expect(callsTo('/jira/updateFirebaseProject')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));

    await waitFor(() => expect(callsTo('/jira/getFirebaseProjectByKey')).toHaveLength(2));
    expect(offered('Stories in this e-mail (2)')).toEqual(['SHOP-2 Login page', 'SHOP-3 Export']);
    expect(subject()).toHaveValue(texts.draft.subject);
    expect(message()).toHaveValue(expectedDraft);

    // Trying again records and sends the same stories.
    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByRole('dialog', { name: 'Email sent to the client.' })).toBeInTheDocument();
    expect(callsTo('/jira/updateFirebaseProject')[1]).toMatchObject({
      updatedProject: { sentProjectIssuesList: ['SHOP-1', 'SHOP-2', 'SHOP-3'] },
    });
  });

  it('when stories were sent meanwhile, shows the 409 and drafts again without them; nothing is e-mailed', async () => {
    const { user, account } = await openSendStories();
    await getStories(user, 'Done');
    // Auto-send e-mails SHOP-3 while the draft is open.
    findProject(account.id, 'SHOP')?.sentProjectIssuesList.push('SHOP-3');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));

    const conflict =
      'Nothing was e-mailed: SHOP-3 were sent meanwhile (by auto-send or from another tab). Fetch the stories again for a new draft.';
    const dialog = await screen.findByRole('dialog', { name: conflict });
    expect(dialog).toHaveAccessibleDescription('Error');
    expect(db.sends).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));

    // Fetched again: the new draft has SHOP-2 only, and sending it names SHOP-2 only.
    await waitFor(() => expect(offered('Stories in this e-mail (1)')).toEqual(['SHOP-2 Login page']));
    expect(message()).not.toHaveValue(expect.stringContaining('Export'));
    expect(callsTo('/jira/getProjectIssues')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByRole('dialog', { name: 'Email sent to the client.' })).toBeInTheDocument();
    expect(callsTo('/jira/sendDownloadedIssues').at(-1)).toMatchObject({ issueKeys: 'SHOP-2' });
    expect(db.sends.map((send) => send.issueKeys)).toEqual([['SHOP-2']]);
  });

  it('does not send the e-mail when the stories cannot be recorded', async () => {
    const { user } = await openSendStories();
    server.use(
      http.post('/jira/updateFirebaseProject', () =>
        HttpResponse.json(
          { status: 400, code: 'BAD_REQUEST', message: 'Too many sent keys.' },
          { status: 400 },
        ),
      ),
    );
    await getStories(user, 'Done');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByRole('dialog', { name: 'Too many sent keys.' })).toHaveAccessibleDescription(
      'Error',
    );
    expect(callsTo('/jira/sendDownloadedIssues')).toEqual([]);
    expect(subject()).toHaveValue(texts.draft.subject);
  });

  it('shows an error dialog when the project cannot be loaded', async () => {
    await openSendStories('/admin/send-stories?key=NOPE');
    const dialog = await screen.findByRole('dialog', { name: 'You have no project with the key "NOPE".' });
    expect(dialog).toHaveAccessibleDescription('Error');
    expect(screen.queryByRole('button', { name: 'Send Email' })).not.toBeInTheDocument();
  });

  it('shows the send history with each outcome, and the message body on request', async () => {
    const { account } = signIn('ada@example.com');
    createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
    const base = {
      userId: account.id,
      projectKey: 'SHOP',
      to: ['client@shop.example'],
      cc: [] as string[],
      subject: texts.draft.subject,
      text: 'Dear customer,\n\nThe following features are finished:\n- Export',
      attachmentName: null,
      attachmentSize: null,
      error: null,
      recipients: null,
      sentBy: account.email,
      finishedAt: null,
      review: null,
      release: null,
    };
    db.sends.push(
      {
        ...base,
        id: 's1',
        trigger: 'manual',
        status: 'sent',
        delivered: true,
        issueKeys: ['SHOP-1'],
        createdAt: '2026-03-10T09:00:00.000Z',
        cc: ['pm@team.example'],
        attachmentName: 'plan.pdf',
        attachmentSize: 12_288,
      },
      {
        ...base,
        id: 's2',
        trigger: 'auto',
        status: 'failed',
        delivered: null,
        issueKeys: ['SHOP-2'],
        createdAt: '2026-03-11T09:00:00.000Z',
        error: 'The mail server refused the e-mail: 550 mailbox unavailable',
      },
      {
        ...base,
        id: 's3',
        trigger: 'auto',
        status: 'unconfirmed',
        delivered: null,
        issueKeys: ['SHOP-3'],
        createdAt: '2026-03-12T09:00:00.000Z',
      },
      {
        ...base,
        id: 's4',
        trigger: 'manual',
        status: 'abandoned',
        delivered: null,
        issueKeys: [],
        createdAt: '2026-03-13T09:00:00.000Z',
      },
      {
        ...base,
        id: 's5',
        trigger: 'manual',
        status: 'sent',
        delivered: false,
        issueKeys: ['SHOP-4'],
        createdAt: '2026-03-14T09:00:00.000Z',
      },
    );
    const { user } = renderApp('/admin/send-stories?key=SHOP');
    await user.click(await screen.findByRole('tab', { name: 'Sent' }));
    const history = await screen.findByRole('region', { name: 'Sent' });
    await within(history).findAllByRole('listitem');
    const entries = within(history).getAllByRole('listitem');
    expect(entries).toHaveLength(5);

    // Newest first.
    const [outbox, abandoned, unconfirmed, failed, sent] = entries as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(outbox).getByText('Kept in the outbox — not delivered')).toBeInTheDocument();
    expect(within(outbox).getByText(`by ${account.email}`)).toBeInTheDocument();
    expect(within(abandoned).getByText('Abandoned')).toBeInTheDocument();
    expect(within(abandoned).getAllByText('None', { selector: 'dd' })).toHaveLength(2); // no CC, no stories
    expect(within(unconfirmed).getByText('Unconfirmed — check with the client')).toBeInTheDocument();
    expect(within(unconfirmed).getByText('Auto-send')).toBeInTheDocument();
    expect(
      within(failed).getByText('Failed: The mail server refused the e-mail: 550 mailbox unavailable'),
    ).toBeInTheDocument();
    // A plain success has no outcome badge; the row says how many stories and to whom.
    expect(within(sent).queryByText('Sent')).not.toBeInTheDocument();
    expect(sent.querySelector('.send__meta')).toHaveTextContent(/^1 story · to client@shop\.example · /);
    // One summary row per e-mail: the newest open, the others fold their details away.
    expect(outbox.querySelector('details')).toHaveAttribute('open');
    expect(sent.querySelector('details')).not.toHaveAttribute('open');
    await user.click(sent.querySelector('summary')!);
    // The delivery details are folded under a toggle.
    const details = within(sent).getByText('Delivery details').closest('details')!;
    expect(within(details).getByText('client@shop.example')).not.toBeVisible();
    await user.click(within(sent).getByText('Delivery details'));
    expect(within(details).getByText('client@shop.example')).toBeVisible();
    expect(within(details).getByText('pm@team.example')).toBeInTheDocument();
    expect(within(details).getByText('SHOP-1')).toBeInTheDocument();
    expect(within(details).getByText(texts.draft.subject)).toBeInTheDocument();
    expect(within(details).getByText('plan.pdf (12 KB)')).toBeInTheDocument();
    expect(within(sent).getByText(formatShortDateTime('2026-03-10T09:00:00.000Z'))).toHaveAttribute(
      'datetime',
      '2026-03-10T09:00:00.000Z',
    );

    const body = within(outbox).getByText('Show the message');
    expect(within(outbox).getByText(/The following features are finished/)).not.toBeVisible();
    await user.click(body);
    expect(within(outbox).getByText(/The following features are finished/)).toBeVisible();
    expect(screen.getByText(/An e-mail no mail server delivered is kept here/)).toBeInTheDocument();
  });
});
