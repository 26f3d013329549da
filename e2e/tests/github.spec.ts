// GitHub Issues end to end (main README, "Jira sites", GitHub): an owner adds a GitHub site on the Sites
// screen (the double on loopback, allowed by TRACKER_ALLOWED_HOSTS in the e2e server's environment), sets
// their personal access token on the profile, links a repository as a project, sends its finished issues
// with Markdown test steps; the client fails a story with hostile Markdown, the comment arrives inert and
// written with the sender's token, Failed reopens the issue, and once the issue is closed again the story
// comes back as a re-test. The double checks every request against GitHub's REST OpenAPI description.

import { type FakeGitHub, startFakeGitHub } from '../../apps/server/src/testing/fake-github.ts';
import { apiCall, currentUser } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { mailbox } from '../support/mailbox.ts';
import { reviewLinkOf } from '../support/review.ts';
import { expect, type Page, test } from '../support/test.ts';

const PAT = `github_pat_e2e${Date.now()}`;
const REPO = 'acme/shop';
let github: FakeGitHub;

test.beforeAll(async () => {
  github = await startFakeGitHub({ users: [{ login: 'olga', id: 7, token: PAT }], repos: [REPO] });
  github.labels.set(REPO, ['needs work', 'ready for testing']);
  github.issues.push(
    {
      repo: REPO,
      number: 1,
      title: 'Checkout total',
      body: 'As a buyer I see the total.\n\n#test#\n1. Open [the cart](https://shop.example/cart)\n- [ ] Check the **total**',
      state: 'closed',
      state_reason: 'completed',
      labels: [],
    },
    {
      repo: REPO,
      number: 2,
      title: 'Receipts',
      body: null,
      state: 'closed',
      state_reason: 'completed',
      labels: [],
    },
    // Neither is a finished story: a pull request, and an issue closed as not planned.
    {
      repo: REPO,
      number: 3,
      title: 'Fix the total',
      body: null,
      state: 'closed',
      state_reason: 'completed',
      labels: [],
      pullRequest: true,
    },
    {
      repo: REPO,
      number: 4,
      title: 'Dropped',
      body: null,
      state: 'closed',
      state_reason: 'not_planned',
      labels: [],
    },
  );
});
test.afterAll(async () => {
  await github?.close();
});

async function getStories(page: Page) {
  await page.goto(`/admin/send-stories?key=${encodeURIComponent(REPO)}`);
  await page.getByLabel(/^Issue Status/).selectOption('Closed');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
}

test('a GitHub site: token, repository, send, a Failed verdict back as an inert comment that reopens the issue, then a re-test', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerAndLogIn(page);

  // The owner adds the site: GitHub's kind, the double's address as its API base URL.
  await page.goto('/admin/team');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click();
  await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
  await page.getByRole('button', { name: 'Add site' }).click();
  await page.getByLabel('Tracker', { exact: true }).selectOption({ label: 'GitHub' });
  await page.getByLabel('Name', { exact: true }).fill('Acme GitHub');
  // github.com's API unless another address is given (GitHub Enterprise Server; here the double).
  await expect(page.getByText('Handoff connects to GitHub at api.github.com.')).toBeVisible();
  await page.getByRole('button', { name: 'Use another address' }).click();
  await expect(page.getByLabel('Base URL')).toHaveValue('https://api.github.com');
  await page.getByLabel('Base URL').fill(github.url);
  await page.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByText('The site Acme GitHub was added.')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'GitHub', exact: true })).toBeVisible();

  // Their own personal access token for it.
  await page.goto('/admin/user-profile');
  const credential = page.getByRole('form', { name: 'Credential for Acme GitHub' });
  await credential.getByLabel('Personal access token').fill(PAT);
  await credential.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your token for Acme GitHub has been saved.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  // The repository as a project.
  const client = `gh-client-${Date.now()}@example.test`;
  await page.goto('/admin/add-project');
  await page.getByLabel('Site').selectOption({ label: 'Acme GitHub (GitHub)' });
  await page.getByLabel('Project Name').selectOption({ label: REPO });
  await expect(page.getByLabel('Project Key')).toHaveText(REPO);
  await page.getByLabel('Client Emails', { exact: true }).fill(client);
  await page.getByLabel('Client Emails', { exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Add Project' }).click();
  await expect(page.getByRole('dialog')).toContainText('Project has been added successfully.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  // GitHub's states: Closed (as completed) and the repository's labels; a new project offers Closed.
  const user = await currentUser(page);
  const states = await apiCall<{ data: { available: string[]; offered: string[] } }>(
    page,
    '/jira/getProjectStatuses',
    { userId: user.id, projectKey: REPO },
  );
  expect(states.data).toEqual({
    available: ['Closed', 'needs work', 'ready for testing'],
    offered: ['Closed'],
  });

  // Fetch and send: the Markdown steps drafted as plain lines.
  await getStories(page);
  await expect(page.getByLabel(/^Email message/)).toHaveValue(
    /Checkout total:\n- Open the cart \(https:\/\/shop\.example\/cart\)\n- Check the total/,
  );
  const included = page.getByRole('list', { name: /^Stories in this e-mail/ });
  await expect(included.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email sent to the client.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  const mail = await mailbox.waitFor(client);

  // A Failed verdict reopens the issue (the moves GitHub offers, chosen like Jira's transitions).
  const moves = await apiCall<{ data: { available: Array<{ id: string; name: string }> } }>(
    page,
    '/jira/review/getTransitions',
    { userId: user.id, projectKey: REPO },
  );
  const reopen = moves.data.available.find((move) => move.name === 'Reopen the issue');
  expect(reopen).toBeDefined();
  await apiCall(page, '/jira/review/setTransitions', {
    userId: user.id,
    projectKey: REPO,
    onFailed: reopen,
    onPassed: null,
  });

  // The client fails the story with Markdown that would mention, link, show an image and run a script.
  const typed = `@someone ![x](http://evil.example/x.png) [click](http://evil.example) \`\`\` <script>alert(1)</script> ${Date.now()}`;
  const review = await (await browser.newContext()).newPage();
  await review.goto(reviewLinkOf(mail));
  const story = review
    .getByRole('list', { name: 'Stories' })
    .getByRole('listitem')
    .filter({ has: review.getByRole('heading', { level: 2, name: /^acme\/shop#1( |$)/ }) });
  await story.getByRole('button', { name: 'Failed' }).click();
  await story.getByRole('textbox', { name: 'Comment' }).fill(typed);
  await review.getByRole('textbox', { name: 'Your name' }).fill('Ann @admin');
  await review.getByRole('button', { name: 'Submit results' }).click();
  await expect(review.getByRole('status')).toHaveText('Results sent');

  // The comment arrives, written with the sender's token, the client's words inert; the issue reopens.
  await expect.poll(() => github.issues[0]?.state, { timeout: 20_000 }).toBe('open');
  const [comment] = github.comments.filter((c) => c.number === 1);
  expect(comment?.author).toBe('olga');
  const lines = comment!.body.split('\n');
  const open = lines.findIndex((line) => /^`{4,}text$/.test(line));
  const fence = lines[open]!.replace('text', '');
  expect(lines.slice(open + 1, open + 3)).toEqual([typed, fence]);
  const outside = [...lines.slice(0, open), ...lines.slice(open + 3)].join('\n').replace(/(`+) .*? \1/g, '');
  expect(outside).not.toMatch(/@|evil|<script>|\]\(/);
  expect(github.events.map((e) => e.event)).toEqual(['reopened']);

  // Reopened, not closed yet: nothing to send again. The developer fixes it and closes it again.
  await getStories(page);
  await expect(page.getByText('All of these stories were already sent.')).toBeVisible();
  github.closeIssue(REPO, 1, 'olga');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(included.getByRole('listitem')).toHaveCount(1);
  await expect(included.getByRole('listitem')).toContainText('acme/shop#1 ');
  await expect(included.getByRole('listitem')).toContainText('(re-test)');

  expect(github.problems).toEqual([]);
  expect(
    github.requests.every((r) => r.path === '/meta' || r.headers.authorization === `Bearer ${PAT}`),
  ).toBe(true);
});
