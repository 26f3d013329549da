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
const NARROW_PHONE = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

for (const device of [DESKTOP, PHONE]) {
  const width = device.viewport.width;
  test(`axe finds no violations on any screen at ${width} px`, async ({ browser }) => {
    test.setTimeout(480_000);
    await forEveryScreen(browser, demo, device, async (target, screen) => {
      expect
        .soft(await axeViolations(target), `axe on ${screen.name} (${screen.path}) at ${width} px`)
        .toEqual([]);
    });
  });
}

test('no screen scrolls sideways on a 375 px phone', async ({ browser }) => {
  test.setTimeout(480_000);
  await forEveryScreen(browser, demo, NARROW_PHONE, async (target, screen) => {
    const { scrollWidth, innerWidth } = await target.evaluate(() => ({
      scrollWidth: document.scrollingElement?.scrollWidth ?? 0,
      innerWidth: window.innerWidth,
    }));
    expect
      .soft(scrollWidth, `${screen.name} (${screen.path}) is wider than the 375 px phone`)
      .toBeLessThanOrEqual(innerWidth);
  });
});
