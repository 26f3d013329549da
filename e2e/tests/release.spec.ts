// Stories of a release end to end (main README, "Stories of a release"): the team chooses `Stories of:
// Release` and the demo tracker's "Winter release" on the send screen; its stories come in every status, the
// unfinished ones unticked with their status shown; the notice goes out with the release in its subject and
// lines. The client (project Client language Deutsch) opens a German review page with the release in its
// heading, German plurals in the count and German dates; the Jira comment after a Failed verdict is English.

import { addDemoProject, apiCall } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { setClientLanguage } from '../support/edit-project.ts';
import { jiraComments } from '../support/jira.ts';
import { mailbox } from '../support/mailbox.ts';
import { expect, test } from '../support/test.ts';

test('a release’s notice to a German client: the release in its subject, notice and heading; Jira hears English', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = await registerAndLogIn(page);
  const client = `release-${Date.now()}@example.test`;
  const user = await addDemoProject(page, [client]);
  await setClientLanguage(page, 'DEMO', 'Deutsch');

  await page.goto('/admin/send-stories?key=DEMO');
  await page.getByLabel('Pick stories by').selectOption('Release');
  await page.getByLabel(/^Release/).selectOption({ label: 'Winter release (due 2026-12-15)' });
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  const list = page.getByRole('list', { name: /Stories in this e-mail/ });
  await expect(list.getByRole('checkbox', { name: /DEMO-6 / })).toBeChecked();
  await expect(list.getByRole('checkbox', { name: /DEMO-10 / })).toBeChecked();
  await expect(list.getByRole('checkbox', { name: 'DEMO-8 Gift cards (To Do)' })).not.toBeChecked();
  await expect(list.getByRole('checkbox', { name: 'DEMO-9 Returns portal (In Progress)' })).not.toBeChecked();
  await expect(page.getByLabel('Subject')).toHaveValue('Bitte um Test: Winter release');
  const answerBy = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Answer by').fill(answerBy);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email sent to the client.');

  const mail = await mailbox.waitFor(client);
  expect(mail.subject).toBe('Bitte um Test: Winter release');
  const germanDay = new Intl.DateTimeFormat('de-DE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${answerBy}T00:00:00Z`));
  expect(mail.text).toContain(`Release: Winter release\nBitte antworten Sie bis zum ${germanDay}.`);
  expect(mail.text).toMatch(/^Sehr geehrte Damen und Herren,/);
  expect(String(mail.html)).toContain('<html lang="de">');
  const link = /\n\nPrüfen und Ergebnisse melden: (\S+)\s*$/.exec(mail.text ?? '')?.[1];
  expect(link, 'the text part ends with the German review line').toBeTruthy();
  const sends = await apiCall<{ data: { issueKeys: string[]; release: string | null }[] }>(
    page,
    '/jira/getProjectSends',
    { userId: user.id, projectKey: 'DEMO' },
  );
  expect(sends.data[0]).toMatchObject({
    issueKeys: ['DEMO-6', 'DEMO-7', 'DEMO-10'],
    release: 'Winter release',
  });

  // The client opens the link: German, the release in the heading.
  const review = await (await browser.newContext({ locale: 'de-DE' })).newPage();
  await review.goto(link!);
  await expect(review.locator('html')).toHaveAttribute('lang', 'de');
  await expect(
    review.getByRole('heading', {
      level: 1,
      name: 'Bitte testen Sie 3 Funktionen von Demo Web Shop Winter release',
    }),
  ).toBeVisible();
  await expect(review.getByText('0 von 3 Funktionen bewertet')).toBeVisible();
  await expect(review.getByText(`Bitte antworten Sie bis zum ${germanDay}.`)).toBeVisible();
  const first = review
    .getByRole('list', { name: 'Funktionen' })
    .getByRole('listitem')
    .filter({ has: review.getByRole('heading', { level: 2, name: /^DEMO-6( |$)/ }) });
  await first.getByRole('button', { name: 'Fehlgeschlagen' }).click();
  await expect(review.getByText('1 von 3 Funktionen bewertet')).toBeVisible();
  await review.getByRole('textbox', { name: 'Ihr Name' }).fill('Anna Kundin');
  await review.getByRole('button', { name: 'Ergebnisse senden' }).click();
  await expect(review.getByRole('status')).toHaveText('Ergebnisse gesendet');

  // The Jira comment is the team's: English.
  await expect
    .poll(async () => (await jiraComments(page, 'DEMO-6', account.email, account.apikey)).join('\n'))
    .toMatch(/Client review: Failed[\s\S]*Reviewed by Anna Kundin/);

  // The status screen names the release and filters by it.
  await page.goto('/admin/review-status?key=DEMO');
  await expect(page.getByRole('columnheader', { name: 'Release' })).toBeVisible();
  await page.getByLabel('Release').selectOption('Winter release');
  await expect(page.getByRole('row', { name: /DEMO-6/ })).toContainText('Winter release');
});
