// The `test` every spec uses: Playwright's, plus a check that the browser reported no violation of the
// server's Content-Security-Policy while the test ran (and that the pages carried one).
import { test as base, expect } from '@playwright/test';

export type { Browser, BrowserContext, Page, Request } from '@playwright/test';
export { expect };

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      await page.exposeFunction('__reportCspViolation', (violation: string) => violations.push(violation));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          const report = (window as unknown as { __reportCspViolation: (v: string) => void })
            .__reportCspViolation;
          report(
            `${event.violatedDirective} blocked ${event.blockedURI || 'inline code'} (${event.sourceFile}:${event.lineNumber})`,
          );
        });
      });
      // Chromium also logs each violation to the console, including those before any script ran.
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
          violations.push(message.text());
        }
      });
      let pagesWithoutCsp = 0;
      page.on('response', (response) => {
        if (
          response.request().resourceType() === 'document' &&
          !response.headers()['content-security-policy']
        ) {
          pagesWithoutCsp += 1;
        }
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations reported by the browser').toEqual([]);
      expect(pagesWithoutCsp, 'pages served without a Content-Security-Policy').toBe(0);
    },
    { auto: true },
  ],
});
