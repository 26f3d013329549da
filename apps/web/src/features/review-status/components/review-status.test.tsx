// The review status screen against the MSW handlers: what a member sees of every story sent.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatDateTime, formatShortDate, formatShortDateTime } from '@/lib/format';
import { callsTo, createProject, createReviewedSend } from '@/testing/mocks/db';
import { renderApp, signIn } from '@/testing/test-utils';

function arrange() {
  const { account } = signIn('ada@example.com');
  const project = createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
  const send = createReviewedSend(account.id, project, 'token-of-the-review-link-000000000000', [
    { key: 'SHOP-1', summary: 'Pay by card' },
    { key: 'SHOP-2', summary: '=cmd|calc' },
  ]);
  Object.assign(send.review!.stories[0]!, {
    verdict: 'failed',
    comment: 'Broken',
    reviewer: 'Ann Client',
    answeredAt: '2026-03-13T09:30:00.000Z',
  });
  return { account };
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getByRole('rowheader').textContent);

/** The cell of a story's row under the column header named `header`. */
function cellOf(key: string, header: string): HTMLElement {
  const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
  const row = screen.getByRole('row', { name: new RegExp(`^${key} `) });
  const cells = [within(row).getByRole('rowheader'), ...within(row).getAllByRole('cell')];
  return cells[headers.indexOf(header)]!;
}

describe('the review status screen', () => {
  it('sorts the keys naturally (SHOP-2 before SHOP-10) and shows short dates with the full one on hover', async () => {
    const { account } = signIn('ada@example.com');
    const project = createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
    createReviewedSend(account.id, project, 'token-of-the-review-link-000000000000', [
      { key: 'SHOP-10', summary: 'Ten' },
      { key: 'SHOP-2', summary: 'Two' },
      { key: 'SHOP-1', summary: 'One' },
    ]);
    renderApp('/admin/review-status?key=SHOP');
    await screen.findByRole('table');
    expect(rows()).toEqual(['SHOP-1', 'SHOP-2', 'SHOP-10']);
    const sent = within(screen.getByRole('row', { name: /SHOP-1 / })).getAllByRole('time')[0]!;
    expect(sent).toHaveAttribute('title', formatDateTime(sent.getAttribute('datetime')!));
    // With its time: stories sent the same day are told apart.
    expect(sent.textContent).toBe(formatShortDateTime(sent.getAttribute('datetime')!));
  });

  it('groups the stories by epic when the project does, one table per group, Other last', async () => {
    const { account } = signIn('ada@example.com');
    const project = createProject(account.id, {
      projectKey: 'SHOP',
      projectName: 'Web Shop',
      groupBy: 'epic',
    });
    createReviewedSend(account.id, project, 'token-of-the-review-link-000000000000', [
      { key: 'SHOP-1', summary: 'One', group: { id: '7', name: 'Checkout', order: 7 } },
      { key: 'SHOP-2', summary: 'Two', group: null },
      { key: 'SHOP-3', summary: 'Three', group: { id: '5', name: 'Search', order: 5 } },
    ]);
    renderApp('/admin/review-status?key=SHOP');
    await screen.findByRole('heading', { level: 2, name: 'Search' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Search',
      'Checkout',
      'Other',
    ]);
    const tables = screen.getAllByRole('table');
    expect(tables.map((table) => table.getAttribute('aria-labelledby') && table)).toHaveLength(3);
    expect(
      tables.map((table) =>
        within(table)
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([['SHOP-3'], ['SHOP-1'], ['SHOP-2']]);
    expect(screen.getByRole('table', { name: 'Other' })).toBeInTheDocument();
  });

  it('lists every story with its state, filters by state, offers a story again, and downloads a CSV', async () => {
    const { account } = arrange();
    const { user } = renderApp('/admin/review-status?key=SHOP');
    expect(await screen.findByRole('heading', { name: 'Review status of Web Shop' })).toBeInTheDocument();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(rows()).toEqual(['SHOP-1', 'SHOP-2']);
    expect(cellOf('SHOP-1', 'State')).toHaveTextContent(/^Failed$/);
    // The answer: when; the one tester who answered is named once, above the table; the client's comment
    // is quoted under the story's summary.
    expect(cellOf('SHOP-1', 'Answered')).toHaveTextContent(
      new RegExp(`^${formatShortDateTime('2026-03-13T09:30:00.000Z')}$`),
    );
    expect(document.querySelector('.page__intro')).toHaveTextContent(
      /with the client's latest answer\. Answered by Ann Client\.$/,
    );
    expect(cellOf('SHOP-1', 'Summary')).toHaveTextContent('Pay by card “Broken”');
    expect(within(cellOf('SHOP-1', 'Summary')).getByText('“Broken”')).toHaveClass('review-status__comment');

    // The summary chips count each state and filter the table; pressed again, the filter goes.
    const chips = screen.getByRole('group', { name: 'Show stories by state' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All 2', 'Passed 0', 'Failed 1', 'Waiting 1', 'Overdue 0', 'Download CSV']);
    // A state no story is in filters nothing: its chip cannot be pressed.
    expect(within(chips).getByRole('button', { name: 'Passed 0' })).toBeDisabled();
    const waiting = within(chips).getByRole('button', { name: 'Waiting 1' });
    await user.click(waiting);
    expect(waiting).toHaveAttribute('aria-pressed', 'true');
    expect(rows()).toEqual(['SHOP-2']);
    // An empty cell says "none"; its line is marked for the phone's card to leave out.
    expect(cellOf('SHOP-2', 'Answered')).toHaveTextContent('—none');
    expect(cellOf('SHOP-2', 'Answered')).toHaveClass('data-table__cell--empty');

    await user.click(screen.getByRole('button', { name: 'Offer again SHOP-2' }));
    expect(callsTo('/jira/offerAgain')).toEqual([
      { userId: account.id, projectKey: 'SHOP', issueKey: 'SHOP-2' },
    ]);

    const created: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalled();
    const text = await created[0]!.text();
    expect(text).toContain('"Key","Summary","State","Reviewer","Comment","Answered at","Rounds"');
    expect(text).toContain(`"SHOP-2","'=cmd|calc","waiting"`);
    click.mockRestore();
  });

  it('marks a story still waiting after its answer-by date as overdue, in words; an answered one is not', async () => {
    const { account } = signIn('ada@example.com');
    const project = createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
    const send = createReviewedSend(
      account.id,
      project,
      'token-of-the-review-link-000000000000',
      [
        { key: 'SHOP-1', summary: 'Pay by card' },
        { key: 'SHOP-2', summary: 'Search' },
      ],
      { answerBy: '2026-03-20' },
    );
    Object.assign(send.review!.stories[0]!, { verdict: 'passed', answeredAt: '2026-03-13T09:30:00.000Z' });
    const { user } = renderApp('/admin/review-status?key=SHOP');
    await screen.findByRole('table');
    const overdue = screen.getByRole('row', { name: /SHOP-2/ });
    // One state, Overdue, with its date in words under it (not Waiting beside it).
    const due = formatShortDate('2026-03-20T12:00:00');
    expect(cellOf('SHOP-2', 'State')).toHaveTextContent(new RegExp(`^Overdue due ${due}\\s*$`));
    expect(within(cellOf('SHOP-2', 'State')).getByText(due)).toHaveAttribute('title', '20 March 2026');
    expect(within(cellOf('SHOP-2', 'State')).getByText('Overdue')).toHaveClass('badge');
    expect(overdue).toHaveClass('review-status__row--overdue');
    const answered = screen.getByRole('row', { name: /SHOP-1/ });
    expect(answered).not.toHaveTextContent('Overdue');
    expect(answered).not.toHaveClass('review-status__row--overdue');

    // Each story counts under one chip, and a chip's count is the rows it shows.
    const chips = screen.getByRole('group', { name: 'Show stories by state' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All 2', 'Passed 1', 'Failed 0', 'Waiting 0', 'Overdue 1', 'Download CSV']);
    await user.click(within(chips).getByRole('button', { name: 'Overdue 1' }));
    expect(rows()).toEqual(['SHOP-2']);
    // A chip of no story cannot be pressed into an empty table.
    expect(within(chips).getByRole('button', { name: 'Waiting 0' })).toBeDisabled();
    expect(rows()).toEqual(['SHOP-2']);
  });

  it('keeps a re-tested story’s latest answer as its state until a newer one comes, its re-test said under Rounds', async () => {
    const { account } = signIn('ada@example.com');
    const project = createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
    const first = createReviewedSend(account.id, project, 'token-of-the-review-link-000000000000', [
      { key: 'SHOP-1', summary: 'Pay by card' },
    ]);
    Object.assign(first.review!.stories[0]!, {
      verdict: 'failed',
      comment: 'The pay button does nothing',
      reviewer: 'Ann Client',
      answeredAt: '2026-03-13T09:30:00.000Z',
    });
    const second = createReviewedSend(account.id, project, 'token-of-the-review-link-000000000001', [
      { key: 'SHOP-1', summary: 'Pay by card' },
    ]);
    renderApp('/admin/review-status?key=SHOP');
    await screen.findByRole('table');
    const state = cellOf('SHOP-1', 'State');
    expect(state).toHaveTextContent(/^Failed\s*$/);
    expect(within(state).getByText('Failed')).toHaveClass('badge--danger');
    expect(cellOf('SHOP-1', 'Last sent')).toHaveTextContent(formatShortDateTime(second.createdAt));
    expect(state.querySelectorAll('.badge')).toHaveLength(1);
    // It counts as Failed, as the projects list counts it; no Re-test chip, and no second offer on its row.
    const chips = screen.getByRole('group', { name: 'Show stories by state' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['All 1', 'Passed 0', 'Failed 1', 'Waiting 0', 'Overdue 0', 'Download CSV']);
    expect(screen.queryByRole('button', { name: 'Offer again SHOP-1' })).not.toBeInTheDocument();
    // Rounds says the re-test is on its way, and since when: "2 re-test sent 29 Nov".
    expect(cellOf('SHOP-1', 'Rounds')).toHaveTextContent(
      new RegExp(`^2 re-test sent ${formatShortDate(second.createdAt)}$`),
    );
    // Answered: the answer it shows, when (by Ann Client, named once above the table), with the comment.
    await waitFor(() =>
      expect(document.querySelector('.page__intro')).toHaveTextContent(/Answered by Ann Client\.$/),
    );
    const answered = cellOf('SHOP-1', 'Answered');
    expect(within(answered).getByRole('time')).toHaveAttribute(
      'title',
      formatDateTime('2026-03-13T09:30:00.000Z'),
    );
    expect(cellOf('SHOP-1', 'Summary')).toHaveTextContent('“The pay button does nothing”');
  });

  it('names each tester on their rows when several answered', async () => {
    const { account } = signIn('ada@example.com');
    const project = createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
    const send = createReviewedSend(account.id, project, 'token-of-the-review-link-000000000000', [
      { key: 'SHOP-1', summary: 'Pay by card' },
      { key: 'SHOP-2', summary: 'Search' },
    ]);
    send.review!.stories.forEach((story, index) => {
      Object.assign(story, {
        verdict: 'passed',
        reviewer: index === 0 ? 'Ann Client' : 'Bo Client',
        answeredAt: '2026-03-13T09:30:00.000Z',
      });
    });
    renderApp('/admin/review-status?key=SHOP');
    await screen.findByRole('table');
    expect(document.querySelector('.page__intro')).not.toHaveTextContent(/Answered by/);
    expect(cellOf('SHOP-1', 'Answered')).toHaveTextContent(/by Ann Client$/);
    expect(cellOf('SHOP-2', 'Answered')).toHaveTextContent(/by Bo Client$/);
  });

  it('shows a story sent again before any answer as Re-test, said beside its chip', async () => {
    const { account } = signIn('ada@example.com');
    const project = createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
    for (const token of ['token-of-the-review-link-000000000000', 'token-of-the-review-link-000000000001']) {
      createReviewedSend(account.id, project, token, [{ key: 'SHOP-1', summary: 'Pay by card' }]);
    }
    renderApp('/admin/review-status?key=SHOP');
    await screen.findByRole('table');
    expect(cellOf('SHOP-1', 'State')).toHaveTextContent(/^Re-test awaiting answer\s*$/);
    const retestChip = screen.getByRole('button', { name: 'Re-test 1' });
    expect(retestChip).toHaveAccessibleDescription(/^Re-test: sent to the client again before any answer/);
  });

  it('shows each story’s release and filters by release once a notice named one', async () => {
    const { account } = signIn('ada@example.com');
    const project = createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
    const winter = createReviewedSend(account.id, project, 'token-of-the-review-link-000000000000', [
      { key: 'SHOP-1', summary: 'Gift cards' },
    ]);
    winter.release = 'Winter';
    createReviewedSend(account.id, project, 'token-of-the-review-link-000000000001', [
      { key: 'SHOP-2', summary: 'Search' },
    ]);
    const { user } = renderApp('/admin/review-status?key=SHOP');
    await screen.findByRole('table');
    expect(screen.getByRole('columnheader', { name: 'Release' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: /SHOP-1/ })).getByRole('cell', { name: 'Winter' }),
    ).toBeVisible();
    const filter = screen.getByRole('combobox', { name: 'Release' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All releases', 'Winter']);
    await user.selectOptions(filter, 'Winter');
    expect(rows()).toEqual(['SHOP-1']);
    await user.selectOptions(filter, 'All releases');
    expect(rows()).toEqual(['SHOP-1', 'SHOP-2']);
  });
});
