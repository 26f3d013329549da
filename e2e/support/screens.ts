// Every screen of the product, and a demo that fills them: a signed-in user with a project, a notice sent
// to a client (so a review link exists) and an open invitation. The accessibility test and
// `npm run screenshots` both walk this list, so a screen added here is checked and photographed.

import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { addDemoProject, apiCall, currentUser } from './api.ts';
import { registerAndLogIn } from './auth.ts';
import type { TestMailbox } from './mailbox.ts';
import { E2E_BASE_URL } from './ports.ts';
import { reviewLinkOf, sendNotice } from './review.ts';
import { expect } from './test.ts';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export interface Demo {
  /** The signed-in user's browser storage (its session lives in local storage). */
  signedIn: StorageState;
  /** A second user's, who has no project yet (the empty projects list). */
  newcomer: StorageState;
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
  /** Seen by the user who has no project yet. */
  newcomer?: boolean;
  /** Brings the screen to the state worth checking, once its route has loaded. */
  prepare?: (page: Page) => Promise<void>;
}

const CLIENT = 'dana@acme-studio.test';
/** The demo tracker's stories in Done, which every notice of the demo sends. */
const DONE_STORIES = ['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4', 'DEMO-10'];

/** Seeds the demo through the screens and the API, in a context of its own that it closes. */
export async function seedDemo(browser: Browser, mailbox: TestMailbox): Promise<Demo> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    // A display name, as a real owner gives one: the team, the invitation and the client see it.
    await registerAndLogIn(page, 'Olivia Owner');
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
    const invitation = await mailbox.waitFor(colleague);
    const invitationLink = new RegExp(`${E2E_BASE_URL}/join/[\\w-]+`).exec(invitation.text ?? '')?.[0];
    if (!invitationLink) throw new Error('The invitation e-mail holds no link');
    return {
      signedIn: await context.storageState(),
      newcomer: await newcomerState(browser),
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

/** Registers a user who adds nothing, and returns their browser storage. */
async function newcomerState(browser: Browser): Promise<StorageState> {
  const context = await browser.newContext();
  try {
    await registerAndLogIn(await context.newPage());
    return await context.storageState();
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

async function openPreview(page: Page) {
  await fetchTestingStories(page);
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('dialog', { name: 'Preview of the e-mail' })).toBeVisible();
}

/**
 * Sends a re-test of DEMO-1 (a story of the demo's notice, offered again first, so that every walk of the
 * screens has one to send) and waits for the confirmation.
 */
async function sendAndConfirm(page: Page) {
  const user = await currentUser(page);
  await apiCall(page, '/jira/offerAgain', { userId: user.id, projectKey: 'DEMO', issueKey: 'DEMO-1' });
  await page.getByLabel(/^Issue Status/).selectOption('Done');
  await page.getByRole('button', { name: 'Get User Stories' }).click();
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByRole('dialog', { name: 'Email sent to the client.' })).toBeVisible();
}

async function openBell(page: Page) {
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('button', { name: /^Notifications/ })).toHaveAttribute('aria-expanded', 'true');
}

/** Opens the phone's menu (a desktop shows the sidebar as it is). */
async function openMobileMenu(page: Page) {
  const toggle = page.getByRole('button', { name: 'Menu' });
  if (await toggle.isVisible()) await toggle.click();
}

async function submitEmptyAddProject(page: Page) {
  await page.getByRole('button', { name: 'Add Project' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please select a Jira project.' })).toBeVisible();
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
  const comment = stories.first().getByRole('textbox', { name: 'Comment' });
  await comment.fill('The basket empties when I go back.');
  await comment.blur();
  // Asked where the answers are sent, unless the name is known (this browser's, or the one sent with the
  // answers at the other width).
  const name = page.getByRole('textbox', { name: 'Your name' });
  if (await name.isVisible()) {
    await name.fill('Dana Client');
    await name.blur();
  }
  // A second width finds these answers saved already: nothing changed, so nothing is offered to send.
  const submit = page.getByRole('button', { name: 'Submit results' });
  if (!(await submit.isVisible())) return;
  await submit.click();
  await expect(page.getByRole('status')).toHaveText('Results sent');
}

/** Submits the answers and signs the notice off (once: a second width finds it signed off already). */
async function signOff(page: Page) {
  const signOffButton = page.getByRole('button', { name: 'Sign off' });
  if (await page.getByText(/^Signed off by/).isVisible()) return;
  await submitAnswers(page);
  await signOffButton.click();
  await expect(page.getByRole('status')).toContainText('the team has your sign-off');
}

/** The Sites screen's add form, opened by its `Add site`, a GitHub site's name typed in. */
async function openAddSite(page: Page) {
  await page.getByRole('button', { name: 'Add site' }).click();
  await page.getByLabel('Tracker', { exact: true }).selectOption({ label: 'GitHub' });
  await page.getByLabel('Name', { exact: true }).fill('Acme GitHub');
  await expect(page.getByText('Handoff connects to GitHub at api.github.com.')).toBeVisible();
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
  await expect(page.getByText(/^The time to answer the review of .+ ended on /)).toBeVisible();
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
    { name: 'admin-projects-empty', path: '/admin/index', signedIn: true, newcomer: true },
    admin('bell', '/admin/index', openBell),
    admin('mobile-menu', '/admin/index', openMobileMenu),
    admin('add-project', '/admin/add-project'),
    admin('add-project-error', '/admin/add-project', submitEmptyAddProject),
    admin('edit-project', '/admin/edit-project?key=DEMO'),
    admin('send-stories', '/admin/send-stories?key=DEMO'),
    admin('send-stories-fetched', '/admin/send-stories?key=DEMO', fetchTestingStories),
    admin('send-stories-preview', '/admin/send-stories?key=DEMO', openPreview),
    admin('send-stories-sent', '/admin/send-stories?key=DEMO&tab=sent'),
    admin('review-status', '/admin/review-status?key=DEMO'),
    admin('team', '/admin/team'),
    admin('sites', '/admin/sites'),
    admin('sites-add', '/admin/sites', openAddSite),
    admin('join', `/admin/join?token=${invitationToken}`),
    admin('user-profile', '/admin/user-profile'),
    // Last: it sends a notice, which the history and the review status of later screens would show.
    admin('send-stories-confirmation', '/admin/send-stories?key=DEMO', sendAndConfirm),
  ];
}

/** Opens a screen and waits until its route has loaded, its calls have answered, and it is prepared. */
async function openScreen(page: Page, screen: Screen): Promise<void> {
  await page.goto(screen.path);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('body')).toHaveText(/\S/, { useInnerText: true });
  await expect(page.getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  // Each preparation ends on what it waits for. No second wait for an idle network: the Preview's srcdoc
  // frame never reports one to Playwright, so that wait hung until the test's limit.
  await screen.prepare?.(page);
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
  include: (screen: Screen) => boolean = () => true,
): Promise<void> {
  const signedOut = await browser.newContext(device);
  const signedIn = await browser.newContext({ ...device, storageState: demo.signedIn });
  const newcomer = await browser.newContext({ ...device, storageState: demo.newcomer });
  const cspViolations: string[] = [];
  try {
    const pages = {
      signedOut: await signedOut.newPage(),
      signedIn: await signedIn.newPage(),
      newcomer: await newcomer.newPage(),
    };
    for (const page of Object.values(pages)) {
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          cspViolations.push(`${page.url()}: ${message.text()}`);
        }
      });
    }
    for (const screen of everyScreen(demo).filter(include)) {
      const page = screen.newcomer ? pages.newcomer : screen.signedIn ? pages.signedIn : pages.signedOut;
      await openScreen(page, screen);
      await check(page, screen);
    }
  } finally {
    await signedOut.close();
    await signedIn.close();
    await newcomer.close();
  }
  expect(cspViolations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
}
