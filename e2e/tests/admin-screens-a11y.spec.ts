// The admin screens built from the design system (projects with and without projects, sites, review
// status, user profile) have no serious accessibility violations, on a desktop and on a phone.
import { AxeBuilder } from '@axe-core/playwright';
import { addDemoProject } from '../support/api.ts';
import { registerAndLogIn } from '../support/auth.ts';
import { expect, type Page, test } from '../support/test.ts';

async function expectNoSeriousViolations(page: Page, path: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${path} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`),
  ).toEqual([]);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`no serious accessibility violations on the admin screens at ${viewport.width} px`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await registerAndLogIn(page);
    await page.goto('/admin/index');
    await expect(page.getByRole('link', { name: 'Add your first project' })).toBeVisible();
    await expectNoSeriousViolations(page, '/admin/index (empty)');

    await addDemoProject(page, ['client@example.test'], ['pm@example.test']);
    const screens: Array<[string, string]> = [
      ['/admin/index', 'Projects'],
      ['/admin/sites', 'Sites'],
      ['/admin/review-status?key=DEMO', 'Review status DEMO'],
      ['/admin/user-profile', 'User Profile'],
    ];
    for (const [path, heading] of screens) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expectNoSeriousViolations(page, path);
    }
  });
}
