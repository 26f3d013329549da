// The client's review page against the MSW review handlers: what a client sees and what reaches the server.

import { en } from '@handoff/core/catalogues/en';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, createAccount, createProject, createReviewedSend, db } from '@/testing/mocks/db';
import { server } from '@/testing/mocks/server';
import { REVIEWER_STORAGE_KEY } from './review-name';
import { startReviewPage, tokenFromPath } from './review-page';
import { stepParts } from './review-text';
import { personName } from './review-view';

const TOKEN = 'k3Jd9_xQ-4vTn0pWz8yLmA1bC2dE3fG4hI5jK6lM7nO';

function arrangeNotice() {
  const owner = createAccount('owner@example.com');
  const project = createProject(owner.id, { projectKey: 'SHOP', projectName: 'Demo Web Shop' });
  // Another notice of the same project: its stories must not show on this link.
  createReviewedSend(owner.id, project, 'other-token-of-another-notice-000000', [
    { key: 'SHOP-9', summary: 'Another notice' },
  ]);
  return createReviewedSend(owner.id, project, TOKEN, [
    { key: 'SHOP-1', summary: 'Pay by card', testSteps: ['Add a product to the cart', 'Pay with 4242'] },
    { key: 'SHOP-2', summary: 'Search by name', testSteps: ['Type "lamp" in the search box'] },
  ]);
}

/** The page as a client opens it; this browser remembers the name given before unless `name` is null. */
async function openPage(token: string | null = TOKEN, name: string | null = 'Ann Client', search = '') {
  if (name === null) window.localStorage.removeItem(REVIEWER_STORAGE_KEY);
  else window.localStorage.setItem(REVIEWER_STORAGE_KEY, name);
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  await startReviewPage(root, token, search);
  return root;
}

const story = (key: string) => screen.getByRole('listitem', { name: new RegExp(`^${key} `) });

describe('the review page', () => {
  beforeEach(() => {
    document.body.replaceChildren();
  });

  it('speaks the language the notice was sent in: heading and count with their plurals, dates, labels, messages', async () => {
    const owner = createAccount('owner@example.com');
    const project = createProject(owner.id, { projectKey: 'SHOP', projectName: 'Demo Web Shop' });
    createReviewedSend(
      owner.id,
      project,
      TOKEN,
      [
        { key: 'SHOP-1', summary: 'Pay by card', testSteps: ['Pay with 4242'] },
        { key: 'SHOP-2', summary: 'Search by name' },
      ],
      { language: 'de', answerBy: '2026-11-27', expiresAt: '2026-12-11T14:00:00.000Z' },
    );
    const user = userEvent.setup();
    await openPage();
    expect(document.documentElement.lang).toBe('de');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Bitte testen Sie 2 Funktionen von Demo Web Shop' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Bis zum 11\. Dezember 2026 um .* können Sie Ihre Antworten noch ändern\.$/),
    ).toBeInTheDocument();
    expect(screen.getByText('Bitte antworten Sie bis zum 27. November 2026.')).toBeInTheDocument();
    expect(screen.getByText('0 von 2 Funktionen bewertet')).toBeInTheDocument();
    expect(within(story('SHOP-1')).getByRole('heading', { name: 'Testschritte' })).toBeInTheDocument();
    expect(
      within(story('SHOP-2')).getByText(
        'Keine festen Testschritte: Probieren Sie die Funktion so aus, wie der Titel sie beschreibt.',
      ),
    ).toBeInTheDocument();
    const choice = within(story('SHOP-1')).getByRole('group', { name: 'Ergebnis für SHOP-1' });
    await user.click(within(choice).getByRole('button', { name: 'Bestanden' }));
    expect(screen.getByText('1 von 2 Funktionen bewertet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ergebnisse senden' }));
    expect(await screen.findByText('Ergebnisse gesendet')).toBeInTheDocument();
    expect(document.title).toMatch(/^Prüfung: Demo Web Shop · /);
  });

  it('says where to test and by when, worded as the e-mail says it; nothing when the notice named neither', async () => {
    const owner = createAccount('owner@example.com');
    const project = createProject(owner.id, { projectKey: 'SHOP', projectName: 'Demo Web Shop' });
    createReviewedSend(owner.id, project, TOKEN, [{ key: 'SHOP-1', summary: 'Pay by card' }], {
      testEnvironment: 'https://staging.example.com, build 1.4.2',
      answerBy: '2026-11-27',
    });
    const root = await openPage();
    expect(
      screen.getByText('Test environment: https://staging.example.com, build 1.4.2'),
    ).toBeInTheDocument();
    expect(screen.getByText('Please answer by 27 November 2026.')).toBeInTheDocument();
    // Before the stories, after the introduction.
    expect(root.querySelector('.review__details')?.previousElementSibling).toHaveClass('review__note');

    const other = 'other-token-of-a-plain-notice-0000000000';
    createReviewedSend(owner.id, project, other, [{ key: 'SHOP-2', summary: 'Search' }]);
    await openPage(other);
    expect(screen.queryByText(/Test environment|Please answer by/)).not.toBeInTheDocument();
  });

  it("asks to test the notice's stories, names the sender, and per story of this notice only shows key, summary, test steps, the toggle and a closed comment", async () => {
    arrangeNotice();
    await openPage();

    expect(
      screen.getByRole('heading', { level: 1, name: 'Please test 2 stories of Demo Web Shop' }),
    ).toBeInTheDocument();
    // By the name the address gives (none here: its first part), a link that writes to them.
    const band = screen.getByRole('banner');
    expect(band).toHaveTextContent('Sent by owner');
    expect(within(band).getByRole('link', { name: 'owner' })).toHaveAttribute(
      'href',
      'mailto:owner@example.com',
    );
    const stories = within(screen.getByRole('list', { name: 'Stories' })).getAllByRole('listitem', {
      name: /^SHOP-/,
    });
    expect(stories.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'SHOP-1 Pay by card',
      'SHOP-2 Search by name',
    ]);
    expect(screen.queryByText(/SHOP-9/)).not.toBeInTheDocument();
    const steps = within(story('SHOP-1')).getByRole('list', { name: 'Test steps' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((step) => step.textContent),
    ).toEqual(['Add a product to the cart', 'Pay with 4242']);
    for (const key of ['SHOP-1', 'SHOP-2']) {
      const item = within(story(key));
      expect(item.getByRole('button', { name: 'Passed' })).toHaveAttribute('aria-pressed', 'false');
      expect(item.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'false');
      expect(item.getByRole('group', { name: `Result for ${key}` })).toBeInTheDocument();
      expect(item.getByRole('button', { name: 'Add a comment' })).toHaveAttribute('aria-expanded', 'false');
      expect(item.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
    }
    // The token travels in the body only, and no account is asked for.
    expect(callsTo('/jira/review/getNotice')).toEqual([{ token: TOKEN }]);
    expect(db.calls[0]?.headers?.authorization).toBe('');
  });

  it('submits the verdicts given so far with their comments and thanks the client', async () => {
    const send = arrangeNotice();
    const user = userEvent.setup();
    await openPage();

    const first = within(story('SHOP-1'));
    await user.click(first.getByRole('button', { name: 'Passed' }));
    await user.click(first.getByRole('button', { name: 'Failed' }));
    expect(first.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(first.getByRole('button', { name: 'Passed' })).toHaveAttribute('aria-pressed', 'false');
    await user.type(first.getByRole('textbox', { name: 'Comment' }), '  The card form never loads.  ');
    // SHOP-2 has a comment but no verdict yet: it is not sent.
    await user.click(within(story('SHOP-2')).getByRole('button', { name: 'Add a comment' }));
    expect(within(story('SHOP-2')).getByRole('textbox', { name: 'Comment' })).toHaveFocus();
    await user.type(within(story('SHOP-2')).getByRole('textbox', { name: 'Comment' }), 'Not tried yet');
    await user.click(screen.getByRole('button', { name: 'Submit results' }));

    expect(await screen.findByRole('status')).toHaveTextContent(en['review.thanks']);
    expect(en['review.thanks']).toBe('Results sent');
    expect(callsTo('/jira/review/submitVerdicts')).toEqual([
      {
        token: TOKEN,
        verdicts: [{ key: 'SHOP-1', verdict: 'failed', comment: 'The card form never loads.' }],
        reviewer: 'Ann Client',
      },
    ]);
    expect(send.review?.stories.map((s) => s.verdict)).toEqual(['failed', 'waiting']);
  });

  it('shows the current verdicts when the client comes back, and lets them change one', async () => {
    arrangeNotice();
    const user = userEvent.setup();
    await openPage();
    await user.click(within(story('SHOP-1')).getByRole('button', { name: 'Failed' }));
    await user.type(within(story('SHOP-1')).getByRole('textbox', { name: 'Comment' }), 'Broken');
    await user.click(within(story('SHOP-2')).getByRole('button', { name: 'Passed' }));
    expect(screen.getByText(/^Try each story/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Submit results' }));
    await screen.findByText(en['review.thanks']);
    // The heading and the intro say it too, for a client who comes back: the team has the answers, which can
    // still change.
    const sentHeading = 'Your answers were sent';
    expect(screen.getByRole('heading', { level: 1, name: sentHeading })).toBeVisible();
    const sentNote =
      /^You can still change them until .+\. Change any answer and an Update results button appears\.$/;
    expect(screen.getByText(sentNote)).toBeVisible();
    // Under the heading, what the team holds: one passed, one failed, in their colours.
    expect(screen.getByText('1 passed').closest('.review__count')).toHaveClass('review__count--passed');
    expect(screen.getByText('1 failed').closest('.review__count')).toHaveClass('review__count--failed');

    await openPage();
    expect(screen.getByRole('heading', { level: 1, name: sentHeading })).toBeVisible();
    expect(screen.getByText(sentNote)).toBeVisible();
    // The bar still thanks the client (a phone shows it as at 1280), until an answer changes.
    expect(screen.getByRole('status')).toHaveTextContent(en['review.thanks']);
    const first = within(story('SHOP-1'));
    expect(first.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
    expect(first.getByRole('textbox', { name: 'Comment' })).toHaveValue('Broken');
    expect(within(story('SHOP-2')).getByRole('button', { name: 'Passed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Nothing changed since the submit: nothing to send again, until an answer changes.
    expect(screen.queryByRole('button', { name: /results/ })).not.toBeInTheDocument();
    await user.click(first.getByRole('button', { name: 'Passed' }));
    await user.clear(first.getByRole('textbox', { name: 'Comment' }));
    await user.click(screen.getByRole('button', { name: 'Update results' }));
    await screen.findByText(en['review.thanks']);
    expect(callsTo('/jira/review/submitVerdicts').at(-1)).toEqual({
      token: TOKEN,
      verdicts: [
        { key: 'SHOP-1', verdict: 'passed' },
        { key: 'SHOP-2', verdict: 'passed' },
      ],
      reviewer: 'Ann Client',
    });
  });

  it('offers Submit only once a story has a verdict, and makes Sign off the next step once all are saved', async () => {
    arrangeNotice();
    const user = userEvent.setup();
    await openPage();
    const submit = screen.getByRole('button', { name: 'Submit results' });
    expect(submit).toBeDisabled();
    // Not a silent grey button: the line above it says what is missing, politely, and describes it.
    const hint = screen.getByText('Answer at least one story to submit.');
    expect(hint).toHaveAttribute('aria-live', 'polite');
    expect(submit).toHaveAccessibleDescription('Answer at least one story to submit.');
    await user.click(within(story('SHOP-1')).getByRole('button', { name: 'Passed' }));
    expect(submit).toBeEnabled();
    expect(hint).toBeEmptyDOMElement();
    expect(submit).not.toHaveClass('review__button--outline');
    expect(callsTo('/jira/review/submitVerdicts')).toEqual([]);
  });

  it('says how many stories are left once some answers are sent and nothing else is offered', async () => {
    arrangeNotice();
    const user = userEvent.setup();
    await openPage();
    await user.click(within(story('SHOP-1')).getByRole('button', { name: 'Passed' }));
    await user.click(screen.getByRole('button', { name: 'Submit results' }));
    await screen.findByText(en['review.thanks']);
    // Neither Update results (nothing changed) nor Sign off (SHOP-2 has no answer): the line says why.
    expect(screen.queryByRole('button', { name: /results|Sign off/ })).not.toBeInTheDocument();
    const left = screen.getByText('1 story still needs an answer.');
    expect(left).toBeVisible();
    expect(left).toHaveAttribute('aria-live', 'polite');
    await user.click(within(story('SHOP-2')).getByRole('button', { name: 'Failed' }));
    expect(screen.getByRole('button', { name: 'Update results' })).toBeEnabled();
    expect(screen.queryByText('1 story still needs an answer.')).not.toBeInTheDocument();
  });

  it('says why a link no longer works, and for a known one who sent it and how to ask them for a new one', async () => {
    const send = arrangeNotice();
    await openPage('an-unknown-token-of-thirty-chars-xx');
    // A link that never existed is not valid (not "no longer"), under the product's band.
    // Headings without a full stop, as every other heading.
    expect(screen.getByRole('heading', { level: 1, name: 'This review link is not valid' })).toBeVisible();
    expect(en['review.linkInvalid']).toBe('This review link is no longer valid');
    expect(screen.getByText(/There is no review at this address/)).toBeVisible();
    // It knows no stories and no sender: whom to ask, without "these stories".
    expect(screen.getByText('Ask the team that sent you the link for a new one.')).toBeVisible();
    expect(screen.getByRole('banner')).toHaveTextContent('Handoff');
    expect(screen.queryByText(/Demo Web Shop|SHOP-/)).not.toBeInTheDocument();

    send.review!.linkState = 'revoked';
    await openPage();
    // The same band as the page the link opened: the company, and who sent it.
    expect(screen.getByRole('banner')).toHaveTextContent('Eexample.comSent by owner');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en['review.linkInvalid']);
    expect(screen.getByText('The team has withdrawn this review link.')).toBeVisible();
    expect(screen.getByRole('banner')).toHaveTextContent('example.com');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      'mailto:owner@example.com?subject=A%20new%20review%20link%2C%20please',
    );
    expect(screen.getByRole('main')).toHaveTextContent(
      'If you still want to test these stories, ask owner@example.com for a new link.',
    );
    expect(screen.queryByText(/Demo Web Shop|SHOP-/)).not.toBeInTheDocument();

    send.review!.linkState = 'expired';
    await openPage();
    // Named with its project and when it ended, where the server says them.
    expect(
      screen.getByText(
        /^The time to answer the review of Demo Web Shop ended on \d+ \w+ \d{4} at \d\d:\d\d\.$/,
      ),
    ).toBeVisible();

    const calls = callsTo('/jira/review/getNotice').length;
    await openPage(null);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en['review.linkNotValid']);
    expect(callsTo('/jira/review/getNotice')).toHaveLength(calls);
  });

  it('shows the invalid-link page when the link is revoked while the client answers', async () => {
    const send = arrangeNotice();
    const user = userEvent.setup();
    await openPage();
    await user.click(within(story('SHOP-1')).getByRole('button', { name: 'Passed' }));
    send.review!.linkState = 'revoked';
    await user.click(screen.getByRole('button', { name: 'Submit results' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(en['review.linkInvalid']);
  });

  it('keeps the answers and says why when the results could not be sent, e.g. rate-limited', async () => {
    arrangeNotice();
    const user = userEvent.setup();
    await openPage();
    await user.click(within(story('SHOP-2')).getByRole('button', { name: 'Passed' }));
    server.use(
      http.post('/jira/review/submitVerdicts', () =>
        HttpResponse.json({ status: 429, code: 'RATE_LIMITED', message: 'Slow down' }, { status: 429 }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Submit results' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your results were not sent: Too many requests from here just now.',
    );
    expect(within(story('SHOP-2')).getByRole('button', { name: 'Passed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('offers to try again when the stories could not be loaded', async () => {
    arrangeNotice();
    const user = userEvent.setup();
    server.use(
      http.post(
        '/jira/review/getNotice',
        () =>
          HttpResponse.json(
            { status: 503, code: 'UNAVAILABLE', message: 'Down for a moment' },
            { status: 503 },
          ),
        { once: true },
      ),
    );
    await openPage();
    expect(screen.getByText('Down for a moment')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Please test 2 stories of Demo Web Shop' }),
    ).toBeInTheDocument();
  });
});

describe('a story whose summary is not known yet', () => {
  it('shows its key once', async () => {
    const owner = createAccount('owner@example.com');
    const project = createProject(owner.id, { projectKey: 'SHOP', projectName: 'Demo Web Shop' });
    createReviewedSend(owner.id, project, TOKEN, [{ key: 'SHOP-7', summary: 'SHOP-7' }]);
    await openPage();
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/^SHOP-7$/);
    // Not a missing part: what to do instead.
    expect(
      screen.getByText('No set steps for this one: try it out as its title describes.'),
    ).toBeInTheDocument();
  });
});

describe('tokenFromPath', () => {
  it('reads the token of /review/{token} and nothing else', () => {
    expect(tokenFromPath(`/review/${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromPath(`/review/${TOKEN}/`)).toBe(TOKEN);
    expect(tokenFromPath('/review/')).toBeNull();
    expect(tokenFromPath('/review/a/b')).toBeNull();
    expect(tokenFromPath('/admin/index')).toBeNull();
  });

  it('asks for the name before submitting, and remembers it in this browser', async () => {
    arrangeNotice();
    const user = userEvent.setup();
    await openPage(TOKEN, null);
    await user.click(within(story('SHOP-1')).getByRole('button', { name: 'Passed' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await user.click(screen.getByRole('button', { name: 'Submit results' }));
    expect(screen.getByRole('status')).toHaveTextContent(en['review.noName']);
    expect(callsTo('/jira/review/submitVerdicts')).toEqual([]);
    const name = screen.getByRole('textbox', { name: 'Your name' });
    expect(name).toHaveAccessibleDescription('So the team knows who tested.');
    await user.type(name, 'Bea Buyer');
    await user.click(screen.getByRole('button', { name: 'Submit results' }));
    await screen.findByText(en['review.thanks']);
    expect(callsTo('/jira/review/submitVerdicts')[0]).toMatchObject({ reviewer: 'Bea Buyer' });
    expect(window.localStorage.getItem(REVIEWER_STORAGE_KEY)).toBe('Bea Buyer');
    // Once the team has it, the box gives way to one line naming who answered.
    expect(screen.getByText(/^Answering as/)).toHaveTextContent('Answering as Bea Buyer Change name');
    expect(screen.queryByRole('textbox', { name: 'Your name' })).not.toBeInTheDocument();
    // Asked where the answers are sent: after the stories, just before the bar.
    const form = document.querySelector('form');
    expect(form?.querySelector('.review__name')?.previousElementSibling).toHaveClass('review__stories');
    expect(form?.querySelector('.review__name')?.nextElementSibling).toHaveClass('review__bar');

    // Back on this device: one quiet line with the name, and the box only when asked for.
    await openPage(TOKEN, 'Bea Buyer');
    expect(screen.getByText('Bea Buyer').closest('p')).toHaveTextContent(
      'Answering as Bea Buyer Change name',
    );
    expect(screen.queryByRole('textbox', { name: 'Your name' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Change name' }));
    const box = screen.getByRole('textbox', { name: 'Your name' });
    expect(box).toHaveFocus();
    expect(box).toHaveValue('Bea Buyer');
    expect(screen.getByText(/^Answering as/)).not.toBeVisible();

    // Another device, which remembers no name: the name sent with the answers reads as the same line.
    await openPage(TOKEN, null);
    expect(screen.getByText(/^Answering as/)).toHaveTextContent('Answering as Bea Buyer Change name');
    expect(screen.queryByRole('textbox', { name: 'Your name' })).not.toBeInTheDocument();
  });

  it('offers Sign off once every story has a verdict; after it the verdicts are final', async () => {
    const send = arrangeNotice();
    const user = userEvent.setup();
    await openPage();
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
    await user.click(within(story('SHOP-1')).getByRole('button', { name: 'Passed' }));
    await user.click(within(story('SHOP-2')).getByRole('button', { name: 'Failed' }));
    await user.click(screen.getByRole('button', { name: 'Submit results' }));
    await screen.findByText(en['review.thanks']);
    expect(screen.getByRole('button', { name: 'Sign off' })).not.toHaveClass('review__button--outline');
    // The calm line beside Sign off says what it does (a failed story does not stop it).
    expect(screen.getByRole('button', { name: 'Sign off' })).toHaveAccessibleDescription(
      'Done testing? Sign off to make these answers final and tell the team.',
    );
    expect(screen.getByText(en['review.thanks'])).toHaveClass('review__status--done');
    // One status, one next step: the count is not shown again beside the thank-you.
    expect(document.querySelector('.review__bar')?.querySelectorAll('button:not([hidden])')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Submit results' })).not.toBeInTheDocument();
    // A changed answer is to be sent first: Update results takes Sign off's place until it is.
    await user.type(within(story('SHOP-2')).getByRole('textbox', { name: 'Comment' }), 'Slow');
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update results' }));
    await user.click(await screen.findByRole('button', { name: 'Sign off' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Testing signed off' })).toBeVisible();
    // Each count in its verdict's colour, and in words.
    expect(screen.getByText('1 passed').closest('.review__count')).toHaveClass('review__count--passed');
    expect(screen.getByText('1 failed').closest('.review__count')).toHaveClass('review__count--failed');
    // Thanked once: in the note that says who signed off, not again in a banner; with what happens next.
    const final =
      /Thank you for testing: the team has your sign-off, and these answers are final\. The team will follow up on the failed story\.$/;
    expect(screen.getAllByText(/Thank you/)).toHaveLength(1);
    expect(screen.getByText(final)).toBeVisible();
    expect(callsTo('/jira/review/signOff')).toEqual([{ token: TOKEN, reviewer: 'Ann Client' }]);
    expect(send.review?.signedOff).toMatchObject({ by: 'Ann Client', conditional: true });
    expect(screen.queryByRole('button', { name: 'Submit results' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Signed off by Ann Client on/)).toBeVisible();
    // The failed story stays open; the passed one is folded behind one button, and opens again.
    expect(within(story('SHOP-2')).getByText('Failed')).toBeVisible();
    expect(screen.queryByRole('listitem', { name: /^SHOP-1 / })).not.toBeInTheDocument();
    const fold = screen.getByRole('button', { name: 'Show the passed story' });
    expect(fold).toHaveAttribute('aria-expanded', 'false');
    await user.click(fold);
    expect(fold).toHaveAccessibleName('Hide the passed story');
    // The answers stay as read-only badges: no toggle is left to press.
    expect(within(story('SHOP-1')).queryByRole('button')).not.toBeInTheDocument();
    expect(within(story('SHOP-1')).getByText('Passed')).toBeVisible();

    await openPage();
    expect(screen.getByText(/^Signed off by Ann Client on/)).toBeVisible();
    // The same words as just after signing off.
    expect(screen.getByText(final)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Sign off' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Testing signed off');
  });

  it("opens with the verdict chosen by the e-mail's link preselected, and records nothing until submitted", async () => {
    arrangeNotice();
    await openPage(TOKEN, 'Ann Client', '?story=SHOP-2&verdict=failed');
    expect(within(story('SHOP-2')).getByRole('button', { name: 'Failed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(story('SHOP-1')).getByRole('button', { name: 'Passed' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(callsTo('/jira/review/submitVerdicts')).toEqual([]);
  });
});

describe('who sent the notice, and how far the client is', () => {
  it("shows the company in a band above the page: the sender's domain until the workspace is named, then its name and logo", async () => {
    arrangeNotice();
    await openPage();
    const band = screen.getByRole('banner');
    expect(band).toHaveTextContent('Eexample.com');
    expect(band.textContent).not.toMatch(/team/);
    expect(band.compareDocumentPosition(screen.getByRole('heading', { level: 1 }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(document.querySelector('img')).toBeNull();

    const owner = [...db.accounts.values()][0]!;
    db.workspaceNames.set(`ws-${owner.id}`, 'Acme Studio');
    db.workspaceLogos.set(`ws-${owner.id}`, {
      dataUrl: 'data:image/png;base64,',
      updatedAt: '2026-03-14T10:00:00Z',
    });
    await openPage();
    expect(screen.getAllByRole('banner')).toHaveLength(1);
    expect(screen.getByText('Acme Studio')).toBeVisible();
    const logo = document.querySelector('img');
    expect(logo?.getAttribute('src')).toBe(`/review/${TOKEN}/logo?v=1`);
    // Decorative: the name beside it says who sent it.
    expect(logo).toHaveAttribute('alt', '');
  });

  it('fills in the band review.html holds from the first paint, so the page under it does not move', async () => {
    arrangeNotice();
    const band = document.createElement('header');
    band.className = 'review-band';
    const root = document.createElement('main');
    document.body.replaceChildren(band, root);
    await startReviewPage(root, TOKEN);
    expect(screen.getAllByRole('banner')).toEqual([band]);
    expect(band).toHaveTextContent('example.com');
  });

  it('says "N of M answered" as verdicts are chosen, in the submit bar with the buttons and the thank-you banner', async () => {
    arrangeNotice();
    const user = userEvent.setup();
    await openPage();
    expect(screen.getByText('0 of 2 answered')).toBeVisible();
    await user.click(within(story('SHOP-1')).getByRole('button', { name: 'Passed' }));
    expect(screen.getByText('1 of 2 answered')).toBeVisible();
    await user.click(within(story('SHOP-1')).getByRole('button', { name: 'Failed' }));
    expect(screen.getByText('1 of 2 answered')).toBeVisible();
    await user.click(within(story('SHOP-2')).getByRole('button', { name: 'Passed' }));
    expect(screen.getByText('2 of 2 answered')).toHaveAttribute('aria-live', 'polite');

    const bar = screen.getByRole('button', { name: 'Submit results' }).closest('.review__bar') as HTMLElement;
    expect(within(bar).getByText('2 of 2 answered')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit results' }));
    const banner = await within(bar).findByRole('status');
    expect(banner).toHaveTextContent(en['review.thanks']);
    expect(banner).toHaveClass('review__status--done');
  });

  it('opens the comment of a story marked Failed, keeping what the client wrote when they change it', async () => {
    arrangeNotice();
    const user = userEvent.setup();
    await openPage();
    const first = within(story('SHOP-1'));
    await user.click(first.getByRole('button', { name: 'Failed' }));
    const comment = first.getByRole('textbox', { name: 'Comment' });
    expect(comment).toBeVisible();
    expect(first.queryByRole('button', { name: 'Add a comment' })).not.toBeInTheDocument();
    await user.type(comment, 'Slow');
    await user.click(first.getByRole('button', { name: 'Passed' }));
    expect(first.getByRole('textbox', { name: 'Comment' })).toHaveValue('Slow');
    expect(within(story('SHOP-2')).queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
  });

  it('says "1 story" for a notice of one', async () => {
    const owner = createAccount('owner@example.com');
    const project = createProject(owner.id, { projectKey: 'SHOP', projectName: 'Demo Web Shop' });
    createReviewedSend(owner.id, project, TOKEN, [{ key: 'SHOP-1', summary: 'Pay by card' }]);
    await openPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Please test 1 story of Demo Web Shop',
    );
  });

  it("shows the stories under their groups' headings in the tracker's order, the rest last under Other", async () => {
    const owner = createAccount('owner@example.com');
    const project = createProject(owner.id, { projectKey: 'SHOP', projectName: 'Demo Web Shop' });
    const checkout = { id: '10', name: 'Checkout', order: 2 };
    const search = { id: '11', name: 'Search', order: 1 };
    createReviewedSend(owner.id, project, TOKEN, [
      { key: 'SHOP-1', summary: 'Pay by card', group: checkout },
      { key: 'SHOP-2', summary: 'Loose end', group: null },
      { key: 'SHOP-3', summary: 'Find by name', group: search },
      { key: 'SHOP-4', summary: 'Pay by invoice', group: checkout },
    ]);
    await openPage();
    const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(groups).toEqual(['Search', 'Checkout', 'Other']);
    const lists = screen.getAllByRole('list');
    expect(lists.map((list) => list.getAttribute('aria-label'))).toEqual(['Search', 'Checkout', 'Other']);
    const keysIn = (list: HTMLElement) =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.review-story__key')?.textContent);
    expect(lists.map(keysIn)).toEqual([['SHOP-3'], ['SHOP-1', 'SHOP-4'], ['SHOP-2']]);
    // The stories' titles sit under their group's heading.
    expect(within(lists[1] as HTMLElement).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Please test 4 stories of Demo Web Shop',
    );
  });

  it('shows each grouped story its own final answer once signed off, whatever order the groups put them in', async () => {
    const owner = createAccount('owner@example.com');
    const project = createProject(owner.id, { projectKey: 'SHOP', projectName: 'Demo Web Shop' });
    createReviewedSend(owner.id, project, TOKEN, [
      { key: 'SHOP-1', summary: 'Pay by card', group: { id: '10', name: 'Checkout', order: 2 } },
      { key: 'SHOP-3', summary: 'Find by name', group: { id: '11', name: 'Search', order: 1 } },
    ]);
    const user = userEvent.setup();
    await openPage();
    await user.click(within(story('SHOP-1')).getByRole('button', { name: 'Passed' }));
    await user.click(within(story('SHOP-3')).getByRole('button', { name: 'Failed' }));
    await user.click(screen.getByRole('button', { name: 'Submit results' }));
    await screen.findByText(en['review.thanks']);
    await user.click(screen.getByRole('button', { name: 'Sign off' }));
    await screen.findByText(/the team has your sign-off/);
    // The Checkout group holds only the passed story: it folds with it until shown.
    expect(screen.queryByRole('heading', { name: 'Checkout' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the passed story' }));
    expect(screen.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    expect(within(story('SHOP-1')).getByText('Passed')).toBeVisible();
    expect(within(story('SHOP-1')).queryByText('Failed')).not.toBeInTheDocument();
    expect(within(story('SHOP-3')).getByText('Failed')).toBeVisible();
  });

  it('opens with the answers the client gave before counted', async () => {
    arrangeNotice();
    const user = userEvent.setup();
    await openPage();
    await user.click(within(story('SHOP-2')).getByRole('button', { name: 'Failed' }));
    await user.click(screen.getByRole('button', { name: 'Submit results' }));
    await screen.findByText(en['review.thanks']);
    await openPage();
    expect(screen.getByText('1 of 2 answered')).toBeVisible();
  });

  it('styles the invalid-link page like the rest of the page', async () => {
    const root = await openPage('an-unknown-token-of-thirty-chars-xx');
    expect(root).toHaveClass('review--invalid');
    expect(screen.getByRole('heading', { level: 1 })).toHaveClass('review__title');
  });
});

describe('the sender by name', () => {
  it('names the sender as their address spells it, in the band and when asking for a new link', async () => {
    const owner = createAccount('dana.smith+qa@acme-studio.test');
    const project = createProject(owner.id, { projectKey: 'SHOP', projectName: 'Demo Web Shop' });
    const send = createReviewedSend(owner.id, project, TOKEN, [{ key: 'SHOP-1', summary: 'Pay by card' }]);
    await openPage();
    const band = screen.getByRole('banner');
    expect(band).toHaveTextContent('acme-studio.testSent by Dana Smith');
    expect(within(band).getByRole('link', { name: 'Dana Smith' })).toHaveAttribute(
      'title',
      'dana.smith+qa@acme-studio.test',
    );

    send.review!.linkState = 'revoked';
    await openPage();
    // The same band as the page the link opened: the company, and who sent it.
    expect(screen.getByRole('banner')).toHaveTextContent('acme-studio.testSent by Dana Smith');
    // Asked by name in the sentence, the address on its own line under it, and a button that writes to them.
    expect(screen.getByRole('main')).toHaveTextContent('ask Dana Smith for a new link.');
    expect(document.querySelector('.review__sender-address')).toHaveTextContent(
      'dana.smith+qa@acme-studio.test',
    );
    expect(screen.getByRole('link', { name: 'E-mail Dana Smith' })).toHaveAttribute(
      'href',
      'mailto:dana.smith+qa@acme-studio.test?subject=A%20new%20review%20link%2C%20please',
    );
  });

  it('names the sender by the display name they gave, before what their address spells', async () => {
    const owner = createAccount('qa.lead@acme-studio.test', 'secret-pass', 'jira-api-key', 'Dana Reyes');
    const project = createProject(owner.id, { projectKey: 'SHOP', projectName: 'Demo Web Shop' });
    const send = createReviewedSend(owner.id, project, TOKEN, [{ key: 'SHOP-1', summary: 'Pay by card' }]);
    await openPage();
    expect(screen.getByRole('banner')).toHaveTextContent('acme-studio.testSent by Dana Reyes');

    send.review!.linkState = 'revoked';
    await openPage();
    expect(screen.getByRole('main')).toHaveTextContent('ask Dana Reyes for a new link.');
    expect(document.querySelector('.review__sender-address')).toHaveTextContent('qa.lead@acme-studio.test');
    expect(screen.getByRole('link', { name: 'E-mail Dana Reyes' })).toBeVisible();
    expect(screen.getByRole('main')).not.toHaveTextContent('(');
  });

  it('reads a name only from words of letters', () => {
    expect(personName('dana.smith@acme.test')).toBe('Dana Smith');
    expect(personName('jean-luc_picard+work@acme.test')).toBe('Jean Luc Picard');
    expect(personName('élodie.dupont@acme.test')).toBe('Élodie Dupont');
    for (const none of ['dana@acme.test', 'user-83368ba2@example.test', 'a.b.c.d.e@acme.test', 'qa.2@x.test'])
      expect(personName(none)).toBeNull();
  });
});

describe("what a client reads of the team's story text", () => {
  it("shows a mention as the name and an issue link as its key, and links no page of the team's Atlassian site", async () => {
    const owner = createAccount('owner@example.com');
    const project = createProject(owner.id, { projectKey: 'SHOP', projectName: 'Demo Web Shop' });
    // The steps as the server hands them, read from Jira by @handoff/core (a mention's "@" gone, an issue
    // link read as its key; clientStepText's own tests); a team wiki page is still written out.
    createReviewedSend(owner.id, project, TOKEN, [
      {
        key: 'SHOP-1',
        summary: 'Pay by card',
        testSteps: [
          'Ask Mia Krystof to verify; see SHOP-2',
          'Rules: https://acme.atlassian.net/wiki/spaces/QA/pages/12',
          'Open https://shop.example.com/cart',
        ],
      },
    ]);
    await openPage();
    const steps = within(story('SHOP-1')).getByRole('list', { name: 'Test steps' });
    expect(steps).toHaveTextContent('Ask Mia Krystof to verify; see SHOP-2');
    // The key is one word: a phone never breaks it at its hyphen.
    expect(within(steps).getByText('SHOP-2')).toHaveClass('review__unbroken');
    expect(
      within(steps)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['https://shop.example.com/cart']);
    expect(steps).toHaveTextContent('Rules: https://acme.atlassian.net/wiki/spaces/QA/pages/12');
  });
});

describe('text in test steps', () => {
  const shown = (text: string) =>
    stepParts(text).map((part) =>
      typeof part === 'string' ? part : `<${part.className}:${part.textContent}>`,
    );

  it("shows a tracker's status lozenge as a badge, and other brackets as the text they are", () => {
    expect(shown('See https://x.test/browse/EX-42 [READY] and [IN REVIEW].')).toEqual([
      'See ',
      '<review-story__link:https://x.test/browse/EX-42>',
      ' ',
      '<review-story__status:READY>',
      ' and ',
      '<review-story__status:IN REVIEW>',
      '.',
    ]);
    expect(shown('Tick [x] in list[INDEX] or [optional]')).toEqual(['Tick [x] in list[INDEX] or [optional]']);
  });

  it("keeps a number written in groups on one line (a phone never splits a test card's number)", () => {
    expect(shown('Pay with the test card 4242 4242 4242 4242, expiry 12 34')).toEqual([
      'Pay with the test card ',
      '<review__unbroken:4242 4242 4242 4242>',
      ', expiry 12 34',
    ]);
    expect(shown('Call +1 555 123 4567 from step 2 to 3')).toEqual([
      'Call ',
      '<review__unbroken:+1 555 123 4567>',
      ' from step 2 to 3',
    ]);
  });

  it('keeps an e-mail address whole, breaking a long one or a URL only after its separators', () => {
    const [before, unit, after] = stepParts('Enter qa+1@example.com, then save');
    expect([before, after]).toEqual(['Enter ', ', then save']);
    expect(unit).toHaveClass('review__address');
    const pieces = (element: unknown) =>
      [...(element as HTMLElement).childNodes].map((node) =>
        node.nodeName === 'WBR' ? '|' : node.nodeName === 'SPAN' ? `(${node.textContent})` : node.textContent,
      );
    expect(pieces(unit)).toEqual(['(qa+1@)', '|', '(example.)', '|', '(com)']);
    // Each part whole (no break at DEMO-2's hyphen); a part longer than a phone's line stays breakable.
    const long = 'a'.repeat(31);
    const [, link] = stepParts(`Open https://shop.example.com/browse/DEMO-2?x=1&id=${long}`);
    expect(pieces(link)).toEqual([
      '(https://shop.)',
      '|',
      '(example.)',
      '|',
      '(com/)',
      '|',
      '(browse/)',
      '|',
      '(DEMO-2?)',
      '|',
      '(x=)',
      '|',
      '(1&)',
      '|',
      '(id=)',
      '|',
      long,
    ]);
    expect(link).toHaveTextContent(`https://shop.example.com/browse/DEMO-2?x=1&id=${long}`);
  });
});

describe('links in test steps', () => {
  it('makes http and https addresses links that open apart from the page, without the referrer', async () => {
    const owner = createAccount('owner@example.com');
    const project = createProject(owner.id, { projectKey: 'SHOP', projectName: 'Demo Web Shop' });
    createReviewedSend(owner.id, project, TOKEN, [
      {
        key: 'SHOP-1',
        summary: 'Pay by card',
        testSteps: [
          'Open https://shop.example.test/cart?item=1.',
          'Do not open javascript:alert(1) or ftp://files.example.test',
        ],
      },
    ]);
    await openPage();
    const steps = within(story('SHOP-1')).getByRole('list', { name: 'Test steps' });
    const links = within(steps).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://shop.example.test/cart?item=1');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]?.closest('li')).toHaveTextContent('Open https://shop.example.test/cart?item=1.');
    expect(
      within(steps).getByText('Do not open javascript:alert(1) or ftp://files.example.test'),
    ).toBeVisible();
  });

  it('keeps everything but http(s) URLs as text, and the text around them whole', () => {
    const parts = (text: string) =>
      stepParts(text).map((part) => (typeof part === 'string' ? part : `[${part.getAttribute('href')}]`));
    expect(parts('See (http://a.example.test/x) and HTTPS://B.example.test!')).toEqual([
      'See (',
      '[http://a.example.test/x]',
      ') and ',
      '[https://b.example.test/]',
      '!',
    ]);
    expect(parts('data:text/html,<script>x</script> javascript:alert(1) vbscript:x')).toEqual([
      'data:text/html,<script>x</script> javascript:alert(1) vbscript:x',
    ]);
    expect(parts('http://')).toEqual(['http://']);
    expect(parts('no links here')).toEqual(['no links here']);
  });
});
