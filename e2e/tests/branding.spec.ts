// The sending workspace on the client's page: the owner names the workspace and uploads a logo on the Team
// screen; the client's review page says "from {name}" with the logo (loaded under the strict CSP), counts
// the answers, and the owner's bell then lists the client's verdicts.
import { addDemoProject } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { axeViolations } from '../support/axe.ts';
import { mailbox } from '../support/mailbox.ts';
import { reviewLinkOf, sendNotice } from '../support/review.ts';
import { expect, test } from '../support/test.ts';

/** A 1 × 1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test("the workspace's name and logo head the client's page, and the bell lists the client's answers", async ({
  page,
  browser,
}) => {
  const account = await registerAndLogIn(page);
  const client = `brand-${Date.now()}@example.test`;
  await addDemoProject(page, [client]);

  await page.goto('/admin/team');
  const name = page.getByRole('textbox', { name: 'Workspace name' });
  // Not named yet: the field is empty (clients see the e-mail's domain until an owner names it).
  await expect(name).toHaveValue('');
  await name.fill('Acme Studio and Partners');
  await page.getByRole('button', { name: 'Save name' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await expect(page.getByRole('combobox', { name: 'Workspace' }).locator('option:checked')).toHaveText(
    'Acme Studio and Partners',
  );
  await page.getByLabel('Logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
  await expect(page.getByRole('img', { name: 'Logo of Acme Studio and Partners' })).toBeVisible();

  const link = reviewLinkOf(await sendNotice(page, mailbox, client));
  const clientContext = await browser.newContext({ viewport: { width: 390, height: 800 } });
  const review = await clientContext.newPage();
  const cspViolations: string[] = [];
  review.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      cspViolations.push(message.text());
    }
  });
  await review.goto(link);
  // The page's band names the company that sent it, and who sent it.
  await expect(review.getByRole('banner')).toContainText('Acme Studio and Partners');
  // The sender by the name their address gives (its first part here), a link that writes to them.
  await expect(review.getByRole('banner')).toContainText(`Sent by ${account.email.split('@')[0]}`);
  await expect(review.getByRole('banner').getByRole('link')).toHaveAttribute(
    'href',
    `mailto:${account.email}`,
  );
  const logo = review.locator('.review-band__logo');
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  const total = await review
    .getByRole('list', { name: 'Stories' })
    .getByRole('heading', { level: 2 })
    .count();
  await expect(review.getByText(`0 of ${total} answered`)).toBeVisible();
  expect(await axeViolations(review)).toEqual([]);

  await review.getByRole('button', { name: 'Failed' }).first().click();
  await expect(review.getByText(`1 of ${total} answered`)).toBeVisible();
  // The submit bar stays on screen at the bottom while the stories scroll.
  await expect(review.getByRole('button', { name: 'Submit results' })).toBeInViewport();
  await review.getByRole('textbox', { name: 'Your name' }).fill('Ann Client');
  await review.getByRole('button', { name: 'Submit results' }).click();
  await expect(review.getByRole('status')).toHaveText('Results sent');
  await expect(review.getByRole('status')).toBeInViewport();
  expect(cspViolations).toEqual([]);
  await clientContext.close();

  await page.goto('/admin/index');
  const bell = page.getByRole('button', { name: /^Notifications, \d+ new$/ });
  await expect(bell).toBeVisible();
  await bell.click();
  const listed = page.getByRole('list', { name: 'New' });
  await expect(listed.getByRole('link', { name: /Ann Client: DEMO-\d+ failed\./ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();

  // On a phone the list stays on screen.
  await page.setViewportSize({ width: 375, height: 700 });
  const box = await listed.boundingBox();
  expect(box?.x).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
});
