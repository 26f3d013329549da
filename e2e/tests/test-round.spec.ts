// A whole test round end to end (README "Test rounds: re-tests, reminders, sign-off"): a notice goes out; the client fails a story, named, with a
// comment; the team moves the story away and back in Jira (the demo tracker's REST API); the next fetch
// drafts it as a re-test; that notice goes out; the client passes it and signs off. The Review status
// screen and its CSV show the story's two rounds and the sign-off.
import { readFile } from 'node:fs/promises';
import { addDemoProject, apiCall } from '../support/api.ts';
import { type Account, registerAndLogIn } from '../support/auth.ts';
import { mailbox } from '../support/mailbox.ts';
import { reviewLinkOf, sendNotice } from '../support/review.ts';
import { expect, type Page, test } from '../support/test.ts';

const THANKS = 'Results sent';
const SIGNED_OFF = 'Thank you for testing: the team has your sign-off, and these answers are final.';
const REVIEWER = 'Ann Client';

/** Moves a demo issue through the transition named, as the team does in Jira (REST API v3, Basic auth). */
async function moveInJira(page: Page, account: Account, key: string, statusName: string) {
  const headers = {
    authorization: `Basic ${Buffer.from(`${account.email}:${account.apikey}`).toString('base64')}`,
  };
  const listed = await page.request.get(`/rest/api/3/issue/${key}/transitions`, { headers });
  expect(listed.status()).toBe(200);
  const { transitions } = (await listed.json()) as { transitions: { id: string; name: string }[] };
  const transition = transitions.find((t) => t.name === statusName);
  expect(transition, `a transition to ${statusName}`).toBeTruthy();
  const moved = await page.request.post(`/rest/api/3/issue/${key}/transitions`, {
    headers,
    data: { transition: { id: transition!.id } },
  });
  expect(moved.status()).toBe(204);
}

/** A story of the review page, by its key. */
const storyOnPage = (page: Page, key: string) =>
  page
    .getByRole('list', { name: 'Stories' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(`^${key}( |$)`) }) });

test('a failed story is re-tested after a fix, passed and signed off; the status screen and CSV show both rounds', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = await registerAndLogIn(page);
  const client = `round-${Date.now()}@example.test`;
  const user = await addDemoProject(page, [client]);

  // Round 1: every Done story goes out; the client fails one of them, named, with a comment.
  const firstLink = reviewLinkOf(await sendNotice(page, mailbox, client));
  const sends = await apiCall<{ data: { issueKeys: string[] }[] }>(page, '/jira/getProjectSends', {
    userId: user.id,
    projectKey: 'DEMO',
  });
  const firstKeys = sends.data[0]!.issueKeys;
  const key = firstKeys[0]!;
  const clientContext = await browser.newContext();
  const review = await clientContext.newPage();
  await review.goto(firstLink);
  const comment = `The pay button does nothing ${Date.now()}`;
  const failed = storyOnPage(review, key);
  await failed.getByRole('button', { name: 'Failed' }).click();
  await failed.getByRole('textbox', { name: 'Comment' }).fill(comment);
  await review.getByRole('textbox', { name: 'Your name' }).fill(REVIEWER);
  await review.getByRole('button', { name: 'Submit results' }).click();
  await expect(review.getByRole('status')).toHaveText(THANKS);
  // Not every story has a verdict: no sign-off yet.
  await expect(review.getByRole('button', { name: 'Sign off' })).toBeHidden();

  // Nothing moved in Jira yet: the story is not offered again.
  await page.goto('/admin/send-stories?key=DEMO');
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(page.getByText('All of these stories were already sent.')).toBeVisible();
  await expect(page.getByLabel(/^Email message/)).toBeHidden();

  // The team fixes it: away from Done and back, in Jira.
  await moveInJira(page, account, key, 'In Progress');
  await moveInJira(page, account, key, 'Done');

  // Round 2: the next fetch drafts it as a re-test, and it goes out alone.
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  const included = page.getByRole('list', { name: /^Stories in this e-mail/ });
  await expect(included.getByRole('listitem')).toHaveCount(1);
  await expect(included.getByRole('listitem')).toContainText(`${key} `);
  await expect(included.getByRole('listitem')).toContainText('(re-test)');
  await expect(page.getByLabel(/^Email message/)).toHaveValue(/^- .+ \(re-test\)$/m);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email sent to the client.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  const retestMail = await mailbox.waitFor(client, (m) => (m.text ?? '').includes('(re-test)'));
  const secondLink = reviewLinkOf(retestMail);
  expect(secondLink).not.toBe(firstLink);

  // Until the client answers it, the status screen keeps the round before's answer as its state, Failed,
  // its re-test on the way under Rounds, that answer's date under Answered (its tester named once above the
  // table) and the comment under the summary.
  await page.goto('/admin/review-status?key=DEMO');
  const retestRow = page
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: key, exact: true }) });
  // Key is the row header; then Summary, State, Rounds, Last sent, Answered.
  await expect(retestRow.getByRole('cell').nth(1)).toHaveText('Failed');
  await expect(retestRow.getByRole('cell').nth(2)).toHaveText(/re-test sent \d{1,2} [A-Z][a-z]{2}$/);
  await expect(page.getByText(`Answered by ${REVIEWER}.`, { exact: false })).toBeVisible();
  await expect(retestRow.getByRole('cell').nth(0)).toContainText(`“${comment}”`);

  // The client passes it on the new notice (the name is remembered in this browser) and signs off.
  await review.goto(secondLink);
  const stories = review.getByRole('list', { name: 'Stories' }).getByRole('listitem');
  await expect(stories.filter({ has: review.getByRole('heading', { level: 2 }) })).toHaveCount(1);
  const retested = storyOnPage(review, key);
  await expect(retested.getByRole('button', { name: 'Passed' })).toHaveAttribute('aria-pressed', 'false');
  await expect(review.getByText(`Answering as ${REVIEWER}`)).toBeVisible();
  await expect(review.getByRole('textbox', { name: 'Your name' })).toBeHidden();
  await retested.getByRole('button', { name: 'Passed' }).click();
  await review.getByRole('button', { name: 'Submit results' }).click();
  await expect(review.getByRole('status')).toHaveText(THANKS);
  await review.getByRole('button', { name: 'Sign off' }).click();
  // The note above the stories thanks the client (once) and says who signed off.
  await expect(review.getByRole('status')).toContainText(SIGNED_OFF);
  await expect(review.getByText(new RegExp(`^Signed off by ${REVIEWER} on `))).toBeVisible();
  await clientContext.close();

  // The status screen, from the project row's menu: two rounds, passed and signed off.
  await page.goto('/admin/index');
  await page.getByRole('button', { name: 'Actions for DEMO' }).click();
  await page.getByRole('menuitem', { name: 'Review status' }).click();
  await expect(page).toHaveURL(/\/admin\/review-status\?key=DEMO$/);
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: key, exact: true }) });
  await expect(row).toContainText('Passed');
  await expect(row).toContainText('signed off');
  // The one tester is named once, above the table, not on each row.
  await expect(page.getByText(`Answered by ${REVIEWER}.`, { exact: false })).toBeVisible();
  const cells = row.getByRole('cell');
  // Key is the row header; then Summary, State, Rounds.
  await expect(cells.nth(2)).toHaveText('2');
  const others = firstKeys.filter((k) => k !== key);
  for (const other of others) {
    const otherRow = page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: other, exact: true }) });
    await expect(otherRow).toContainText('Waiting');
    await expect(otherRow.getByRole('cell').nth(2)).toHaveText('1');
  }

  // The CSV says the same.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('review-status-DEMO.csv');
  const csv = await readFile((await download.path())!, 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  expect(lines[0]).toBe(
    '"Key","Summary","State","Reviewer","Comment","Answered at","Rounds","Last sent at","Signed off","Answer by","Overdue","Release"',
  );
  expect(lines).toHaveLength(1 + firstKeys.length);
  const fields = (line: string) => line.slice(1, -1).split('","');
  const storyLine = fields(lines.find((line) => line.startsWith(`"${key}",`))!);
  expect(storyLine[2]).toBe('passed');
  expect(storyLine[3]).toBe(REVIEWER);
  expect(storyLine[6]).toBe('2');
  expect(storyLine[8]).toBe('yes');
  for (const other of others) {
    const otherLine = fields(lines.find((line) => line.startsWith(`"${other}",`))!);
    expect([otherLine[2], otherLine[6], otherLine[8]]).toEqual(['waiting', '1', 'no']);
  }
});
