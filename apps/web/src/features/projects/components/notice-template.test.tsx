// The edit screen's notice template (main README, "In the client's language, in the team's own words"): the client language's words until the team writes its own,
// a live preview beside the fields, unknown placeholders named (and nothing saved), Reset to default, and
// the template the send screen's draft then starts from.
import type { Issue } from '@handoff/core';
import { clientTexts } from '@handoff/core/catalogues/index';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, createProject, db } from '@/testing/mocks/db';
import { renderApp, signIn } from '@/testing/test-utils';

function arrange() {
  const { account } = signIn('ada@example.com');
  createProject(account.id, {
    projectKey: 'SHOP',
    projectName: 'Web Shop',
    clientEmails: ['client@shop.example'],
  });
  return account;
}

async function openEditProject() {
  const account = arrange();
  const view = renderApp('/admin/edit-project?key=SHOP');
  await screen.findByRole('heading', { name: 'Edit project' });
  return { ...view, account };
}

const field = (name: string) => screen.getByRole('textbox', { name });

/** Replaces a field's text as a paste does (quicker than typing it key by key). */
async function replaceText(user: ReturnType<typeof renderApp>['user'], name: string, text: string) {
  await user.clear(field(name));
  await user.click(field(name));
  await user.paste(text);
}
const preview = () => screen.getByRole('region', { name: 'Preview of the template' });
/** The text of the e-mail in the preview's frame (its HTML part, as the client receives it). */
const previewMail = () => {
  const frame = within(preview()).getByTitle('The notice as the client receives it');
  const mail = new DOMParser().parseFromString(frame.getAttribute('srcdoc') ?? '', 'text/html');
  return (mail.body.textContent ?? '').replace(/\s+/g, ' ');
};

describe('the notice template', () => {
  it('starts as the language’s words, previews every change, names unknown placeholders and saves nothing then', async () => {
    db.reviewSettings.set('SHOP', { clientLanguage: 'de' });
    const { user, account } = await openEditProject();
    expect(await screen.findByRole('textbox', { name: 'Greeting' })).toHaveValue(
      'Sehr geehrte Damen und Herren,',
    );
    expect(field('Subject')).toHaveValue('Bitte um Test: neue Funktionen zur Abnahme');
    // The e-mail as it is sent: its HTML part, in the client's language, with its review button.
    expect(previewMail()).toMatch(/^ ?Sehr geehrte Damen und Herren,/);
    // The test-steps part shows example steps, as the real draft lists a story's steps, never blank lines.
    expect(previewMail()).toMatch(
      /First example story: ?First test step ?Second test step ?Second example story: ?Its test step ?Prüfen und Ergebnisse melden ?Mit freundlichen Grüßen/,
    );
    expect(previewMail()).toContain(clientTexts('de')('notice.reviewLink'));

    await replaceText(user, 'Subject', '{project}: {count} Funktionen zum Testen');
    await replaceText(user, 'Greeting', 'Hallo {kunde},');
    expect(within(preview()).getByText('Web Shop: 2 Funktionen zum Testen')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unknown placeholder: {kunde}. Use {project}, {release}, {count} or {answerBy}.',
    );
    expect(field('Greeting')).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    expect(
      await screen.findByRole('dialog', {
        name: 'Unknown placeholder: {kunde}. Use {project}, {release}, {count} or {answerBy}.',
      }),
    ).toBeInTheDocument();
    expect(callsTo('/jira/review/setSettings')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Okay' }));

    await replaceText(user, 'Greeting', 'Guten Tag,');
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    await screen.findByRole('dialog', { name: 'Project has been successfully updated.' });
    expect(callsTo('/jira/review/setSettings')).toEqual([
      expect.objectContaining({
        userId: account.id,
        clientLanguage: 'de',
        noticeTemplate: {
          subject: '{project}: {count} Funktionen zum Testen',
          greeting: 'Guten Tag,',
          intro: 'die folgenden Funktionen sind fertiggestellt:',
          closing: 'Mit freundlichen Grüßen',
        },
      }),
    ]);
  });

  it('on a phone, keeps the preview behind a closed “Show preview” disclosure; a wider screen opens it', async () => {
    let wide = false;
    const listeners: Array<() => void> = [];
    vi.stubGlobal('matchMedia', (query: string) => ({
      get matches() {
        return wide && query === '(min-width: 37.5rem)';
      },
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      removeEventListener: () => {},
    }));
    try {
      const { user } = await openEditProject();
      await screen.findByRole('textbox', { name: 'Greeting' });
      const toggle = screen.getByText('Show preview').closest('summary')!;
      const disclosure = toggle.closest('details')!;
      // Closed: the preview is inside a closed <details>, which a browser leaves out for screen readers too.
      expect(disclosure).not.toHaveAttribute('open');
      expect(disclosure).toContainElement(preview());
      await user.click(toggle);
      await waitFor(() => expect(disclosure).toHaveAttribute('open'));
      expect(preview()).toBeInTheDocument();
      expect(toggle).toHaveTextContent('Hide preview');
      await user.click(toggle);
      await waitFor(() => expect(disclosure).not.toHaveAttribute('open'));
      // The window grows past a phone's width: the preview opens.
      wide = true;
      for (const listener of listeners) listener();
      await waitFor(() => expect(disclosure).toHaveAttribute('open'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('Reset to default puts back the language’s words, which are saved as none', async () => {
    db.reviewSettings.set('SHOP', {
      clientLanguage: 'fr',
      noticeTemplate: { subject: 'Tests', greeting: 'Bonjour,', intro: 'Voici :', closing: 'Merci' },
    });
    const { user } = await openEditProject();
    expect(await screen.findByRole('textbox', { name: 'Greeting' })).toHaveValue('Bonjour,');
    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    expect(field('Greeting')).toHaveValue('Madame, Monsieur,');
    expect(field('Subject')).toHaveValue('Demande de test : fonctionnalités à valider');
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    await screen.findByRole('dialog', { name: 'Project has been successfully updated.' });
    expect(callsTo('/jira/review/setSettings')).toEqual([expect.objectContaining({ noticeTemplate: null })]);
  });

  it('the send screen drafts from it: {project} and {count} at once, {answerBy} once the date is chosen', async () => {
    arrange();
    db.reviewSettings.set('SHOP', {
      clientLanguage: 'en',
      noticeTemplate: {
        subject: '{project}: {count} stories to test',
        greeting: 'Hello Shop team,',
        intro: 'Please look at these before {answerBy}:',
        closing: 'Thanks,',
      },
    });
    const stories: Issue[] = [
      { key: 'SHOP-2', issueHeader: 'Login', description: 'N/A' },
      { key: 'SHOP-3', issueHeader: 'Export', description: 'N/A' },
    ];
    db.issues.set('SHOP|Done', stories);
    const { user } = renderApp('/admin/send-stories?key=SHOP');
    await screen.findByRole('heading', { name: 'Send stories to client' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Issue Status *' }), 'Done');
    await user.click(screen.getByRole('button', { name: 'Get User Stories' }));
    const message = await screen.findByRole('textbox', { name: 'Email message *' });
    await waitFor(() => expect(message).not.toHaveValue(''));
    expect(field('Subject')).toHaveValue('Web Shop: 2 stories to test');
    expect(message).toHaveValue(
      'Hello Shop team,\n\nPlease look at these before :\n- Login\n- Export\n\nPlease test the following:\n\n\nThanks,',
    );
    await user.type(screen.getByLabelText('Answer by'), '2099-01-31');
    expect(message).toHaveValue(
      'Hello Shop team,\n\nPlease look at these before 31 January 2099:\n- Login\n- Export\n\nPlease test the following:\n\n\nThanks,',
    );
    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await screen.findByRole('dialog', { name: 'Email sent to the client.' });
    // What is sent is the draft as shown (a form sends its line breaks as CRLF).
    const [sent] = callsTo('/jira/sendDownloadedIssues') as Array<{ subject: string; text: string }>;
    expect({ subject: sent?.subject, text: sent?.text.replaceAll('\r\n', '\n') }).toEqual({
      subject: 'Web Shop: 2 stories to test',
      text: 'Hello Shop team,\n\nPlease look at these before 31 January 2099:\n- Login\n- Export\n\nPlease test the following:\n\n\nThanks,',
    });
  });
});
