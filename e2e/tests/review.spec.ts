// The client's review end to end: a notice sent over a real SMTP server carries a review link; the client opens it
// without an account, gives verdicts and submits; the comments arrive at the demo tracker (read back over
// its Jira REST API), and the verdicts show in the project's Sent history. Invalid links answer 404.
import { addDemoProject, apiCall } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { axeViolations } from '../support/axe.ts';
import { jiraComments } from '../support/jira.ts';
import { mailbox } from '../support/mailbox.ts';
import { reviewLinkOf, sendNotice } from '../support/review.ts';
import { expect, type Page, test } from '../support/test.ts';

const LINK_INVALID = 'This review link is no longer valid';
/** A link that never existed was never valid. */
const LINK_NOT_VALID = 'This review link is not valid';
const THANKS = 'Results sent';

/** A story of the review page, by its key. */
const storyOnPage = (page: Page, key: string) =>
  page
    .getByRole('list', { name: 'Stories' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('heading', { level: 2, name: new RegExp(`^${key}( |$)`) }),
    });

test("the client's verdicts from the e-mailed link reach Jira and the Sent history", async ({
  page,
  browser,
}) => {
  const account = await registerAndLogIn(page);
  const client = `review-${Date.now()}@example.test`;
  const user = await addDemoProject(page, [client]);
  const mail = await sendNotice(page, mailbox, client);
  const link = reviewLinkOf(mail);
  const sends = await apiCall<{ data: { issueKeys: string[] }[] }>(page, '/jira/getProjectSends', {
    userId: user.id,
    projectKey: 'DEMO',
  });
  const sentKeys = sends.data[0]!.issueKeys;
  const [failedKey, passedKey] = sentKeys;
  expect(passedKey, 'the notice names at least two stories').toBeTruthy();

  // The client: another browser, no account.
  const clientContext = await browser.newContext();
  const review = await clientContext.newPage();
  // The fixture watches `page` only: the client's page is watched for CSP violations here.
  const cspViolations: string[] = [];
  review.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      cspViolations.push(message.text());
    }
  });
  const response = await review.goto(link);
  expect(response?.status()).toBe(200);
  expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(
    review.getByRole('heading', { level: 1, name: /^Please test \d+ stor(y|ies) of Demo Web Shop$/ }),
  ).toBeVisible();
  // The sending company: the sender's e-mail domain until the workspace is named, never "{e-mail}'s team".
  await expect(review.getByRole('banner')).toHaveText(`Eexample.testSent by ${account.email.split('@')[0]}`);
  const stories = review
    .getByRole('list', { name: 'Stories' })
    .getByRole('listitem')
    .filter({
      has: review.getByRole('heading', { level: 2 }),
    });
  await expect(stories).toHaveCount(new Set(sentKeys).size);

  expect(await axeViolations(review)).toEqual([]);

  const comment = `Checkout fails with a 12-digit card ${Date.now()}`;
  const failed = storyOnPage(review, failedKey!);
  await failed.getByRole('button', { name: 'Failed' }).click();
  await expect(failed.getByRole('button', { name: 'Failed' })).toHaveAttribute('aria-pressed', 'true');
  await failed.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await storyOnPage(review, passedKey!).getByRole('button', { name: 'Passed' }).click();
  // The page asks who answers (and remembers it in this browser).
  await review.getByRole('textbox', { name: 'Your name' }).fill('Ann Client');
  await review.getByRole('button', { name: 'Submit results' }).click();
  await expect(review.getByRole('status')).toHaveText(THANKS);

  // Coming back shows the verdicts given.
  await review.reload();
  await expect(storyOnPage(review, failedKey!).getByRole('button', { name: 'Failed' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(storyOnPage(review, failedKey!).getByRole('textbox', { name: 'Comment' })).toHaveValue(
    comment,
  );
  await expect(storyOnPage(review, passedKey!).getByRole('button', { name: 'Passed' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Written back to Jira: one comment per verdict, on its own issue, with the client's comment.
  await expect
    .poll(
      async () =>
        (await jiraComments(page, failedKey!, account.email, account.apikey)).filter((c) =>
          c.includes(comment),
        ),
      {
        timeout: 15_000,
      },
    )
    .toHaveLength(1);
  const [failedComment] = (await jiraComments(page, failedKey!, account.email, account.apikey)).filter((c) =>
    c.includes(comment),
  );
  expect(failedComment).toContain('Client review: Failed');
  expect(failedComment).toContain('Reviewed by Ann Client');
  await expect
    .poll(async () => (await jiraComments(page, passedKey!, account.email, account.apikey)).join('\n'), {
      timeout: 15_000,
    })
    .toContain('Client review: Passed');

  // Staff see the answers in the Sent history, written to Jira.
  await page.goto('/admin/send-stories?key=DEMO&tab=sent');
  const history = page.getByRole('region', { name: 'Sent' });
  const answers = history.getByRole('region', { name: 'Client review' }).first();
  await expect(answers.getByText(/^Active until /)).toBeVisible();
  const failedRow = answers.getByRole('listitem').filter({ hasText: failedKey! }).first();
  await expect(failedRow.getByText('Failed', { exact: true })).toBeVisible();
  await expect(failedRow.getByText(`“${comment}”`)).toBeVisible();
  // The job marks the verdict written just after Jira answered: reload until the history says so.
  await expect(async () => {
    await page.reload();
    await expect(failedRow.getByText('Written to the tracker')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await expect(
    answers
      .getByRole('listitem')
      .filter({ hasText: passedKey! })
      .first()
      .getByText('Passed', { exact: true }),
  ).toBeVisible();

  // The project list sums the answers up, as pills a screen reader reads as one phrase (what asks for
  // action first), leading to the review status, whose chips count the same.
  const waiting = sentKeys.length - 2;
  await page.goto('/admin/index');
  const pills = page
    .getByRole('row')
    .filter({ hasText: 'DEMO' })
    .getByRole('link', { name: /^Client review:/ });
  await expect(pills).toHaveText(`Client review: 1 failed${waiting > 0 ? `${waiting} waiting` : ''}1 passed`);
  await pills.click();
  const chips = page.getByRole('group', { name: 'Show stories by state' });
  await expect(chips.getByRole('button', { name: 'Failed 1' })).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Passed 1' })).toBeVisible();
  await expect(chips.getByRole('button', { name: `Waiting ${waiting}` })).toBeVisible();
  await page.goto('/admin/send-stories?key=DEMO&tab=sent');

  // Revoked by staff, the link stops working at once.
  await answers.getByRole('button', { name: 'Revoke link' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke link' }).click();
  await expect(answers.getByText('Revoked')).toBeVisible();
  const revoked = await review.goto(link);
  expect(revoked?.status()).toBe(404);
  await expect(review.getByText(LINK_INVALID)).toBeVisible();
  await expect(review.getByText(/The team withdrew the review link for Demo Web Shop on \d/)).toBeVisible();
  await expect(review.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${account.email}\\?`),
  );
  // The address whole in the sentence (no name to give), never a "(" left at a line's end.
  await expect(review.getByRole('main')).toContainText(`ask ${account.email} for a new link.`);
  // The project is named once, in the reason (no stories of it are shown).
  await expect(review.getByText('Demo Web Shop')).toHaveCount(1);
  await expect(review.getByText('DEMO-1')).toHaveCount(0);
  expect(cspViolations).toEqual([]);
  await clientContext.close();
});

test('an unknown review link answers 404 and says that no review is at this address', async ({ page }) => {
  for (const path of ['/review/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', '/review/not%20a%20token']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText(LINK_NOT_VALID)).toBeVisible();
    await expect(page.getByText(/There is no review at this address/)).toBeVisible();
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
  }
  // Styled by the review page's own stylesheet, not the browser's default serif page.
  const font = await page.getByText(LINK_NOT_VALID).evaluate((node) => getComputedStyle(node).fontFamily);
  expect(font).toMatch(/system-ui/);
  // The server's own small page passes axe too.
  expect(await axeViolations(page)).toEqual([]);
});
