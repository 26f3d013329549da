// axe (https://github.com/dequelabs/axe-core) on the page as it is now: every violation, whatever its
// impact, one line each naming the rule and the elements, so a failing check says what to fix.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}
