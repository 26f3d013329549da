// What the send screen tells the user before sending (apps/web/README.md, "The send screen's guidance"): which stories go out (a checkbox each),
// which have no test steps, who receives the e-mail, the attachment and its limit, and the review link to copy.
import type { Issue } from '@handoff/core';
import { texts } from '@handoff/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, createProject, createReviewedSend, db, findProject } from '@/testing/mocks/db';
import { testConfig } from '@/testing/mocks/test-config';
import { renderApp, signIn } from '@/testing/test-utils';

const withSteps = (...steps: string[]) => ({
  type: 'doc',
  version: 1,
  content: ['What it does.', '#test#', ...steps].map((text) => ({
    type: 'paragraph',
    content: [{ type: 'text', text }],
  })),
});

const stories: Issue[] = [
  { key: 'SHOP-2', issueHeader: 'Login page', description: withSteps('Open the page', 'Sign in') },
  { key: 'SHOP-3', issueHeader: 'Export', description: 'N/A' },
  { key: 'SHOP-4', issueHeader: 'Search', description: withSteps('Search for "shoe"') },
];

async function openSendStories({ config = testConfig, sent = [] as string[] } = {}) {
  const { account } = signIn('ada@example.com');
  createProject(account.id, {
    projectKey: 'SHOP',
    projectName: 'Web Shop',
    clientEmails: ['client@shop.example', 'owner@shop.example'],
    clientCC: ['pm@team.example'],
    sentProjectIssuesList: sent,
  });
  db.issues.set('SHOP|Done', stories);
  const view = renderApp('/admin/send-stories?key=SHOP', { config });
  await screen.findByRole('heading', { name: 'Send stories to client' });
  return { ...view, account };
}

async function getStories(user: ReturnType<typeof renderApp>['user']) {
  await user.selectOptions(await screen.findByRole('combobox', { name: 'Issue Status *' }), 'Done');
  await user.click(screen.getByRole('button', { name: 'Get User Stories' }));
  await screen.findByRole('list', { name: /^(Stories in this e-mail|Already sent)/ });
}

const message = () => screen.getByRole('textbox', { name: 'Email message *' });
const checkbox = (name: RegExp) => screen.getByRole('checkbox', { name });

describe('choosing the stories of the e-mail', () => {
  it('ticks every fetched story; an unticked one is neither in the draft nor in the keys the send claims', async () => {
    const { user, account } = await openSendStories();
    await getStories(user);
    expect(screen.getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([
      true,
      true,
      true,
    ]);
    expect((message() as HTMLTextAreaElement).value).toContain('- Export');

    await user.click(checkbox(/SHOP-3 Export/));
    expect(checkbox(/SHOP-3 Export/)).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Stories in this e-mail (2 of 3)' })).toBeInTheDocument();
    expect(message()).toHaveValue(
      'Dear customer,\n\nThe following features are finished:\n- Login page\n- Search' +
        '\n\nPlease test the following:\nLogin page:\n- Open the page\n- Sign in\n\nSearch:\n- Search for "shoe"\n\nRegards,',
    );
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(texts.draft.subject);

    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await screen.findByRole('dialog', { name: 'Email sent to the client.' });
    expect(callsTo('/jira/updateFirebaseProject')).toMatchObject([
      { updatedProject: { sentProjectIssuesList: ['SHOP-2', 'SHOP-4'] } },
    ]);
    expect(callsTo('/jira/sendDownloadedIssues')).toMatchObject([{ issueKeys: 'SHOP-2,SHOP-4' }]);
    expect(findProject(account.id, 'SHOP')?.sentProjectIssuesList).toEqual(['SHOP-2', 'SHOP-4']);
  });

  it('ticking a story again puts it back; with none ticked there is nothing to send', async () => {
    const { user } = await openSendStories();
    await getStories(user);
    await user.type(message(), '\nThanks!');
    for (const name of [/SHOP-2/, /SHOP-3/, /SHOP-4/]) await user.click(checkbox(name));
    expect(message()).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('');
    expect(
      screen.getByText('No story is ticked: tick at least one to draft the e-mail.'),
    ).toBeInTheDocument();

    await user.click(checkbox(/SHOP-3/));
    expect(message()).toHaveValue(
      'Dear customer,\n\nThe following features are finished:\n- Export\n\nPlease test the following:\n\n\nRegards,',
    );
    expect(screen.getByRole('heading', { name: 'Stories in this e-mail (1 of 3)' })).toBeInTheDocument();
  });

  it('keeps an unticked story unticked when a 409 drafts the e-mail again', async () => {
    const { user, account } = await openSendStories();
    await getStories(user);
    await user.click(checkbox(/SHOP-3 Export/));
    // Auto-send e-mails SHOP-4 while the draft is open.
    findProject(account.id, 'SHOP')?.sentProjectIssuesList.push('SHOP-4');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    const dialog = await screen.findByRole('dialog', { name: /Nothing was e-mailed: SHOP-4/ });
    await user.click(within(dialog).getByRole('button', { name: 'Okay' }));

    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Stories in this e-mail (1 of 2)' })).toBeVisible(),
    );
    expect(checkbox(/SHOP-3 Export/)).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await screen.findByRole('dialog', { name: 'Email sent to the client.' });
    expect(callsTo('/jira/sendDownloadedIssues').at(-1)).toMatchObject({ issueKeys: 'SHOP-2' });
  });

  it('says that ticking drafts the message again once the user has edited it', async () => {
    const { user } = await openSendStories();
    await getStories(user);
    const warning = /Ticking or unticking drafts the message again, replacing your changes/;
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
    await user.type(message(), '\nThanks!');
    expect(screen.getByText(warning)).toBeInTheDocument();
  });

  it('marks a story without a #test# section "No test steps", and says what that means', async () => {
    const { user } = await openSendStories();
    await getStories(user);
    const exportRow = checkbox(/SHOP-3 Export/).closest('li')!;
    expect(within(exportRow).getByText('No test steps')).toBeInTheDocument();
    const meaning =
      'Listed as finished, but not under “Please test the following”: its description has no test steps.';
    expect(checkbox(/SHOP-3 Export/)).toHaveAccessibleDescription(`No test steps ${meaning}`);
    expect(within(checkbox(/SHOP-2/).closest('li')!).queryByText('No test steps')).not.toBeInTheDocument();
    // No legend under the list: the meaning is the pill's tooltip, which the keyboard reaches too.
    const badge = within(exportRow).getByText('No test steps');
    expect(screen.getAllByText(meaning)).toHaveLength(1);
    expect(within(exportRow).getByRole('tooltip', { hidden: true })).toHaveTextContent(meaning);
    await user.tab();
    while (document.activeElement !== badge && document.activeElement !== document.body) await user.tab();
    expect(badge).toHaveFocus();
    expect(badge).toHaveAccessibleDescription(meaning);
  });
});

describe('around "Send Email"', () => {
  it('names who will receive the e-mail, To and Cc, beside the button, with a link to change them', async () => {
    const { user } = await openSendStories();
    await getStories(user);
    const button = await screen.findByRole('button', { name: 'Send Email' });
    expect(button).toHaveAccessibleDescription(
      'To: client@shop.example, owner@shop.example Cc: pm@team.example',
    );
    expect(screen.getByRole('link', { name: 'Edit recipients' })).toHaveAttribute(
      'href',
      '/admin/edit-project?key=SHOP',
    );
  });

  it('marks every required field with "*" (no note for it: the fields say they are required)', async () => {
    const { user } = await openSendStories();
    await getStories(user);
    expect(screen.queryByText('Fields marked * are required.')).not.toBeInTheDocument();
    const fields = [
      screen.getByRole('combobox', { name: 'Issue Status *' }),
      screen.getByRole('textbox', { name: 'Subject' }),
      message(),
    ];
    for (const field of fields) {
      expect(field).toBeRequired();
      expect(field.closest('.field')?.querySelector('label')?.textContent).toMatch(/ \*$/);
    }
  });

  it('replaces the form with what to do next when every fetched story was already sent', async () => {
    const { user } = await openSendStories({ sent: ['SHOP-2', 'SHOP-3', 'SHOP-4'] });
    await getStories(user);
    expect(screen.getByText('All of these stories were already sent.')).toBeInTheDocument();
    expect(screen.getByText(/Choose another status and press “Get User Stories”/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Attachment')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Email' })).not.toBeInTheDocument();
  });
});

describe('the attachment drop zone', () => {
  it('takes a file chosen with the keyboard-reachable input, shows its name and size, and removes it', async () => {
    const { user } = await openSendStories();
    await getStories(user);
    const input = (await screen.findByLabelText('Attachment')) as HTMLInputElement;
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription(
      'Choose a file or drop it here Optional. One file, up to 10 MB.',
    );
    input.focus();
    expect(input).toHaveFocus();

    await user.upload(input, new File(['x'.repeat(2048)], 'test-plan.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('test-plan.pdf')).toBeInTheDocument();
    expect(screen.getByText('2 KB')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove test-plan.pdf' }));
    expect(screen.queryByText('test-plan.pdf')).not.toBeInTheDocument();
    expect(input.value).toBe('');
    expect(input).toHaveFocus();
  });

  it('takes a dropped file and sends it with the e-mail', async () => {
    const { user } = await openSendStories();
    await getStories(user);
    const input = screen.getByLabelText('Attachment');
    const file = new File(['plan'], 'dropped.txt', { type: 'text/plain' });
    fireEvent.dragEnter(input, { dataTransfer: { files: [file] } });
    expect(input.parentElement).toHaveClass('file-drop--over');
    fireEvent.drop(input, { dataTransfer: { files: [file] } });
    expect(input.parentElement).not.toHaveClass('file-drop--over');
    expect(screen.getByText('dropped.txt')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await screen.findByRole('dialog', { name: 'Email sent to the client.' });
    expect(callsTo('/jira/sendDownloadedIssues')).toMatchObject([{ hasFile: true }]);
  });

  it('refuses a file over MAX_ATTACHMENT_MB before anything is sent, saying the limit', async () => {
    const { user } = await openSendStories({ config: { ...testConfig, maxAttachmentBytes: 1024 } });
    await getStories(user);
    const input = screen.getByLabelText('Attachment') as HTMLInputElement;
    await user.upload(input, new File(['x'.repeat(4096)], 'huge.zip'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'huge.zip is 4 KB: attachments may be up to 1 KB. Choose a smaller file.',
    );
    expect(input.value).toBe('');
    expect(screen.queryByRole('button', { name: 'Remove huge.zip' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await screen.findByRole('dialog', { name: 'Email sent to the client.' });
    expect(callsTo('/jira/sendDownloadedIssues')).toMatchObject([{ hasFile: false }]);
  });
});

describe('the review link of a history entry', () => {
  function sendWithLink(url: string | null) {
    const { account } = signIn('ada@example.com');
    const project = createProject(account.id, { projectKey: 'SHOP' });
    const send = createReviewedSend(account.id, project, 'token-of-the-review-link-000000000000', [
      { key: 'SHOP-1', summary: 'Pay by card' },
    ]);
    send.review!.url = url;
  }

  it('copies the link with a button and announces "Copied"', async () => {
    const link = 'http://localhost:3000/review/token-of-the-review-link-000000000000';
    sendWithLink(link);
    const { user } = renderApp('/admin/send-stories?key=SHOP&tab=sent');
    const review = await screen.findByRole('region', { name: /^Client review/ });
    expect(within(review).getByRole('textbox', { name: 'Review link' })).toHaveValue(link);

    await user.click(within(review).getByRole('button', { name: 'Copy link' }));
    await waitFor(() => expect(within(review).getByText('Copied')).toBeInTheDocument());
    expect(within(review).getByText('Copied')).toHaveAttribute('aria-live', 'polite');
    await expect(navigator.clipboard.readText()).resolves.toBe(link);
  });

  it('says where the link is when the server does not have it (a link made before links were kept)', async () => {
    sendWithLink(null);
    renderApp('/admin/send-stories?key=SHOP&tab=sent');
    const review = await screen.findByRole('region', { name: /^Client review/ });
    expect(within(review).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
    expect(
      within(review).getByText(/The link itself is only in the e-mail the client received/),
    ).toBeVisible();
  });
});
