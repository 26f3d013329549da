// The client's review in a project's Sent history: link state, verdicts, Jira write-back, revoking.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatShortDateTime } from '@/lib/format';
import { callsTo, createProject, createReviewedSend, db } from '@/testing/mocks/db';
import { renderApp, signIn } from '@/testing/test-utils';
import { REVOKE_CONFIRM } from './notice-review';

function arrange() {
  const { account } = signIn('ada@example.com');
  const project = createProject(account.id, { projectKey: 'SHOP', projectName: 'Web Shop' });
  const send = createReviewedSend(
    account.id,
    project,
    'token-of-the-review-link-000000000000',
    [
      { key: 'SHOP-1', summary: 'Pay by card' },
      { key: 'SHOP-2', summary: 'Search by name' },
      { key: 'SHOP-3', summary: 'Wish list' },
    ],
    { expiresAt: '2026-04-11T14:00:00.000Z' },
  );
  const [passed, failed] = [send.review!.stories[0]!, send.review!.stories[1]!];
  Object.assign(passed, {
    verdict: 'passed',
    answeredAt: '2026-03-13T09:30:00.000Z',
    writeBack: 'written',
  });
  Object.assign(failed, {
    verdict: 'failed',
    comment: 'The search box ignores capitals.',
    answeredAt: '2026-03-13T09:31:00.000Z',
    writeBack: 'refused',
    writeBackError: 'Jira answered 403: You do not have permission to comment.',
  });
  return { account, send };
}

async function openHistory() {
  const view = renderApp('/admin/send-stories?key=SHOP&tab=sent');
  const history = await screen.findByRole('region', { name: 'Sent' });
  const review = await within(history).findByRole('region', { name: /^Client review/ });
  return { ...view, review };
}

/** The chips on an e-mail's row, as [text, tone]. */
const chipsOf = (row: HTMLElement) =>
  [...row.querySelectorAll('summary .badge')].map((chip) => [
    chip.textContent?.replace(/^, /, ''),
    chip.className.replace('badge badge--', ''),
  ]);

const sentRow = () => screen.getByRole('listitem', { name: /^E-mail sent / });

const storyRow = (review: HTMLElement, key: string) =>
  within(within(review).getByRole('list', { name: 'Client results' }))
    .getAllByRole('listitem')
    .find((item) => item.textContent?.startsWith(key))!;

describe('the Sent history with client reviews', () => {
  it('shows the link state with its expiry and, per story, the verdict, comment, when and the Jira write-back', async () => {
    arrange();
    const { review } = await openHistory();
    expect(screen.queryByText(/^Link (expired|revoked)$/)).not.toBeInTheDocument();

    expect(
      within(review).getByText(`Active until ${formatShortDateTime('2026-04-11T14:00:00.000Z')}`),
    ).toBeVisible();
    const passed = within(storyRow(review, 'SHOP-1'));
    expect(passed.getByText('Passed')).toBeInTheDocument();
    expect(passed.getByText('Pay by card')).toBeInTheDocument();
    expect(passed.getByText(formatShortDateTime('2026-03-13T09:30:00.000Z'))).toHaveAttribute(
      'datetime',
      '2026-03-13T09:30:00.000Z',
    );
    expect(passed.getByText('Written to the tracker')).toBeInTheDocument();

    const failed = within(storyRow(review, 'SHOP-2'));
    expect(failed.getByText('Failed')).toBeInTheDocument();
    expect(failed.getByText('“The search box ignores capitals.”')).toBeInTheDocument();
    expect(
      failed.getByText(
        'Not written to the tracker: Jira answered 403: You do not have permission to comment.',
      ),
    ).toBeInTheDocument();

    const waiting = within(storyRow(review, 'SHOP-3'));
    expect(waiting.getByText('Waiting')).toBeInTheDocument();
    expect(waiting.queryByText(/tracker/)).not.toBeInTheDocument();
  });

  it('says whether the write-back is still pending, and shows expired and revoked links without Revoke', async () => {
    const { send } = arrange();
    send.review!.stories[0]!.writeBack = 'pending';
    send.review!.linkState = 'expired';
    const { review, unmount } = await openHistory();
    expect(
      within(storyRow(review, 'SHOP-1')).getByText('Not written to the tracker yet'),
    ).toBeInTheDocument();
    expect(
      within(review).getByText(`Expired on ${formatShortDateTime('2026-04-11T14:00:00.000Z')}`),
    ).toBeVisible();
    expect(within(review).queryByRole('button', { name: 'Revoke link' })).not.toBeInTheDocument();
    // The e-mail's chips say it in words too, in amber, before the answers and those left unanswered (an
    // active link's chips say nothing of it).
    expect(chipsOf(sentRow())).toEqual([
      ['Link expired', 'warning'],
      ['1 passed', 'success'],
      ['1 failed', 'danger'],
      ['1 not answered', 'neutral'],
    ]);
    unmount();

    send.review!.linkState = 'revoked';
    const again = await openHistory();
    expect(within(again.review).getByText('Revoked')).toBeVisible();
    expect(within(again.review).queryByRole('button', { name: 'Revoke link' })).not.toBeInTheDocument();
    // The story nobody answered cannot be answered through this link any more: not "Waiting".
    expect(within(storyRow(again.review, 'SHOP-3')).getByText('Not answered')).toBeInTheDocument();
    expect(chipsOf(sentRow()).map(([text]) => text)).toEqual([
      'Link revoked',
      '1 passed',
      '1 failed',
      '1 not answered',
    ]);
    // Nor is there Copy link on the row, as the link no longer opens.
    expect(within(sentRow()).queryByRole('button', { name: 'Copy link' })).not.toBeInTheDocument();
    expect(screen.queryByText(/waiting/i)).not.toBeInTheDocument();
  });

  it('shows a transition Jira refused beside a comment that was written', async () => {
    const { send } = arrange();
    send.review!.stories[0]!.writeBackError =
      'The comment was written, but Jira refused the transition “Reopen”: Jira answered 400.';
    const { review } = await openHistory();
    expect(
      within(storyRow(review, 'SHOP-1')).getByText(
        'The comment was written, but Jira refused the transition “Reopen”: Jira answered 400.',
      ),
    ).toBeInTheDocument();
  });

  it('revokes an active link after a confirmation, and shows it revoked', async () => {
    const { account, send } = arrange();
    const { review, user } = await openHistory();

    await user.click(within(review).getByRole('button', { name: 'Revoke link' }));
    const cancelDialog = screen.getByRole('alertdialog', { name: REVOKE_CONFIRM });
    await user.click(within(cancelDialog).getByRole('button', { name: 'Cancel' }));
    expect(callsTo('/jira/review/revokeLink')).toEqual([]);

    await user.click(within(review).getByRole('button', { name: 'Revoke link' }));
    const dialog = screen.getByRole('alertdialog', { name: REVOKE_CONFIRM });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));

    const history = screen.getByRole('region', { name: 'Sent' });
    // The review and the e-mail's chips both say so.
    await waitFor(() => expect(within(review).getByText('Revoked')).toBeVisible());
    expect(within(history).getByText('Link revoked')).toHaveClass('badge--warning');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: 'Revoke link' })).not.toBeInTheDocument();
    expect(callsTo('/jira/review/revokeLink')).toEqual([
      { userId: account.id, projectKey: 'SHOP', sendId: send.id },
    ]);
    expect(db.sends[0]?.review?.linkState).toBe('revoked');
  });

  it('offers a failed story again for re-test from its row, and not one that passed or may still be answered', async () => {
    const { account } = arrange();
    const { review, user } = await openHistory();
    // The e-mail's row is titled by its date and its stories' names, then sums the client's answers up in
    // separate chips: a failure does not colour the passed stories red.
    const row = sentRow();
    const header = row.querySelector('summary')!;
    expect(header.querySelector('.send__title')).toHaveTextContent(
      `${formatShortDateTime(db.sends[0]!.createdAt)} · , Pay by card, Search by name, Wish list`,
    );
    expect(header.querySelector('.send__meta')).toHaveTextContent('3 stories');
    expect(chipsOf(row)).toEqual([
      ['1 passed', 'success'],
      ['1 failed', 'danger'],
      ['1 waiting', 'neutral'],
    ]);
    // Read as one phrase.
    expect(header.querySelector('.send__side')).toHaveTextContent('1 passed, 1 failed, 1 waiting');
    // Only the failed story has Offer again: SHOP-1 passed, SHOP-3 can still be answered through the link.
    expect(within(review).getAllByRole('button', { name: /^Offer again/ })).toHaveLength(1);
    await user.click(within(storyRow(review, 'SHOP-2')).getByRole('button', { name: 'Offer again SHOP-2' }));
    expect(await within(storyRow(review, 'SHOP-2')).findByText('Offered again')).toBeVisible();
    expect(callsTo('/jira/offerAgain')).toEqual([
      { userId: account.id, projectKey: 'SHOP', issueKey: 'SHOP-2' },
    ]);
  });

  it('leads a review every story of which passed with "All N passed", and offers a story nobody answered again once the link is gone', async () => {
    const { send } = arrange();
    send.review!.stories[1]!.verdict = 'passed';
    send.review!.stories[2]!.verdict = 'passed';
    const first = await openHistory();
    expect(screen.getByText('All 3 passed')).toHaveClass('badge--success');
    expect(within(first.review).queryByRole('button', { name: /^Offer again/ })).not.toBeInTheDocument();
    first.unmount();

    send.review!.stories[2]!.verdict = 'waiting';
    send.review!.linkState = 'revoked';
    const { review } = await openHistory();
    expect(chipsOf(sentRow())).toEqual([
      ['Link revoked', 'warning'],
      ['2 passed', 'success'],
      ['1 not answered', 'neutral'],
    ]);
    expect(
      within(review)
        .getAllByRole('button', { name: /^Offer again/ })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Offer again SHOP-3']);
  });

  it('offers several stories to test again with one action for the e-mail, not a button on every row', async () => {
    const { account, send } = arrange();
    send.review!.linkState = 'revoked';
    const { review, user } = await openHistory();
    // SHOP-2 failed and SHOP-3 was not answered: one Offer again for both; SHOP-1 passed.
    expect(
      within(review).getByText('Send the 2 stories that failed or were not answered again for a re-test?'),
    ).toBeVisible();
    expect(within(review).queryByRole('button', { name: /^Offer again SHOP/ })).not.toBeInTheDocument();
    await user.click(within(review).getByRole('button', { name: 'Offer 2 again' }));
    expect(
      await within(review).findByText(
        'The 2 stories that failed or were not answered are offered again for a re-test.',
      ),
    ).toBeVisible();
    expect(callsTo('/jira/offerAgain')).toEqual([
      { userId: account.id, projectKey: 'SHOP', issueKey: 'SHOP-2' },
      { userId: account.id, projectKey: 'SHOP', issueKey: 'SHOP-3' },
    ]);
    expect(within(review).queryByRole('button', { name: 'Offer 2 again' })).not.toBeInTheDocument();
  });

  it('names the reviewer of each verdict, and shows a sign-off with its date', async () => {
    const { send } = arrange();
    Object.assign(send.review!.stories[1]!, { reviewer: 'Ann Client' });
    send.review!.signedOff = { by: 'Ann Client', at: '2026-03-14T10:00:00.000Z', conditional: true };
    const { review } = await openHistory();
    expect(storyRow(review, 'SHOP-2')).toHaveTextContent('by Ann Client');
    expect(within(review).getByText(/^Signed off by Ann Client on/)).toHaveTextContent(
      `Signed off by Ann Client on ${formatShortDateTime('2026-03-14T10:00:00.000Z')} — a conditional sign-off: some stories failed`,
    );
    // The row leads its answers with a neutral "Signed off" chip.
    expect(chipsOf(sentRow())[0]).toEqual(['Signed off', 'neutral']);
  });

  it('copies the link of a folded e-mail from its row, and keeps Revoke link in the unfolded review', async () => {
    const { account } = signIn('ada@example.com');
    const project = createProject(account.id, { projectKey: 'SHOP' });
    const older = createReviewedSend(account.id, project, 'token-of-the-older-link-00000000000000', [
      { key: 'SHOP-1', summary: 'Pay by card' },
    ]);
    const link = 'http://localhost:3000/review/token-of-the-older-link-00000000000000';
    older.review!.url = link;
    createReviewedSend(account.id, project, 'token-of-the-newer-link-00000000000000', [
      { key: 'SHOP-2', summary: 'Search by name' },
    ]);
    const { user } = renderApp('/admin/send-stories?key=SHOP&tab=sent');
    const history = await screen.findByRole('region', { name: 'Sent' });
    const [, olderRow] = await within(history).findAllByRole('listitem', { name: /^E-mail sent / });
    // Folded: its summary holds no button (it would fold the row); Copy link is beside it, named by the row.
    expect(olderRow!.querySelector('details')).not.toHaveAttribute('open');
    expect(within(olderRow!.querySelector('summary')!).queryByRole('button')).not.toBeInTheDocument();
    const copy = [...olderRow!.children].find((child) => child.matches('.send__quick-copy')) as HTMLElement;
    const button = within(copy).getByRole('button', { name: 'Copy link' });
    expect(button).toHaveAccessibleDescription(/Pay by card$/);
    await user.click(button);
    await expect(navigator.clipboard.readText()).resolves.toBe(link);
    expect(await within(copy).findByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(olderRow!.querySelector('details')).not.toHaveAttribute('open');
    expect(within(copy).queryByRole('button', { name: 'Revoke link' })).not.toBeInTheDocument();
  });

  it('names the member who sent it by the name they gave, their address on hover, and by address without one', async () => {
    const { send } = arrange();
    Object.assign(send, { sentBy: 'ada@example.com', sentByName: 'Ada Lovelace' });
    const first = await openHistory();
    const meta = sentRow().querySelector('.send__meta')!;
    expect(meta).toHaveTextContent(/^3 stories · to .* · by Ada Lovelace$/);
    expect(within(meta as HTMLElement).getByText('by Ada Lovelace')).toHaveAttribute(
      'title',
      'ada@example.com',
    );
    first.unmount();

    Object.assign(send, { sentByName: null });
    await openHistory();
    expect(screen.getByText('by ada@example.com')).not.toHaveAttribute('title');
  });

  it('shows no review for a notice sent before reviews existed', async () => {
    const { account } = signIn('ada@example.com');
    const project = createProject(account.id, { projectKey: 'SHOP' });
    createReviewedSend(account.id, project, 'token-of-the-review-link-000000000000', [
      { key: 'SHOP-1', summary: 'Pay by card' },
    ]);
    db.sends[0]!.review = null;
    renderApp('/admin/send-stories?key=SHOP&tab=sent');
    const history = await screen.findByRole('region', { name: 'Sent' });
    await within(history).findByRole('listitem');
    expect(within(history).queryByRole('region', { name: /^Client review/ })).not.toBeInTheDocument();
  });
});

describe('a message kept in the outbox', () => {
  it('shows its review link as a link the staff can follow', async () => {
    const { account } = signIn('ada@example.com');
    const project = createProject(account.id, { projectKey: 'SHOP' });
    const send = createReviewedSend(account.id, project, 'token-of-the-review-link-000000000000', [
      { key: 'SHOP-1', summary: 'Pay by card' },
    ]);
    const link = 'http://localhost:3000/review/token-of-the-review-link-000000000000';
    Object.assign(send, { delivered: false, text: `Hello,\n\nBye\n\nReview and report results: ${link}` });
    const { user } = renderApp('/admin/send-stories?key=SHOP&tab=sent');
    const history = await screen.findByRole('region', { name: 'Sent' });
    await user.click(await within(history).findByText('Show the message'));
    expect(within(history).getByRole('link', { name: link })).toHaveAttribute('href', link);
    expect(within(history).getByText(/Review and report results:/)).toHaveTextContent(
      `Hello, Bye Review and report results: ${link}`,
    );
  });
});
