// Photographs every screen (e2e/support/screens.ts) at a desktop and a phone width, the whole page each.
import path from 'node:path';
import { mailbox } from '../support/mailbox.ts';
import { type Demo, forEveryScreen, seedDemo } from '../support/screens.ts';
import { type Page, test } from '../support/test.ts';

const folder = path.resolve(import.meta.dirname, '../../screenshots');

/**
 * Readies a whole-page photograph: the page scrolled back to its top (a bar kept at the top of the window
 * was drawn where the window's top had scrolled to), and a page with a bar kept at the bottom of the
 * window (the edit screen's actions) given a window as tall as itself (the bar was drawn over the middle of
 * the page, where the window's bottom was, instead of where it rests at the end).
 */
async function asWholePage(page: Page, viewport: { width: number; height: number }): Promise<void> {
  const height = await page.evaluate(() => {
    window.scrollTo(0, 0);
    const stuckToBottom = Array.from(document.querySelectorAll('body *')).some((element) => {
      const style = getComputedStyle(element);
      return style.position === 'sticky' && style.bottom !== 'auto';
    });
    return stuckToBottom ? document.documentElement.scrollHeight : 0;
  });
  if (height > viewport.height) await page.setViewportSize({ width: viewport.width, height });
}

/**
 * Readies a modal dialog's photograph: a window tall enough for what scrolls inside the dialog (the Preview's
 * message), as a taller screen would show it, so the photograph shows the dialog whole.
 */
async function asWholeDialog(page: Page, viewport: { width: number; height: number }): Promise<void> {
  const hidden = await page.evaluate(() =>
    Math.max(
      0,
      ...Array.from(document.querySelectorAll('[aria-modal="true"] *')).map(
        (element) => element.scrollHeight - element.clientHeight,
      ),
    ),
  );
  if (hidden > 0) {
    // The dialog takes at most 90% of the window's height.
    await page.setViewportSize({ width: viewport.width, height: viewport.height + Math.ceil(hidden / 0.9) });
  }
}

/** `SCREENS=review,admin-team npm run screenshots` photographs only the screens whose names start so. */
const wanted = process.env.SCREENS?.split(',').filter(Boolean) ?? [];
const isWanted = (screen: { name: string }) =>
  wanted.length === 0 || wanted.some((name) => screen.name.startsWith(name));

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
    await forEveryScreen(
      browser,
      demo,
      device,
      async (page, screen) => {
        // A modal dialog is photographed as the window shows it: its backdrop covers the window, not a whole
        // page's photograph (which showed the page below the window undimmed).
        const modal = (await page.locator('[aria-modal="true"]').count()) > 0;
        if (modal) await asWholeDialog(page, device.viewport);
        else await asWholePage(page, device.viewport);
        // Transitions finished: a photograph of a fade half-way shows a state no user stops at.
        await page.screenshot({
          path: path.join(folder, `${width}`, `${screen.name}.png`),
          fullPage: !modal,
          animations: 'disabled',
        });
        await page.setViewportSize(device.viewport);
      },
      isWanted,
    );
    console.log(`screenshots at ${width} px in ${path.join(folder, `${width}`)}`);
  });
}
