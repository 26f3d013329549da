// Jira sites end to end (main README, "Jira sites"): an owner adds a Jira Data Center site and a second
// Jira Cloud site on the Sites screen, sets their personal access token on the profile, adds a DC project
// from the add screen's Site select, fetches and sends its stories; the client fails a story, and the
// comment arrives at the DC double as wiki markup with the client's text inert, then the transition runs.
// The DC double checks every request against Atlassian's DC 10.3 OpenAPI document.

import { type FakeJira, sendJson, startFakeJira } from '../../apps/server/src/testing/fake-jira.ts';
import { type FakeJiraDc, startFakeJiraDc } from '../../apps/server/src/testing/fake-jira-dc.ts';
import { apiCall, currentUser } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { mailbox } from '../support/mailbox.ts';
import { reviewLinkOf } from '../support/review.ts';
import { expect, test } from '../support/test.ts';

const PAT = `e2e-pat-${Date.now()}`;
let dc: FakeJiraDc;
let cloud: FakeJira;

test.beforeAll(async () => {
  cloud = await startFakeJira((request, response) =>
    request.path === '/rest/api/2/serverInfo'
      ? sendJson(response, 200, { deploymentType: 'Cloud', version: '1001.0.0-SNAPSHOT' })
      : sendJson(response, 404, {}),
  );
});
test.afterAll(async () => {
  await dc?.close();
  await cloud?.close();
});

test('a DC site: PAT, project, send, and the failed verdict back as inert wiki markup with its transition', async ({
  page,
  browser,
}) => {
  const account = await registerAndLogIn(page);
  dc = await startFakeJiraDc({
    users: [{ name: 'olga', displayName: 'Olga', emailAddress: account.email, token: PAT }],
    projects: [{ key: 'BANK', name: 'Bank portal' }],
  });
  dc.issues.push(
    {
      key: 'BANK-1',
      summary: 'Transfer limits',
      status: 'Done',
      description:
        'As a customer I want limits.\n\n#test#\n# Open the *transfers* page\n* Check the {{limit}}',
    },
    { key: 'BANK-2', summary: 'Statements', status: 'Done', description: null },
  );

  // The owner adds the sites.
  await page.goto('/admin/team');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click();
  await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
  const addSite = async (name: string, baseUrl: string, kind: string) => {
    // `Add site` opens the form; the form's `Add site` adds the site and closes it.
    await page.getByRole('button', { name: 'Add site' }).click();
    await page.getByLabel('Tracker', { exact: true }).selectOption({ label: kind });
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Base URL').fill(baseUrl);
    await page.getByRole('button', { name: 'Add site' }).click();
    await expect(page.getByText(`The site ${name} was added.`)).toBeVisible();
  };
  await addSite('Bank', dc.url, 'Jira Data Center');
  await addSite('Client Cloud', cloud.url, 'Jira Cloud');
  await expect(page.getByRole('rowheader', { name: `Bank ${dc.url}`, exact: true })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: `Client Cloud ${cloud.url}`, exact: true })).toBeVisible();

  // Their own personal access token for the DC site.
  await page.goto('/admin/user-profile');
  const bank = page.getByRole('form', { name: 'Credential for Bank' });
  await bank.getByLabel('Personal access token').fill(PAT);
  await bank.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your token for Bank has been saved.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  // A project of the DC site.
  const client = `dc-client-${Date.now()}@example.test`;
  await page.goto('/admin/add-project');
  await page.getByLabel('Site').selectOption({ label: 'Bank (Jira Data Center)' });
  await page.getByLabel('Project Name').selectOption({ label: 'Bank portal' });
  await expect(page.getByLabel('Project Key')).toHaveText('BANK');
  await page.getByLabel('Client Emails', { exact: true }).fill(client);
  await page.getByLabel('Client Emails', { exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Add Project' }).click();
  await expect(page.getByRole('dialog')).toContainText('Project has been added successfully.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'BANK' })).toContainText('BANK (Bank)');

  // Fetch and send.
  await page.goto('/admin/send-stories?key=BANK');
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(page.getByLabel(/^Email message/)).toHaveValue(
    /Transfer limits:\n- Open the transfers page\n- Check the limit/,
  );
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email sent to the client.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  const mail = await mailbox.waitFor(client);

  // Failed verdicts move the issue back to In Progress.
  const user = await currentUser(page);
  await apiCall(page, '/jira/review/setTransitions', {
    userId: user.id,
    projectKey: 'BANK',
    onFailed: { id: '21', name: 'Move to In Progress' },
    onPassed: null,
  });

  // The client fails a story with words that would be markup.
  const typed = `[~admin] see [here|http://evil.example] *now* {noformat} h1. ${Date.now()}`;
  const review = await (await browser.newContext()).newPage();
  await review.goto(reviewLinkOf(mail));
  const story = review
    .getByRole('list', { name: 'Stories' })
    .getByRole('listitem')
    .filter({ has: review.getByRole('heading', { level: 2, name: /^BANK-1( |$)/ }) });
  await story.getByRole('button', { name: 'Failed' }).click();
  await story.getByRole('textbox', { name: 'Comment' }).fill(typed);
  // The page asks who answers; the name is the client's too, and stays text in Jira.
  await review.getByRole('textbox', { name: 'Your name' }).fill('Ann [~admin]');
  await review.getByRole('button', { name: 'Submit results' }).click();
  await expect(review.getByRole('status')).toHaveText('Results sent');

  await expect.poll(() => dc.transitionsRun.length, { timeout: 20_000 }).toBe(1);
  const [comment] = dc.comments.filter((c) => c.issueKey === 'BANK-1');
  const lines = comment!.body.split('\n');
  expect(lines[0]).toBe('*Client review: Failed*');
  const open = lines.indexOf('{noformat}');
  expect(lines.slice(open, open + 3)).toEqual([
    '{noformat}',
    typed.replace('{noformat}', '{\u200bnoformat}'),
    '{noformat}',
  ]);
  expect(lines.slice(open + 3, open + 6)).toEqual(['{noformat}', 'Reviewed by Ann [~admin]', '{noformat}']);
  expect(dc.transitionsRun[0]).toEqual({ issueKey: 'BANK-1', transitionId: '21', by: 'olga' });
  expect(dc.issues[0]?.status).toBe('In Progress');
  expect(dc.problems).toEqual([]);
  expect(dc.requests.every((r) => !/^Basic /i.test(String(r.headers.authorization ?? '')))).toBe(true);
});
