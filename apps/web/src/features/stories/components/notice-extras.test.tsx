// The send screen's Answer by date and Preview (README, "What and where to test"): the date travels as the form's
// answerBy, the server's refusal is shown, and the preview renders the e-mail's HTML part from the shared
// template, with the project's test environment and the date, in a sandboxed iframe.
import type { Issue } from '@handoff/core';
import { clientTexts } from '@handoff/core/catalogues/index';
import { reviewNoticeHtml } from '@handoff/core/notice-mail';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { LINK_CODE_STAND_IN, previewDocument } from '@/lib/mail-frame';
import { callsTo, createProject, db } from '@/testing/mocks/db';
import { MAIL_FROM } from '@/testing/mocks/handlers/review';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';

const stories: Issue[] = [
  { key: 'SHOP-2', issueHeader: 'Login <page>', description: 'N/A' },
  { key: 'SHOP-3', issueHeader: 'Export', description: 'N/A' },
];

async function openWithDraft(clientCC: string[] = []) {
  const { account } = signIn('ada@example.com');
  createProject(account.id, {
    projectKey: 'SHOP',
    projectName: 'Web Shop',
    clientEmails: ['client@shop.example'],
    clientCC,
  });
  db.issues.set('SHOP|Done', stories);
  const view = renderApp('/admin/send-stories?key=SHOP');
  await screen.findByRole('heading', { name: 'Send stories to client' });
  await view.user.selectOptions(await screen.findByRole('combobox', { name: 'Issue Status *' }), 'Done');
  await view.user.click(screen.getByRole('button', { name: 'Get User Stories' }));
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email message *' })).not.toHaveValue(''));
  return { ...view, account };
}

const answerBy = () => screen.getByLabelText('Answer by');

describe('the send screen: Answer by', () => {
  it('offers quick dates and spells the chosen one out as the e-mail will', async () => {
    const { user } = await openWithDraft();
    const inAWeek = new Date();
    inAWeek.setDate(inAWeek.getDate() + 7);
    const pad = (n: number) => String(n).padStart(2, '0');
    const iso = `${inAWeek.getFullYear()}-${pad(inAWeek.getMonth() + 1)}-${pad(inAWeek.getDate())}`;
    expect(screen.getByRole('button', { name: 'No date' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'In a week' }));
    expect(answerBy()).toHaveValue(iso);
    expect(screen.getByRole('button', { name: 'In a week' })).toHaveAttribute('aria-pressed', 'true');
    const spelled = inAWeek.toLocaleDateString('en-GB', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    expect(answerBy()).toHaveAccessibleDescription(`The e-mail asks the client to answer by ${spelled}.`);
    await user.click(screen.getByRole('button', { name: 'No date' }));
    expect(answerBy()).toHaveValue('');
  });

  it('is optional: without it the form has no answerBy; with it the date is sent as YYYY-MM-DD', async () => {
    const { user } = await openWithDraft();
    expect(answerBy()).toHaveAttribute('type', 'date');
    expect(answerBy()).toHaveAccessibleDescription(
      'Optional. The e-mail asks the client to answer by this date.',
    );
    await user.type(answerBy(), '2099-01-31');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await screen.findByRole('dialog', { name: 'Email sent to the client.' });
    expect(callsTo('/jira/sendDownloadedIssues')).toEqual([
      expect.objectContaining({ answerBy: '2099-01-31', issueKeys: 'SHOP-2,SHOP-3' }),
    ]);
    // Okay leads to the Sent tab; a new draft, back on the first tab, starts without it.
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Okay' }));
    expect(await screen.findByRole('tab', { name: 'Sent', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'New e-mail' }));
    db.issues.set('SHOP|Testing', [{ key: 'SHOP-9', issueHeader: 'Wish list', description: 'N/A' }]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Issue Status *' }), 'Testing');
    await user.click(screen.getByRole('button', { name: 'Get User Stories' }));
    expect(await screen.findByLabelText('Answer by')).toHaveValue('');
  });

  it("shows the server's refusal of the date and keeps the draft", async () => {
    const { user } = await openWithDraft();
    server.use(
      http.post('/jira/sendDownloadedIssues', () =>
        HttpResponse.json(
          {
            status: 400,
            code: 'INVALID_ANSWER_BY',
            message: 'The answer-by date is in the past: choose today or a later day.',
          },
          { status: 400 },
        ),
      ),
    );
    await user.type(answerBy(), '2099-01-31');
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'The answer-by date is in the past: choose today or a later day.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email message *' })).not.toHaveValue('');
  });
});

describe('the send screen: Preview', () => {
  it("shows the e-mail's HTML part from the shared template, with the test environment and the date", async () => {
    db.reviewSettings.set('SHOP', { reminderDays: 3, testEnvironment: 'https://staging.example.com' });
    const { user, account } = await openWithDraft();
    await user.type(answerBy(), '2099-01-31');
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const dialog = await screen.findByRole('dialog', { name: 'Preview of the e-mail' });
    expect(callsTo('/jira/review/getSettings')).toContainEqual({ userId: account.id, projectKey: 'SHOP' });
    const frame = within(dialog).getByTitle('The e-mail as the client will see it');
    // Sandboxed: no scripts, no pop-ups, no forms.
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    const draft = (screen.getByRole('textbox', { name: 'Email message *' }) as HTMLTextAreaElement).value;
    const expected = reviewNoticeHtml(
      draft,
      new URL('/review/preview', window.location.href).href,
      ['SHOP-2', 'SHOP-3'],
      {
        testEnvironment: 'https://staging.example.com',
        answerBy: '2099-01-31',
        sender: { name: 'Olivia Owner', company: 'example.test' },
      },
      { language: 'en', t: clientTexts('en') },
    );
    expect(frame.getAttribute('srcdoc')).toBe(previewDocument(expected));
    // The address the e-mail spells out is the client's own link: this server's review address, its code
    // masked and said to be made when sending, as plain text of the line (not the preview's stand-in address).
    expect(frame.getAttribute('srcdoc')).toContain(
      `Or open this address: ${window.location.origin}/review/<span>${LINK_CODE_STAND_IN}</span>`,
    );
    expect(LINK_CODE_STAND_IN).toBe('•••••• (made when you send)');
    expect(frame.getAttribute('srcdoc')).toContain(`href="${window.location.origin}/review/preview"`);
    expect(expected).toContain(
      'Test environment: https://staging.example.com<br>Please answer by 31 January 2099.',
    );
    expect(expected).toContain('Login &lt;page&gt;');
    // No inline style attribute reaches the document (the app's CSP forbids them); the CSSOM sets them.
    expect(frame.getAttribute('srcdoc')).not.toContain(' style="');

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Preview of the e-mail' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Preview' })).toHaveFocus();
  });

  it('heads the body with From, To, Cc, Subject and the attachment, as the client will receive them', async () => {
    const { user } = await openWithDraft(['pm@team.example', 'qa@team.example']);
    const subject = screen.getByRole('textbox', { name: 'Subject' });
    await user.clear(subject);
    await user.type(subject, 'Ready for you: export');
    await user.upload(screen.getByLabelText(/^Attachment/), new File(['plan'], 'plan.pdf'));
    await user.click(screen.getByRole('button', { name: 'Preview' }));

    const dialog = await screen.findByRole('dialog', { name: 'Preview of the e-mail' });
    const fields = within(dialog)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(dialog)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(Object.fromEntries(fields.map((field, index) => [field, values[index]]))).toEqual({
      From: expect.stringMatching(/^Handoff <handoff@localhost> May land in spam/),
      To: 'client@shop.example',
      Cc: 'pm@team.example, qa@team.example',
      Subject: 'Ready for you: export',
      Attachment: 'plan.pdf',
    });
    // The header comes before the body, as in a mail program.
    const frame = within(dialog).getByTitle('The e-mail as the client will see it');
    // The body signs with the sender and the company clients see, under the closing, after the button.
    const body = frame.getAttribute('srcdoc') ?? '';
    expect(body).toContain(
      'Regards,</p><p data-style="margin:0 0 16px"><strong>Olivia Owner</strong><br><span data-style="color:#52606d">example.test</span></p>',
    );
    expect(body.indexOf('Review and report results')).toBeLessThan(body.indexOf('Regards,'));
    expect(
      within(dialog).getByText('Subject').compareDocumentPosition(frame) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('warns only when the e-mail would not reach the client, in plain words; a built-in sender is a badge', async () => {
    const { user } = await openWithDraft();
    // The mock server has the built-in sender, Handoff <handoff@localhost>: a risk of spam, named on From only.
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of the e-mail' });
    expect(within(dialog).queryByRole('note')).not.toBeInTheDocument();
    // The badge names the risk; one grey line under the header says its cause and its remedy, in a sender's words.
    expect(within(dialog).getByText('May land in spam')).toBeVisible();
    expect(
      within(dialog).getByText(
        "Sent from handoff@localhost, a test address mail providers can't verify; whoever set up Handoff can set a sending domain of your own to reach inboxes.",
      ),
    ).toBeVisible();
    expect(dialog).not.toHaveTextContent(/MAIL_FROM|SMTP_URL/);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    // Without a mail server at all, the e-mail would not leave the outbox.
    const settings = {
      reminderDays: 3,
      testEnvironment: null,
      clientLanguage: 'en',
      noticeTemplate: null,
      mailFrom: MAIL_FROM,
      mailProblem: 'noMailServer',
    };
    server.use(http.post('/jira/review/getSettings', () => HttpResponse.json({ data: settings })));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const again = await screen.findByRole('dialog', { name: 'Preview of the e-mail' });
    const warning = within(again).getByRole('note');
    expect(warning).toHaveTextContent("This e-mail won't reach the client yet");
    expect(warning).toHaveTextContent(
      'No mail server is connected to Handoff, so it will wait in the outbox. Whoever set up Handoff can connect one.',
    );
    expect(warning).not.toHaveTextContent(/MAIL_FROM|SMTP_URL/);
    await user.click(within(again).getByRole('button', { name: 'Close' }));

    // Set up: no warning.
    server.use(
      http.post('/jira/review/getSettings', () =>
        HttpResponse.json({ data: { ...settings, mailFrom: 'Acme <qa@acme.example>', mailProblem: null } }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const setUp = await screen.findByRole('dialog', { name: 'Preview of the e-mail' });
    expect(within(setUp).queryByRole('note')).not.toBeInTheDocument();
    expect(within(setUp).queryByText('May land in spam')).not.toBeInTheDocument();
    expect(setUp).not.toHaveTextContent('a test address');
  });

  it('leaves the sender out, and says why, when the review settings cannot be loaded', async () => {
    const { user } = await openWithDraft();
    server.use(
      http.post('/jira/review/getSettings', () =>
        HttpResponse.json({ status: 500, message: 'The database is away.' }, { status: 500 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of the e-mail' });
    expect(within(dialog).queryByText('From')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/the sender and the test environment are left out here/)).toBeVisible();
    expect(within(dialog).getByText('To')).toBeVisible();
  });

  it("drafts in the project's client language, and previews the e-mail's own lines in it", async () => {
    db.reviewSettings.set('SHOP', { clientLanguage: 'de', testEnvironment: 'https://staging.example.com' });
    const { user } = await openWithDraft();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue(
      'Bitte um Test: neue Funktionen zur Abnahme',
    );
    expect(screen.getByRole('textbox', { name: 'Email message *' })).toHaveValue(
      'Sehr geehrte Damen und Herren,\n\ndie folgenden Funktionen sind fertiggestellt:\n- Login <page>\n- Export' +
        '\n\nBitte testen Sie Folgendes:\n\n\nMit freundlichen Grüßen',
    );
    await user.type(answerBy(), '2099-01-31');
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview of the e-mail' });
    const srcdoc = within(dialog).getByTitle('The e-mail as the client will see it').getAttribute('srcdoc');
    expect(srcdoc).toContain('<html lang="de">');
    expect(srcdoc).toContain(
      'Testumgebung: https://staging.example.com<br>Bitte antworten Sie bis zum 31. Januar 2099.',
    );
    expect(srcdoc).toContain('>Prüfen und Ergebnisse melden</a>');
  });

  it('is the check step: its footer sends the e-mail as previewed, or goes back to editing', async () => {
    const { user } = await openWithDraft();
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    let dialog = await screen.findByRole('dialog', { name: 'Preview of the e-mail' });
    // The small × in the corner is the dialog's Close, and has the focus first.
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Back to editing' }));
    expect(screen.queryByRole('dialog', { name: 'Preview of the e-mail' })).not.toBeInTheDocument();
    expect(callsTo('/jira/sendDownloadedIssues')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Preview' }));
    dialog = await screen.findByRole('dialog', { name: 'Preview of the e-mail' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Email' }));
    expect(await screen.findByText('Email sent to the client.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Preview of the e-mail' })).not.toBeInTheDocument();
    expect(callsTo('/jira/sendDownloadedIssues')).toHaveLength(1);
  });

  it('without a draft there is nothing to preview, nor to send', async () => {
    const { account } = signIn('ada@example.com');
    createProject(account.id, {
      projectKey: 'SHOP',
      projectName: 'Web Shop',
      clientEmails: ['c@shop.example'],
    });
    renderApp('/admin/send-stories?key=SHOP');
    expect(await screen.findByText('Fetch stories to draft the e-mail.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Preview' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send Email' })).not.toBeInTheDocument();
  });
});
