// Which built page answers a browser's navigation. The web build writes index.html, whose preload links
// fetch the sign-in page's chunks with the main script, and admin.html, the same app preloading the admin
// layout and the projects screen instead (apps/web/vite.config.ts): a signed-in visitor's browser then
// fetches them at once, not one round trip after the main script has run.
import { existsSync } from 'node:fs';
import path from 'node:path';

const hasAdminPage = new Map<string, boolean>();

/** The file under `webRoot` to send for the page at `url`. */
export function appPageFor(url: string, webRoot: string): 'index.html' | 'admin.html' {
  const pathname = url.split('?')[0] ?? '/';
  if (!/^\/admin(\/|$)/.test(pathname)) return 'index.html';
  let built = hasAdminPage.get(webRoot);
  if (built === undefined) {
    built = existsSync(path.join(webRoot, 'admin.html'));
    hasAdminPage.set(webRoot, built);
  }
  return built ? 'admin.html' : 'index.html';
}
