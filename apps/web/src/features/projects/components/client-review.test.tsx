// The client review on the project screens: the summary per project in the list, and the Jira
// transitions a verdict moves an issue through on the edit screen.
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { callsTo, createProject, createReviewedSend, db } from '@/testing/mocks/db';
import { apiError } from '@/testing/mocks/handlers/projects';
import { server } from '@/testing/mocks/server';
import { renderApp, signIn } from '@/testing/test-utils';
import { DONT_MOVE } from './review-transitions';

describe('the project list', () => {
  it("shows each project's client review summary, and nothing for a project without reviewed notices", async () => {
    const { account } = signIn('ada@example.com');
    const shop = createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
    createProject(account.id, { projectKey: 'APP', projectName: 'Mobile App' });
    const stories = ['SHOP-1', 'SHOP-2', 'SHOP-3', 'SHOP-4'].map((key) => ({ key, summary: key }));
    const send = createReviewedSend(account.id, shop, 'token-of-the-review-link-000000000000', stories);
    send.review!.stories[0]!.verdict = 'failed';
    send.review!.stories[1]!.verdict = 'passed';
    send.review!.stories[2]!.verdict = 'failed';

    renderApp('/admin/index');
    const shopRow = (await screen.findByRole('cell', { name: 'SHOP' })).closest('tr')!;
    expect(await within(shopRow).findByText('2 failed')).toHaveClass('badge--danger');
    expect(within(shopRow).getByText('1 passed')).toHaveClass('badge--success');
    expect(within(shopRow).getByText('1 waiting')).toHaveClass('badge--neutral');
    // What asks for action first; the pills lead to the project's review status.
    expect(within(shopRow).getByRole('cell', { name: /Web Shop/ })).toHaveTextContent(
      'Web ShopClient review: 2 failed1 waiting1 passed',
    );
    expect(within(shopRow).getByRole('link', { name: /^Client review:/ })).toHaveAttribute(
      'href',
      '/admin/review-status?key=SHOP',
    );
    const appRow = screen.getByRole('cell', { name: 'APP' }).closest('tr')!;
    expect(within(appRow).getByRole('cell', { name: 'Mobile App' })).toBeInTheDocument();
    expect(within(appRow).queryByText(/waiting|passed|failed/)).not.toBeInTheDocument();
    expect(callsTo('/jira/review/getSummaries')).toEqual([{ userId: account.id }]);
  });

  it("counts a project's stories as its review status does: one state each, re-sends and all", async () => {
    const { account } = signIn('ada@example.com');
    const shop = createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
    const stories = ['SHOP-1', 'SHOP-2'].map((key) => ({ key, summary: key }));
    const first = createReviewedSend(account.id, shop, 'token-of-the-first-review-link-0000000', stories);
    first.review!.stories[0]!.verdict = 'passed';
    first.review!.stories[1]!.verdict = 'failed';
    // Both sent again and not answered yet: each keeps its latest answer until a newer one replaces it
    // (one state per story: not "1 passed, 1 failed, 2 waiting").
    createReviewedSend(account.id, shop, 'token-of-the-second-review-link-000000', stories);

    const { user } = renderApp('/admin/index');
    const pills = await screen.findByRole('link', { name: /^Client review:/ });
    expect(pills).toHaveTextContent(/^Client review: 1 failed1 passed$/);
    await user.click(pills);
    const chips = await screen.findByRole('group', { name: 'Show stories by state' });
    expect(within(chips).getByRole('button', { name: 'Failed 1' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Passed 1' })).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'All 2' })).toBeInTheDocument();
  });

  it('still lists the projects when the summaries cannot be loaded', async () => {
    const { account } = signIn('ada@example.com');
    createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
    server.use(http.post('/jira/review/getSummaries', () => apiError(503, 'Down for a moment')));
    renderApp('/admin/index');
    expect(await screen.findByRole('cell', { name: 'Web Shop' })).toBeInTheDocument();
    expect(window.alert).not.toHaveBeenCalled();
  });
});

describe('/admin/edit-project: moving the Jira issue on a verdict', () => {
  const inProgress = { id: '21', name: 'In Progress' };
  const done = { id: '31', name: 'Done' };

  async function openEdit() {
    const { account } = signIn('ada@example.com');
    createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
    db.transitions.set('SHOP', { available: [inProgress, done], onFailed: null, onPassed: null });
    const view = renderApp('/admin/edit-project?key=SHOP');
    await screen.findByRole('heading', { name: 'Edit project' });
    return { ...view, account };
  }

  it('offers Jira\'s transitions plus "Don\'t move it", off by default, and saves the choices', async () => {
    const { user, account } = await openEdit();
    const failed = await screen.findByRole('combobox', { name: 'Move a failed story through' });
    const passed = screen.getByRole('combobox', { name: 'Move a passed story through' });
    for (const select of [failed, passed]) {
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([DONT_MOVE, 'In Progress', 'Done']);
      expect(select).toHaveDisplayValue(DONT_MOVE);
    }
    expect(DONT_MOVE).toBe("Don't move it");

    await user.selectOptions(failed, 'In Progress');
    await user.selectOptions(passed, 'Done');
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    expect(await screen.findByRole('dialog')).toHaveAccessibleDescription('Success');
    expect(callsTo('/jira/review/getTransitions')).toEqual([{ userId: account.id, projectKey: 'SHOP' }]);
    expect(callsTo('/jira/review/setTransitions')).toEqual([
      { userId: account.id, projectKey: 'SHOP', onFailed: inProgress, onPassed: done },
    ]);
    expect(db.transitions.get('SHOP')).toMatchObject({ onFailed: inProgress, onPassed: done });
  });

  it('shows the saved choices and can turn one off again', async () => {
    const { user, account } = await openEdit();
    db.transitions.set('SHOP', { available: [inProgress, done], onFailed: inProgress, onPassed: null });
    // The page loaded before the change above: open it afresh.
    await user.click(screen.getByRole('link', { name: 'Back to projects' }));
    await user.click(await screen.findByRole('button', { name: 'Actions for SHOP' }));
    await user.click(screen.getByRole('menuitem', { name: 'Update' }));
    const failed = await screen.findByRole('combobox', { name: 'Move a failed story through' });
    expect(failed).toHaveDisplayValue('In Progress');
    await user.selectOptions(failed, DONT_MOVE);
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    await screen.findByRole('dialog');
    expect(callsTo('/jira/review/setTransitions').at(-1)).toEqual({
      userId: account.id,
      projectKey: 'SHOP',
      onFailed: null,
      onPassed: null,
    });
  });

  it("says why when Jira's transitions cannot be loaded, and still saves the addresses without them", async () => {
    server.use(
      http.post('/jira/review/getTransitions', () =>
        HttpResponse.json(
          { status: 403, code: 'TRACKER_AUTH_REFUSED', message: 'Jira refused the API token.' },
          { status: 403 },
        ),
      ),
    );
    const { user } = await openEdit();
    expect(
      await screen.findByText('The transitions from Jira could not be loaded: Jira refused the API token.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Move a failed story through' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update Project' }));
    expect(await screen.findByRole('dialog')).toHaveAccessibleDescription('Success');
    expect(callsTo('/jira/updateFirebaseProject')).toHaveLength(1);
    expect(callsTo('/jira/review/setTransitions')).toEqual([]);
  });
});
