import { addDemoProject } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { mailbox } from '../support/mailbox.ts';
import { reviewLinkOf, sendNotice } from '../support/review.ts';
import { expect, type Page, test } from '../support/test.ts';

const PHONE = { width: 375, height: 740 };

/** How many CSS pixels the page is wider than the viewport (0 when nothing scrolls sideways). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

async function expectFits(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  expect(await overflow(page), `${path} is wider than a ${PHONE.width} px phone`).toBe(0);
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the sign-in pages fit without sideways scrolling', async ({ page }) => {
    for (const path of ['/auth/login', '/auth/register', '/reset-password?oobCode=not-a-code']) {
      await expectFits(page, path);
    }
  });

  test('every admin screen fits without sideways scrolling, the send screen with stories too', async ({
    page,
  }) => {
    await registerAndLogIn(page);
    await addDemoProject(
      page,
      ['client.with.a.long.address@customer.example.test'],
      ['project.manager@agency.example.test'],
    );
    for (const path of [
      '/admin/index',
      '/admin/add-project',
      '/admin/edit-project?key=DEMO',
      '/admin/user-profile',
      '/admin/sites',
      '/admin/review-status?key=DEMO',
      '/admin/send-stories?key=DEMO',
    ]) {
      await expectFits(page, path);
    }
    await page.getByLabel(/^Issue Status/).selectOption('Done');
    await page.getByRole('button', { name: 'Get User Stories' }).click();
    await expect(page.getByLabel('Subject')).toHaveValue('Request for Testing: User Stories for Review');
    expect(await overflow(page)).toBe(0);
  });
});

test.describe('tables on a 375 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('the project list is a card per project, its name the title, controls thumb-sized, words unbroken', async ({
    page,
  }) => {
    await registerAndLogIn(page);
    await addDemoProject(page, ['client.with.a.long.address@customer.example.test']);
    await page.goto('/admin/index');
    const row = page.getByRole('row', { name: /DEMO/ });
    await expect(row).toBeVisible();
    expect(await row.evaluate((tr) => getComputedStyle(tr).display)).toBe('grid');
    // The name is the card's title and the key sits beside it, unlabelled; the switch says what it is.
    const label = (cell: import('@playwright/test').Locator) =>
      cell.evaluate((td) => getComputedStyle(td, '::before').content);
    expect(await label(row.getByRole('cell', { name: /Demo Web Shop/ }))).toBe('none');
    expect(await label(row.getByRole('cell', { name: 'DEMO', exact: true }))).toBe('none');
    expect(await label(row.locator('td.projects__autosend'))).toBe('"Auto send email"');
    const name = await row.getByRole('link', { name: 'Demo Web Shop' }).boundingBox();
    const key = await row.getByRole('cell', { name: 'DEMO', exact: true }).boundingBox();
    expect(
      Math.abs((key?.y ?? 0) + (key?.height ?? 0) / 2 - ((name?.y ?? 0) + (name?.height ?? 0) / 2)),
    ).toBeLessThan(2);
    // Every control of the card, and of the bar above, is at least 44 px tall.
    for (const control of [
      row.getByRole('link', { name: 'Send stories for DEMO' }),
      row.getByRole('button', { name: 'Actions for DEMO' }),
      row.getByRole('link', { name: 'Demo Web Shop' }),
      page.getByRole('button', { name: /^Notifications/ }),
      page.getByRole('button', { name: 'Menu' }),
    ]) {
      expect((await control.boundingBox())?.height, String(control)).toBeGreaterThanOrEqual(44);
    }
    // Switched off, "Off" says it all: no line under the switch. Switched on, whom it e-mails and when: its
    // words (the long address too) stay whole, no line ends inside a word.
    await expect(row.locator('.autosend__info')).toHaveCount(0);
    await row.getByRole('switch', { name: 'Auto send email for DEMO' }).click();
    const info = row.locator('.autosend__info');
    await expect(info).toContainText('To client.with.a.long.address@customer.example.test');
    const brokenWords = await info.evaluate((element) => {
      const broken: string[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[A-Za-z]{4,}/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (range.getClientRects().length > 1) broken.push(match[0]);
        }
      }
      return broken;
    });
    expect(brokenWords).toEqual([]);
    expect(await overflow(page)).toBe(0);
  });
});

test.describe('the review page on a 375 px phone', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("the client's review page, the invalid-link page and the history with reviews fit without sideways scrolling", async ({
    page,
  }) => {
    await registerAndLogIn(page);
    const client = `phone-${Date.now()}@example.test`;
    await addDemoProject(page, [client]);
    const link = reviewLinkOf(await sendNotice(page, mailbox, client));
    await expectFits(page, '/admin/send-stories?key=DEMO&tab=sent');
    await expect(page.getByRole('button', { name: 'Revoke link' })).toBeVisible();

    await expectFits(page, link);
    await expect(page.getByRole('button', { name: 'Submit results' })).toBeVisible();
    await expectFits(page, '/review/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByText('This review link is not valid', { exact: true })).toBeVisible();
  });
});

test('on a desktop the sidebar runs the full height of a long page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await registerAndLogIn(page);
  await addDemoProject(page, ['client@example.test']);
  await page.goto('/admin/send-stories?key=DEMO');
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue('Request for Testing: User Stories for Review');
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  expect(pageHeight).toBeGreaterThan(720);
  // At the bottom of the page, the sidebar's background still reaches the page's last pixel row.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const sidebar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
  expect(sidebar?.y ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(0);
  // Within a pixel: a wrapped top bar can give the page a fractional height, which no eye sees.
  expect((sidebar?.y ?? 0) + (sidebar?.height ?? 0)).toBeGreaterThan(719);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }),
  ).toBeInViewport();
});

test('at 1024 px the top bar and its open account menu fit without sideways scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 720 });
  const account = await registerAndLogIn(page);
  await addDemoProject(page, ['client@example.test']);
  await page.goto('/admin/index');
  await expect(page.getByRole('link', { name: 'Demo Web Shop' })).toBeVisible();
  expect(await overflow(page)).toBe(0);
  // The account button is its initial here; its menu names the address.
  await page.getByRole('button', { name: account.email }).click();
  await expect(page.getByText('Welcome!')).toBeVisible();
  await expect(page.locator('.dropdown__account')).toHaveText(account.email);
  expect(await overflow(page)).toBe(0);
  expect(await page.evaluate(() => window.scrollX)).toBe(0);
});
