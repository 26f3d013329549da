// Grouped stories end to end (main README, "Grouped stories"): the team sets the project's Group stories by to
// Epic on the edit screen and sends the demo's Done stories; the draft, the HTML notice and the client's
// review page show the epics as headings in the tracker's order, the story without an epic last under Other.

import { addDemoProject } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { axeViolations } from '../support/axe.ts';
import { openEditProject } from '../support/edit-project.ts';
import { mailbox } from '../support/mailbox.ts';
import { expect, test } from '../support/test.ts';

/** The demo's Done stories under their epics (Checkout before Discovery in the demo's order), Other last. */
const GROUPED_FEATURES =
  'The following features are finished:\n\n' +
  'Checkout\n--------\n- Guest checkout\n- Order confirmation e-mail\n\n' +
  'Discovery\n---------\n- Product search with filters\n- Wish list\n\n' +
  'Other\n-----\n- Password reset\n\n';

test('Group stories by Epic: the draft, the notice and the review page show the epics, Other last', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await registerAndLogIn(page);
  const client = `grouped-${Date.now()}@example.test`;
  await addDemoProject(page, [client]);

  await openEditProject(page, 'DEMO');
  const groupBy = page.getByRole('combobox', { name: 'Group stories by' });
  await expect(groupBy).toHaveValue('nothing');
  await groupBy.selectOption({ label: 'Epic' });
  await page.getByRole('button', { name: 'Update Project' }).click();
  await expect(page.getByRole('dialog')).toContainText('Project has been successfully updated.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();

  // The draft: each epic a heading, underlined, its stories below it.
  await page.goto('/admin/send-stories?key=DEMO');
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  const message = page.getByLabel(/^Email message/);
  await expect(message).toHaveValue(new RegExp(`^Dear customer,\\n\\n${asRegExpText(GROUPED_FEATURES)}`));
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email sent to the client.');

  // The notice: the same headings in its HTML, each story with its Passed / Failed links.
  const mail = await mailbox.waitFor(client);
  expect(mail.text).toContain(GROUPED_FEATURES);
  const html = String(mail.html);
  const headings = [...html.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((match) => match[1]);
  expect(headings).toEqual(['Checkout', 'Discovery', 'Other']);
  expect([...html.matchAll(/verdict=passed/g)]).toHaveLength(5);
  const link = /\n\nReview and report results: (\S+)\s*$/.exec(mail.text ?? '')?.[1];
  expect(link, 'the text part ends with the review line').toBeTruthy();

  // The review page: a list per epic under its heading, the story without one last under Other.
  const review = await (await browser.newContext()).newPage();
  await review.goto(link!);
  await expect(review.getByRole('heading', { level: 1 })).toContainText('Please test 5 stories');
  await expect(review.getByRole('heading', { level: 2 })).toHaveText(['Checkout', 'Discovery', 'Other']);
  const titles = (group: string) =>
    review.getByRole('list', { name: group }).getByRole('heading', { level: 3 });
  await expect(titles('Checkout')).toHaveText([/Guest checkout/, /Order confirmation e-mail/]);
  await expect(titles('Discovery')).toHaveText([/Product search with filters/, /Wish list/]);
  await expect(titles('Other')).toHaveText([/Password reset/]);
  expect(await axeViolations(review)).toEqual([]);
  await review.context().close();
});

/** A literal text inside a regular expression. */
function asRegExpText(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
