import { expect, test } from '../support/test.ts';

test('the browser enforces the CSP: an injected inline script does not run, and is reported', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 100));
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  // Expected in this test only: the fixture fails every other test that causes one.
  cspViolations.length = 0;
});

test('the app cannot be framed', async ({ page }) => {
  const response = await page.goto('/auth/login');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');
});
