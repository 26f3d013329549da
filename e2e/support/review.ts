// Sending a notice through the screens, and reading its review link from the received e-mail.

import type { ParsedMail } from 'mailparser';
import type { TestMailbox } from './mailbox.ts';
import { E2E_BASE_URL } from './ports.ts';
import { expect, type Page } from './test.ts';

/**
 * Sends DEMO's Done stories to `client` from the send screen and returns the message as received (not one
 * of `earlier`, the notices sent before).
 */
export async function sendNotice(
  page: Page,
  mailbox: TestMailbox,
  client: string,
  earlier: readonly ParsedMail[] = [],
): Promise<ParsedMail> {
  await page.goto('/admin/send-stories?key=DEMO');
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue('Request for Testing: User Stories for Review');
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog')).toContainText('Email sent to the client.');
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  return mailbox.waitFor(client, (m) => !earlier.includes(m));
}

/**
 * The review link of a received notice, taken from both parts: the text part's last line
 * `Review and report results: {link}` and the HTML part's link of that name; they must agree.
 */
export function reviewLinkOf(mail: ParsedMail): string {
  const text = mail.text ?? '';
  const fromText = /\n\nReview and report results: (\S+)\s*$/.exec(text)?.[1];
  expect(fromText, 'the text part ends with the review line').toMatch(
    new RegExp(`^${E2E_BASE_URL}/review/[A-Za-z0-9_-]{22,}$`),
  );
  const html = typeof mail.html === 'string' ? mail.html : '';
  const anchor = /<a\b[^>]*\bhref="([^"]+)"[^>]*>\s*Review and report results\s*<\/a>/i.exec(html);
  expect(anchor?.[1]?.replaceAll('&amp;', '&'), 'the HTML part links the same review page').toBe(fromText);
  return fromText!;
}
