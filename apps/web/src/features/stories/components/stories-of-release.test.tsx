// The send screen's `Pick stories by`: Tracker status (as before), Release and, where the tracker has one, Current
// sprint. A release's stories come in any status; those not finished start unticked and show their status;
// the release names the subject and goes with the send.
import type { Issue } from '@handoff/core';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, createProject, db } from '@/testing/mocks/db';
import { renderApp, signIn } from '@/testing/test-utils';

const winter: Issue[] = [
  { key: 'SHOP-4', issueHeader: 'Gift cards', description: 'N/A', status: 'Done', finished: true },
  { key: 'SHOP-5', issueHeader: 'Returns', description: 'N/A', status: 'In Progress', finished: false },
  { key: 'SHOP-6', issueHeader: 'Coupons', description: 'N/A', status: 'Testing', finished: true },
];

async function openWithReleases(currentSprint: boolean) {
  const { account } = signIn('ada@example.com');
  createProject(account.id, {
    projectKey: 'SHOP',
    projectName: 'Web Shop',
    clientEmails: ['client@shop.example'],
    clientCC: [],
    sentProjectIssuesList: [],
  });
  db.releases.set('SHOP', {
    releases: [
      { id: '11', name: 'Winter', released: false, releaseDate: '2026-12-15' },
      { id: '10', name: 'Autumn', released: true, releaseDate: '2026-11-02' },
    ],
    currentSprint,
  });
  db.issues.set('SHOP|release:11', winter);
  const view = renderApp('/admin/send-stories?key=SHOP');
  await screen.findByRole('heading', { name: 'Send stories to client' });
  return view;
}

describe('Pick stories by', () => {
  it('offers Status, Release, and Current sprint only where the tracker has one', async () => {
    const { unmount } = await openWithReleases(false);
    const kinds = await screen.findByRole('combobox', { name: 'Pick stories by' });
    expect(
      within(kinds)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Tracker status', 'Release']);
    expect(screen.getByRole('combobox', { name: 'Issue Status *' })).toBeInTheDocument();
    unmount();
    await openWithReleases(true);
    await waitFor(() =>
      expect(
        within(screen.getByRole('combobox', { name: 'Pick stories by' }))
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Tracker status', 'Release', 'Current sprint']),
    );
  });

  it('fetches a release’s stories, leaves the unfinished ones unticked with their status, and sends the release', async () => {
    const { user } = await openWithReleases(false);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Pick stories by' }), 'Release');
    const releases = screen.getByRole('combobox', { name: 'Release *' });
    await waitFor(() =>
      expect(
        within(releases)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Choose one', 'Winter (due 2026-12-15)', 'Autumn (released 2026-11-02)']),
    );
    await user.selectOptions(releases, 'Winter (due 2026-12-15)');
    await user.click(screen.getByRole('button', { name: 'Get User Stories' }));
    const list = await screen.findByRole('list', { name: /Stories in this e-mail/ });
    const boxes = within(list).getAllByRole('checkbox');
    expect(
      boxes.map((box) => [box.closest('label')?.textContent, (box as HTMLInputElement).checked]),
    ).toEqual([
      ['SHOP-4 Gift cards', true],
      ['SHOP-5 Returns (In Progress)', false],
      ['SHOP-6 Coupons', true],
    ]);
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Request for Testing: Winter');
    expect(
      (screen.getByRole('textbox', { name: 'Email message *' }) as HTMLTextAreaElement).value,
    ).not.toMatch(/Returns/);

    await user.click(screen.getByRole('button', { name: 'Send Email' }));
    await screen.findByRole('dialog', { name: 'Email sent to the client.' });
    expect(callsTo('/jira/getProjectIssues')).toEqual([{ projectKey: 'SHOP', status: '', release: '11' }]);
    expect(callsTo('/jira/sendDownloadedIssues')).toEqual([
      expect.objectContaining({
        subject: 'Request for Testing: Winter',
        issueKeys: 'SHOP-4,SHOP-6',
        release: 'Winter',
      }),
    ]);
  });

  it('asks for a release before fetching', async () => {
    const { user } = await openWithReleases(false);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Pick stories by' }), 'Release');
    await user.click(screen.getByRole('button', { name: 'Get User Stories' }));
    expect(window.alert).toHaveBeenCalledWith('Please choose a release.');
    expect(callsTo('/jira/getProjectIssues')).toEqual([]);
  });
});
