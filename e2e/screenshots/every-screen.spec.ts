// Photographs every screen (e2e/support/screens.ts) at a desktop and a phone width, the whole page each.
import path from 'node:path';
import { mailbox } from '../support/mailbox.ts';
import { type Demo, forEveryScreen, seedDemo } from '../support/screens.ts';
import { test } from '../support/test.ts';

const folder = path.resolve(import.meta.dirname, '../../screenshots');

let demo: Demo;
test.beforeAll(async ({ browser }, testInfo) => {
  // Four notices (unanswered, submitted, signed off, revoked) on a machine that may be busy.
  testInfo.setTimeout(240_000);
  demo = await seedDemo(browser, mailbox);
});

for (const device of [
  { viewport: { width: 1280, height: 800 } },
  { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
]) {
  const width = device.viewport.width;
  test(`every screen at ${width} px`, async ({ browser }) => {
    await forEveryScreen(browser, demo, device, async (page, screen) => {
      await page.screenshot({ path: path.join(folder, `${width}`, `${screen.name}.png`), fullPage: true });
    });
    console.log(`screenshots at ${width} px in ${path.join(folder, `${width}`)}`);
  });
}
