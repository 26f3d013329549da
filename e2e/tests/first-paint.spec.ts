// The pages the build renders ahead (apps/web/README.md, "Pre-rendered pages"): what a visitor sees and can
// do before the app's scripts have arrived, and how the app takes over.
import { registerAndLogIn } from '../support/auth.ts';
import { expect, type Page, test } from '../support/test.ts';

/** The app's main chunk, which the page's start script imports once the page is on the screen. */
const mainChunk = /\/assets\/index-[\w-]+\.js$/;

/** Holds the main chunk back until the returned function is called. */
async function holdMainChunk(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(mainChunk, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('the projects page shows its frame before the app runs; the app then fills it with the account', async ({
  page,
}) => {
  const account = await registerAndLogIn(page);
  const release = await holdMainChunk(page);
  await page.goto('/admin/index');

  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(main).toContainText('Each project sends its client the stories finished in its tracker');
  await expect(page.getByRole('progressbar', { name: 'Loading your account' })).toBeAttached();
  await expect(page.getByRole('table', { name: 'Projects' })).toHaveCount(0);
  await expect(main.getByText('No projects yet')).toHaveCount(0);
  // The start script named the account from the stored session.
  await expect(page.getByRole('button', { name: new RegExp(account.email) })).toBeVisible();
  // Clicked before the app runs: clicked again once it does.
  await page.getByRole('button', { name: 'Notifications' }).click();

  release();
  // A new account's list: the empty state, with the page's one `Add new`.
  await expect(main.getByText('No projects yet')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Add new' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: new RegExp(account.email) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('progressbar')).toHaveCount(0);
});

test('a signed-out visitor of the projects page is sent to sign in, a signed-in one of the login page to the projects, before the app runs', async ({
  page,
  browser,
}) => {
  await registerAndLogIn(page);
  await page.route(mainChunk, (route) => route.abort());
  await page.goto('/auth/login');
  await expect(page).toHaveURL(/\/admin\/index$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();

  const signedOut = await browser.newPage();
  try {
    await signedOut.route(mainChunk, (route) => route.abort());
    await signedOut.goto(page.url());
    await expect(signedOut).toHaveURL(/\/auth\/login$/);
    await expect(signedOut.getByRole('button', { name: 'Login' })).toBeVisible();
  } finally {
    await signedOut.close();
  }
});
