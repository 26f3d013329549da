// Linear end to end (main README, "Linear"): an owner adds a Linear site on the Sites screen (pointing at the
// Linear double, on loopback, which the e2e server's TRACKER_ALLOWED_HOSTS allows), sets their personal API
// key on the profile, links a team as a project, chooses its offered states and Failed's move on the edit
// screen, sends a notice whose steps come from Markdown; the client fails a story with hostile Markdown,
// the comment arrives with the sender's key and the client's text inert, Failed moves the issue, and the
// story comes back as a re-test once it is completed again. The double validates every GraphQL document
// against Linear's schema and answers by executing it.

import { type FakeLinear, startFakeLinear } from '../../apps/server/src/testing/fake-linear.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { openEditProject } from '../support/edit-project.ts';
import { mailbox } from '../support/mailbox.ts';
import { reviewLinkOf } from '../support/review.ts';
import { expect, test } from '../support/test.ts';

const KEY = `lin_api_e2e_${Date.now()}`;
let linear: FakeLinear;

test.afterAll(async () => {
  await linear?.close();
});

test('a Linear site: API key, team, send, the failed verdict back inert, the move, and the re-test', async ({
  page,
  browser,
}) => {
  const account = await registerAndLogIn(page);
  linear = await startFakeLinear({
    users: [{ id: 'u-olga', name: 'Olga', email: account.email, apiKey: KEY }],
  });
  linear.addTeam('ENG', 'Engineering');
  linear.addIssue('ENG', {
    title: 'Checkout total',
    state: 'Done',
    description:
      'Shows the **total** with VAT.\n\n#test#\n1. Open [the cart](https://shop.example/cart)\n2. Check the `total`',
  });
  linear.addIssue('ENG', { title: 'Order history', state: 'Done' });
  linear.addIssue('ENG', { title: 'Not yet', state: 'In Progress' });

  // The owner adds the site; its Base URL is Linear's endpoint unless another is given, here the double's.
  await page.goto('/admin/team');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sites' }).click();
  await page.getByRole('button', { name: 'Add site' }).click();
  await page.getByLabel('Tracker', { exact: true }).selectOption({ label: 'Linear' });
  await page.getByLabel('Name', { exact: true }).fill('Product');
  await page.getByRole('button', { name: 'Use another address' }).click();
  await page.getByLabel('Base URL').fill(linear.url);
  await page.getByRole('button', { name: 'Add site' }).click();
  await expect(page.getByText('The site Product was added.')).toBeVisible();

  // Their own personal API key for it.
  await page.goto('/admin/user-profile');
  const product = page.getByRole('form', { name: 'Credential for Product' });
  await product.getByLabel('Personal API key').fill(KEY);
  await product.getByRole('button', { name: 'Save token' }).click();
  await expect(page.getByRole('dialog')).toContainText('Your token for Product has been saved.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  // The team as a project.
  const client = `linear-client-${Date.now()}@example.test`;
  await page.goto('/admin/add-project');
  await page.getByLabel('Site').selectOption({ label: 'Product (Linear)' });
  await page.getByLabel('Project Name').selectOption({ label: 'Engineering' });
  await expect(page.getByLabel('Project Key')).toHaveText('ENG');
  await page.getByLabel('Client Emails', { exact: true }).fill(client);
  await page.getByLabel('Client Emails', { exact: true }).press('Enter');
  await page.getByRole('button', { name: 'Add Project' }).click();
  await expect(page.getByRole('dialog')).toContainText('Project has been added successfully.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  // The edit screen lists the team's workflow states: the send screen offers Done and In Review, and a
  // Failed verdict moves the issue to In Progress.
  await openEditProject(page, 'ENG');
  const offered = page.getByRole('group', { name: 'Statuses offered' });
  await expect(offered.getByRole('checkbox')).toHaveCount(6);
  await offered.getByLabel('Done').check();
  await offered.getByLabel('In Review').check();
  await page.getByLabel('Move a failed story through').selectOption({ label: 'In Progress' });
  await page.getByRole('button', { name: 'Update Project' }).click();
  await expect(page.getByRole('dialog')).toContainText('Project has been successfully updated.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  // Fetch (the completed issues) and send: the steps come from the Markdown description.
  await page.goto('/admin/send-stories?key=ENG');
  await expect(page.getByLabel(/^Issue Status/).getByRole('option')).toHaveText([
    'Choose one',
    'In Review',
    'Done',
  ]);
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  const message = page.getByLabel(/^Email message/);
  await expect(message).toHaveValue(
    /Checkout total:\n- Open the cart \(https:\/\/shop\.example\/cart\)\n- Check the total/,
  );
  await expect(message).not.toHaveValue(/Not yet/);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email sent to the client.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  const mail = await mailbox.waitFor(client);

  // The client fails a story with words that would be Markdown.
  const typed = `@someone ![x](http://evil.example/p.png) \`\`\` <script>alert(1)</script> ${Date.now()}`;
  const review = await (await browser.newContext()).newPage();
  await review.goto(reviewLinkOf(mail));
  const story = review
    .getByRole('list', { name: 'Stories' })
    .getByRole('listitem')
    .filter({ has: review.getByRole('heading', { level: 2, name: /^ENG-1( |$)/ }) });
  await story.getByRole('button', { name: 'Failed' }).click();
  await story.getByRole('textbox', { name: 'Comment' }).fill(typed);
  await review.getByRole('textbox', { name: 'Your name' }).fill('Ann [@admin](http://evil.example)');
  await review.getByRole('button', { name: 'Submit results' }).click();
  await expect(review.getByRole('status')).toHaveText('Results sent');

  // The comment, written with the sender's key: the client's text in a fence none of it can close.
  await expect.poll(() => linear.issues[0]!.stateName, { timeout: 20_000 }).toBe('In Progress');
  const [comment] = linear.comments;
  expect(comment?.author).toBe('Olga');
  const fenced = /^(`{4,})text\n([\s\S]*?)\n\1$/m.exec(comment!.body);
  expect(fenced?.[2]).toBe(typed);
  const outside = comment!.body.replace(fenced![0], '').replace(/(`+) .*? \1/g, '');
  for (const active of ['@someone', '@admin', '![x]', 'http://evil', '<script>']) {
    expect(outside).not.toContain(active);
  }
  expect(linear.history.at(-1)).toMatchObject({ from: 'Done', to: 'In Progress', actor: 'Olga' });

  // The team fixes it and completes it again: the next fetch offers it as a re-test.
  linear.moveIssue('ENG-1', 'Done', 'Dev');
  await page.goto('/admin/send-stories?key=ENG');
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(page.getByLabel(/^Email message/)).toHaveValue(/- Checkout total \(re-test\)/);
  expect(linear.problems).toEqual([]);
  // The key alone in Authorization, never as Bearer (the site check asks without one).
  expect(new Set(linear.requests.map((r) => r.headers.authorization))).toEqual(new Set([KEY, undefined]));
});
