// The client's language end to end (main README, "In the client's language, in the team's own words"): the team chooses Deutsch as the project's Client language on the
// edit screen and sends from the send screen; the notice, its review page (heading, the count with German
// plurals, German dates, every label and message) and its reminder are German, while the Jira comment and the
// team's screens stay English. Then the review page and the invalid-link page in every language: axe finds
// nothing, and the longest texts fit a 390 px phone.

import { reviewPageMessages } from '../../packages/core/src/catalogues/index.ts';
import { CLIENT_LANGUAGES } from '../../packages/core/src/client-language.ts';
import { addDemoProject, apiCall } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { axeViolations } from '../support/axe.ts';
import { setClientLanguage } from '../support/edit-project.ts';
import { jiraComments } from '../support/jira.ts';
import { mailbox } from '../support/mailbox.ts';
import { expect, type Page, test } from '../support/test.ts';

/** How far the page is wider than the phone (0: it fits), and the elements that stick out. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out = Array.from(document.querySelectorAll('body *'))
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`,
      );
    return { by: document.documentElement.scrollWidth - width, out: out.slice(0, 5) };
  });

/**
 * The page's answers (the notice, a closed link's state) as the server gives them, but in `language`: the
 * page takes every word from them, so this shows each language's texts on the same notice.
 */
async function speakThrough(page: Page, language: (typeof CLIENT_LANGUAGES)[number]) {
  await page.unrouteAll();
  await page.route(/\/jira\/review\/(getNotice|getLinkState)$/, async (route) => {
    const answer = await route.fetch();
    if (!answer.ok()) return route.fulfill({ response: answer });
    const body = (await answer.json()) as { data: Record<string, unknown> };
    body.data.language = language;
    body.data.messages = reviewPageMessages(language);
    return route.fulfill({ response: answer, json: body });
  });
}

/** A day a week from now, `YYYY-MM-DD`. */
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);

test('a German client: German notice, review page and reminder; the Jira comment stays English', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const account = await registerAndLogIn(page);
  const client = `kunde-${Date.now()}@example.test`;
  const user = await addDemoProject(page, [client]);

  // The team's screen stays English; the client's language is one of its settings.
  await setClientLanguage(page, 'DEMO', 'Deutsch');
  // A reminder within seconds (the rounds run every 3 s here), the language left as chosen.
  await apiCall(page, '/jira/review/setSettings', {
    userId: user.id,
    projectKey: 'DEMO',
    reminderDays: 0.0002,
    testEnvironment: 'https://staging.example.com',
  });

  await page.goto('/admin/send-stories?key=DEMO');
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue('Bitte um Test: neue Funktionen zur Abnahme');
  await expect(page.getByLabel(/^Email message/)).toHaveValue(
    /^Sehr geehrte Damen und Herren,\n\ndie folgenden Funktionen sind fertiggestellt:\n- /,
  );
  const answerBy = inAWeek();
  await page.getByLabel('Answer by').fill(answerBy);
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email sent to the client.');
  const mail = await mailbox.waitFor(client);
  const text = mail.text ?? '';
  const germanDay = new Intl.DateTimeFormat('de-DE', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${answerBy}T00:00:00Z`));
  expect(text).toContain(
    `Testumgebung: https://staging.example.com\nBitte antworten Sie bis zum ${germanDay}.`,
  );
  expect(text).toMatch(/\n\nMit freundlichen Grüßen\n\n/);
  const link = /\n\nPrüfen und Ergebnisse melden: (\S+)\s*$/.exec(text)?.[1];
  expect(link, 'the text part ends with the German review line').toBeTruthy();
  expect(String(mail.html)).toContain('<html lang="de">');
  const sends = await apiCall<{ data: { issueKeys: string[] }[] }>(page, '/jira/getProjectSends', {
    userId: user.id,
    projectKey: 'DEMO',
  });
  const keys = sends.data[0]!.issueKeys;
  expect(keys.length).toBeGreaterThan(1);

  // The client opens the link: German throughout.
  const review = await (await browser.newContext({ locale: 'de-DE' })).newPage();
  await review.goto(link!);
  await expect(review.locator('html')).toHaveAttribute('lang', 'de');
  await expect(
    review.getByRole('heading', {
      level: 1,
      name: `Bitte testen Sie ${keys.length} Funktionen von Demo Web Shop`,
    }),
  ).toBeVisible();
  await expect(review.getByText(`0 von ${keys.length} Funktionen bewertet`)).toBeVisible();
  await expect(review.getByText(`Bitte antworten Sie bis zum ${germanDay}.`)).toBeVisible();
  await expect(
    // The date is one unit: non-breaking spaces inside it.
    review.getByText(/Bis zum \d{1,2}\.\u00a0[A-ZÄÖÜ][a-zäöü]+\u00a0\d{4}\u00a0um\u00a0\d\d:\d\d können Sie/),
  ).toBeVisible();
  expect(await axeViolations(review)).toEqual([]);
  const first = review
    .getByRole('list', { name: 'Funktionen' })
    .getByRole('listitem')
    .filter({ has: review.getByRole('heading', { level: 2, name: new RegExp(`^${keys[0]}( |$)`) }) });
  await first.getByRole('button', { name: 'Fehlgeschlagen' }).click();
  await expect(review.getByText(`1 von ${keys.length} Funktionen bewertet`)).toBeVisible();
  await review.getByRole('textbox', { name: 'Ihr Name' }).fill('Anna Kundin');
  await review.getByRole('button', { name: 'Ergebnisse senden' }).click();
  await expect(review.getByRole('status')).toHaveText('Ergebnisse gesendet');

  // The Jira comment is the team's: English.
  await expect
    .poll(async () => (await jiraComments(page, keys[0]!, account.email, account.apikey)).join('\n'))
    .toMatch(/Client review: Failed[\s\S]*Reviewed by Anna Kundin/);

  // The reminder of the stories still waiting: German, with a working link to the same notice.
  const reminder = await mailbox.waitFor(
    client,
    (m) => m.subject === 'Erinnerung: Bitte um Test: neue Funktionen zur Abnahme',
    60_000,
  );
  expect(reminder.text).toMatch(
    /^Sehr geehrte Damen und Herren,\n\ndie folgenden Funktionen warten noch auf Ihre Prüfung:\n- /,
  );
  expect(reminder.text).toMatch(/\n\nPrüfen und Ergebnisse melden: \S+\n\nMit freundlichen Grüßen\s*$/);
});

test('the review page and the invalid-link page in every language: axe finds nothing, 390 px wide fits', async ({
  page,
  browser,
}) => {
  // Axe on two pages in each of the catalogue's languages, on a machine that may be busy.
  test.setTimeout(300_000);
  await registerAndLogIn(page);
  const client = `every-${Date.now()}@example.test`;
  await addDemoProject(page, [client]);
  await page.goto('/admin/send-stories?key=DEMO');
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await page.getByLabel('Answer by').fill(inAWeek());
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email sent to the client.');
  const mail = await mailbox.waitFor(client);
  const link = /Review and report results: (\S+)\s*$/.exec(mail.text ?? '')?.[1] ?? '';

  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  for (const language of CLIENT_LANGUAGES) {
    // The notice as the server answers it, in this language (the page takes its words from the answer).
    await speakThrough(phone, language);
    await phone.goto(link);
    await expect(phone.locator('html')).toHaveAttribute('lang', language);
    await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
    // Long messages on screen at once: a refusal in the bar (no name given), a comment box opened by Failed.
    await phone
      .getByRole('button', { name: reviewPageMessages(language)['review.failed'] })
      .first()
      .click();
    await phone.getByRole('button', { name: reviewPageMessages(language)['review.submit'] }).click();
    await expect(phone.getByRole('status')).toHaveText(reviewPageMessages(language)['review.noName']!);
    expect(await overflow(phone), `${language}: the review page fits 390 px`).toEqual({ by: 0, out: [] });
    expect(await axeViolations(phone), `${language}: the review page`).toEqual([]);

    await phone.goto(`${link.slice(0, link.lastIndexOf('/'))}/${'x'.repeat(43)}`);
    await expect(phone.getByRole('heading', { level: 1 })).toHaveText(
      reviewPageMessages(language)['review.linkNotValid']!,
    );
    expect(await overflow(phone), `${language}: the invalid-link page fits 390 px`).toEqual({
      by: 0,
      out: [],
    });
    expect(await axeViolations(phone), `${language}: the invalid-link page`).toEqual([]);
  }
});
