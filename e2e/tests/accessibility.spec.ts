// Every screen (e2e/support/screens.ts: the sign-in pages, the admin screens, the client's review page
// and its invalid-link page) passes axe at a desktop and a phone width, and none scrolls sideways on a
// 375 px phone. Each failure names the screen, the rule and the elements, so one run lists them all.
import { axeViolations } from '../support/axe.ts';
import { mailbox } from '../support/mailbox.ts';
import { type Demo, forEveryScreen, seedDemo } from '../support/screens.ts';
import { expect, test } from '../support/test.ts';

let demo: Demo;
test.beforeAll(async ({ browser }, testInfo) => {
  // Four notices (unanswered, submitted, signed off, revoked) on a machine that may be busy.
  testInfo.setTimeout(240_000);
  demo = await seedDemo(browser, mailbox);
});

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const NARROW_PHONE = { width: 375, height: 740 };

test('axe finds no violations on any screen at 1280 px', async ({ browser }) => {
  test.setTimeout(480_000);
  await forEveryScreen(browser, demo, DESKTOP, async (target, screen) => {
    expect.soft(await axeViolations(target), `axe on ${screen.name} (${screen.path}) at 1280 px`).toEqual([]);
  });
});

// One walk of the phone screens for both checks: each screen, once prepared, is narrowed to 375 px after axe.
test('axe finds no violations on any screen at 390 px, and none scrolls sideways on a 375 px phone', async ({
  browser,
}) => {
  test.setTimeout(480_000);
  await forEveryScreen(browser, demo, PHONE, async (target, screen) => {
    expect.soft(await axeViolations(target), `axe on ${screen.name} (${screen.path}) at 390 px`).toEqual([]);
    await target.setViewportSize(NARROW_PHONE);
    // The page's width against the layout viewport's (a phone's innerWidth grows to fit a page too wide).
    const { scrollWidth, clientWidth } = await target.evaluate(
      () =>
        new Promise<{ scrollWidth: number; clientWidth: number }>((resolve) =>
          // After the layout of the narrower viewport.
          requestAnimationFrame(() => {
            const { scrollWidth, clientWidth } = document.documentElement;
            resolve({ scrollWidth, clientWidth });
          }),
        ),
    );
    expect
      .soft(scrollWidth, `${screen.name} (${screen.path}) is wider than the 375 px phone`)
      .toBeLessThanOrEqual(clientWidth);
    await target.setViewportSize(PHONE.viewport);
  });
});
