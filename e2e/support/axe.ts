// axe (https://github.com/dequelabs/axe-core) on the page as it is now: every violation, whatever its
// impact, one line each naming the rule and the elements, so a failing check says what to fix.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

const describe = (v: Violation) =>
  `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`;

/** Rules about a whole web page, which an e-mail is not: the mail client's page holds its title and landmarks. */
const PAGE_RULES = ['document-title', 'landmark-one-main', 'page-has-heading-one', 'region'];

export async function axeViolations(page: Page): Promise<string[]> {
  // A sandboxed frame runs no scripts, so axe cannot run inside it and would wait for it forever. Such a
  // frame (the e-mail Preview) is checked on its own instead: its document, as styled, in a scratch page.
  const { violations } = await new AxeBuilder({ page }).exclude('iframe[sandbox]').analyze();
  const found = violations.map(describe);
  for (const frame of await page.locator('iframe[sandbox]').all()) {
    const title = await frame.getAttribute('title');
    const html = await frame.evaluate(
      (element) => (element as HTMLIFrameElement).contentDocument?.documentElement.outerHTML ?? '',
    );
    const scratch = await page.context().newPage();
    try {
      await scratch.setContent(html);
      const inFrame = await new AxeBuilder({ page: scratch }).disableRules(PAGE_RULES).analyze();
      found.push(...inFrame.violations.map((v) => `in ${title}: ${describe(v)}`));
    } finally {
      await scratch.close();
    }
  }
  return found;
}
