// Every screen of the product, and a demo that fills them: a signed-in user with a project, a notice sent
// to a client (so a review link exists) and an open invitation. The accessibility test and
// `npm run screenshots` both walk this list, so a screen added here is checked and photographed.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import type { Mailbox } from '../../apps/server/src/testing/mailbox.ts';
import { addDemoProject, apiCall, currentUser } from './api.ts';
import { registerAndLogIn } from './auth.ts';
import { E2E_BASE_URL } from './ports.ts';
import { reviewLinkOf, sendNotice } from './review.ts';
import { expect } from './test.ts';

export interface Demo {
  /** The signed-in user's browser storage (its session lives in local storage). */
  signedIn: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** Review links: one left unanswered, one answered and submitted, one signed off, one revoked. */
  reviewPath: string;
  submittedReviewPath: string;
  signedOffReviewPath: string;
  revokedReviewPath: string;
  invitationPath: string;
}

export interface Screen {
  /** A file-name-safe name, e.g. `admin-send-stories`. */
  name: string;
  path: string;
  signedIn: boolean;
  /** Brings the screen to the state worth checking, once its route has loaded. */
  prepare?: (page: Page) => Promise<void>;
}

const CLIENT = 'dana@acme-studio.test';
/** The demo tracker's stories in Done, which every notice of the demo sends. */
const DONE_STORIES = ['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4', 'DEMO-10'];

/** Seeds the demo through the screens and the API, in a context of its own that it closes. */
export async function seedDemo(browser: Browser, mailbox: Mailbox): Promise<Demo> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await registerAndLogIn(page);
    await addDemoProject(page, [CLIENT], ['project.manager@agency.example.test']);
    const user = await currentUser(page);
    const notices: ParsedMail[] = [];
    for (let i = 0; i < 4; i++) {
      // The same Done stories each time: offered again (for a re-test) before the next notice.
      for (const issueKey of i > 0 ? DONE_STORIES : []) {
        await apiCall(page, '/jira/offerAgain', { userId: user.id, projectKey: 'DEMO', issueKey });
      }
      notices.push(await sendNotice(page, mailbox, CLIENT, notices));
    }
    const [reviewPath, submittedReviewPath, signedOffReviewPath, revokedReviewPath] = notices.map(
      (notice) => new URL(reviewLinkOf(notice)).pathname,
    ) as [string, string, string, string];
    // The last notice sent is the Sent history's first.
    const sends = await apiCall<{ data: { id: string }[] }>(page, '/jira/getProjectSends', {
      userId: user.id,
      projectKey: 'DEMO',
    });
    await apiCall(page, '/jira/review/revokeLink', {
      userId: user.id,
      projectKey: 'DEMO',
      sendId: sends.data[0]?.id,
    });
    const colleague = `colleague-${Date.now()}@example.test`;
    await page.goto('/admin/team');
    await page.getByLabel('Email').fill(colleague);
    await page.getByRole('button', { name: 'Invite' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Okay' }).click();
    const invitation = await mailbox.waitFor((m) => JSON.stringify(m.to).includes(colleague));
    const invitationLink = new RegExp(`${E2E_BASE_URL}/join/[\\w-]+`).exec(invitation.text ?? '')?.[0];
    if (!invitationLink) throw new Error('The invitation e-mail holds no link');
    return {
      signedIn: await context.storageState(),
      reviewPath,
      submittedReviewPath,
      signedOffReviewPath,
      revokedReviewPath,
      invitationPath: new URL(invitationLink).pathname,
    };
  } finally {
    await context.close();
  }
}

/** Fetches the stories in Testing (the notice of the demo took every Done story). */
async function fetchTestingStories(page: Page) {
  await page.getByLabel(/^Issue Status/).selectOption('Testing');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue('Request for Testing: User Stories for Review');
}

/** Answers every story of the review page (the first Failed with a comment, the others Passed) and submits. */
async function submitAnswers(page: Page) {
  const stories = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2 }) });
  const count = await stories.count();
  for (let i = 0; i < count; i++) {
    await stories
      .nth(i)
      .getByRole('button', { name: i === 0 ? 'Failed' : 'Passed' })
      .click();
  }
  await stories.first().getByRole('textbox', { name: 'Comment' }).fill('The basket empties when I go back.');
  await page.getByRole('textbox', { name: 'Your name' }).fill('Dana Client');
  await page.getByRole('button', { name: 'Submit results' }).click();
  await expect(page.getByRole('status')).toContainText('Thank you');
}

/** Submits the answers and signs the notice off (once: a second width finds it signed off already). */
async function signOff(page: Page) {
  const signOffButton = page.getByRole('button', { name: 'Sign off' });
  if (await page.getByText(/^Signed off by/).isVisible()) return;
  await submitAnswers(page);
  await signOffButton.click();
  await expect(page.getByRole('status')).toContainText('Your sign-off was sent');
}

/**
 * The invalid-link page of an expired link: a link's 30 days cannot pass during a run, so the revoked link's
 * real answer is shown with its state set to expired (the one thing that differs).
 */
async function asExpired(page: Page) {
  await page.route('**/jira/review/getLinkState', async (route) => {
    const answer = await route.fetch();
    const body = (await answer.json()) as { data: Record<string, unknown> };
    await route.fulfill({ response: answer, json: { data: { ...body.data, state: 'expired' } } });
  });
  await page.reload();
  await expect(page.getByText('The time to answer this review has passed.')).toBeVisible();
  await page.unroute('**/jira/review/getLinkState');
}

function everyScreen(demo: Demo): Screen[] {
  const invitationToken = demo.invitationPath.split('/').pop() ?? '';
  const signedOut = (name: string, path: string): Screen => ({ name, path, signedIn: false });
  const admin = (name: string, path: string, prepare?: Screen['prepare']): Screen => ({
    name: `admin-${name}`,
    path,
    signedIn: true,
    ...(prepare ? { prepare } : {}),
  });
  return [
    signedOut('auth-login', '/auth/login'),
    signedOut('auth-register', '/auth/register'),
    signedOut('auth-reset-password', '/reset-password?oobCode=not-a-code'),
    signedOut('auth-verify-email', '/auth/action?mode=verifyEmail&oobCode=not-a-code'),
    signedOut('auth-invitation', demo.invitationPath),
    signedOut('review', demo.reviewPath),
    { name: 'review-submitted', path: demo.submittedReviewPath, signedIn: false, prepare: submitAnswers },
    { name: 'review-signed-off', path: demo.signedOffReviewPath, signedIn: false, prepare: signOff },
    signedOut('review-invalid-link', '/review/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'),
    signedOut('review-revoked-link', demo.revokedReviewPath),
    { name: 'review-expired-link', path: demo.revokedReviewPath, signedIn: false, prepare: asExpired },
    admin('projects', '/admin/index'),
    admin('add-project', '/admin/add-project'),
    admin('edit-project', '/admin/edit-project?key=DEMO'),
    admin('send-stories', '/admin/send-stories?key=DEMO'),
    admin('send-stories-fetched', '/admin/send-stories?key=DEMO', fetchTestingStories),
    admin('review-status', '/admin/review-status?key=DEMO'),
    admin('team', '/admin/team'),
    admin('sites', '/admin/sites'),
    admin('join', `/admin/join?token=${invitationToken}`),
    admin('user-profile', '/admin/user-profile'),
  ];
}

/** Opens a screen and waits until its route has loaded, its calls have answered, and it is prepared. */
async function openScreen(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('body')).toHaveText(/\S/, { useInnerText: true });
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  await screen.prepare?.(page);
  await page.waitForLoadState('networkidle');
}

/**
 * Opens every screen in a signed-out and a signed-in browser context of its own with the `device`'s
 * options, and runs `check` on each. A Content-Security-Policy violation on any screen fails the caller.
 */
export async function forEveryScreen(
  browser: Browser,
  demo: Demo,
  device: BrowserContextOptions,
  check: (page: Page, screen: Screen) => Promise<void>,
): Promise<void> {
  const signedOut = await browser.newContext(device);
  const signedIn = await browser.newContext({ ...device, storageState: demo.signedIn });
  const cspViolations: string[] = [];
  try {
    const pages = { signedOut: await signedOut.newPage(), signedIn: await signedIn.newPage() };
    for (const page of Object.values(pages)) {
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          cspViolations.push(`${page.url()}: ${message.text()}`);
        }
      });
    }
    for (const screen of everyScreen(demo)) {
      const page = screen.signedIn ? pages.signedIn : pages.signedOut;
      await openScreen(page, screen);
      await check(page, screen);
    }
  } finally {
    await signedOut.close();
    await signedIn.close();
  }
  expect(cspViolations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
}
