// What a visitor does on a pre-rendered page before the app has taken over (apps/web/README.md,
// "Pre-rendered pages"): a sign-in sends exactly what the fields hold, and a button acts exactly once, on
// fresh page loads at whatever moment the app happens to start, and with its main chunk held back.
import { type Account, newAccount, register } from '../support/auth.ts';
import { type Browser, type BrowserContext, expect, type Page, type Request, test } from '../support/test.ts';

const mainChunk = /\/assets\/index-[\w-]+\.js$/;
const signInCall = /accounts:signInWithPassword/;
const resetCall = /accounts:sendOobCode/;
// Filling as soon as the fields exist, once the page is parsed, and once it has loaded: each meets the app
// at another point of its start.
const moments = ['commit', 'domcontentloaded', 'load'] as const;
const tries = 50;
const triesWithChunkHeldBack = 10;
// Fresh loads run in this many lanes at once, each in a browser context of its own (a signed-in context
// would skip the login page): the tries wait mostly on the browser, not on the machine.
const lanes = 4;

/**
 * Runs `attempt(context, n, holdChunk)` for n = 0..tries-1 freely and for n = 0..triesWithChunkHeldBack-1
 * with the chunk held back, spread over `lanes` contexts that each take the next try when free.
 */
async function inLanes(
  browser: Browser,
  attempt: (context: BrowserContext, n: number, holdChunk: boolean) => Promise<void>,
): Promise<void> {
  const queue = [
    ...Array.from({ length: tries }, (_, n) => ({ n, holdChunk: false })),
    ...Array.from({ length: triesWithChunkHeldBack }, (_, n) => ({ n, holdChunk: true })),
  ];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      const context = await browser.newContext();
      try {
        for (let next = queue.shift(); next; next = queue.shift()) {
          await attempt(context, next.n, next.holdChunk);
        }
      } finally {
        await context.close();
      }
    }),
  );
}

/** A fresh page in `context`; with `holdChunk`, its main chunk arrives only when `release` is called. */
async function freshPage(context: BrowserContext, holdChunk: boolean) {
  const page = await context.newPage();
  let release = () => {};
  if (holdChunk) {
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(mainChunk, async (route) => {
      await released;
      await route.continue();
    });
  }
  return { page, release };
}

/** Resolves once the app has taken over the page and acted on what was done before. */
async function appStarted(page: Page) {
  await expect(page.locator('#root[data-started]')).toBeAttached();
  // The early clicks and submissions are replayed in the task after the take-over.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 50)));
}

function requestsTo(page: Page, url: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (url.test(request.url())) seen.push(request);
  });
  return seen;
}

async function signInFast(context: BrowserContext, account: Account, attempt: number, holdChunk: boolean) {
  const { page, release } = await freshPage(context, holdChunk);
  try {
    const sent = requestsTo(page, signInCall);
    await page.goto('/auth/login', { waitUntil: moments[attempt % moments.length] });
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Login' }).click();
    release();
    await expect(page, `sign-in ${attempt}`).toHaveURL(/\/admin\/index$/);
    expect(sent.map((request) => request.postDataJSON())).toEqual([
      expect.objectContaining({ email: account.email, password: account.password }),
    ]);
    await page.evaluate(() => localStorage.clear());
  } finally {
    await page.close();
  }
}

async function toggleFast(context: BrowserContext, attempt: number, holdChunk: boolean) {
  const { page, release } = await freshPage(context, holdChunk);
  try {
    await page.goto('/auth/login', { waitUntil: moments[attempt % moments.length] });
    await page.getByLabel('Password', { exact: true }).fill('shown-now');
    await page.getByRole('button', { name: 'Show password' }).click();
    release();
    await appStarted(page);
    const password = page.locator('input[name="password"]');
    expect(await password.getAttribute('type'), `toggle ${attempt}`).toBe('text');
    await expect(page.getByRole('button', { name: 'Hide password' })).toBeVisible();
    await expect(password).toHaveValue('shown-now');
  } finally {
    await page.close();
  }
}

test.describe('input before the app takes over', () => {
  test.describe.configure({ timeout: 240_000 });

  test(`${tries} fast sign-ins on fresh login pages, and ${triesWithChunkHeldBack} with the app's chunk held back, each send what was typed`, async ({
    page,
    browser,
  }) => {
    const account = newAccount();
    await register(page, account);
    await inLanes(browser, (context, attempt, holdChunk) => signInFast(context, account, attempt, holdChunk));
  });

  test(`${tries} fast eye toggles on fresh login pages, and ${triesWithChunkHeldBack} with the app's chunk held back, each show the password`, async ({
    browser,
  }) => {
    await inLanes(browser, toggleFast);
  });

  test('pressed twice before the app runs, the eye toggles twice; Forgot Password? pressed once asks once', async ({
    page,
  }) => {
    const account = newAccount();
    await register(page, account);
    const { page: fresh, release } = await freshPage(page.context(), true);
    const resets = requestsTo(fresh, resetCall);
    await fresh.goto('/auth/login');
    await fresh.getByLabel('Email').fill(account.email);
    const eye = fresh.getByRole('button', { name: 'Show password' });
    await eye.click();
    await eye.click();
    await fresh.getByRole('button', { name: 'Forgot Password?' }).click();
    release();
    await appStarted(fresh);
    await expect(fresh.getByRole('dialog')).toBeVisible();
    expect(resets).toHaveLength(1);
    await expect(fresh.locator('input[name="password"]')).toHaveAttribute('type', 'password');
  });
});
