// Which built page answers a browser's navigation. The web build writes index.html, whose preload links
// fetch the sign-in page's chunks with the main script, and admin.html, the same app preloading the admin
// layout and the projects screen instead (apps/web/vite.config.ts): a signed-in visitor's browser then
// fetches them at once, not one round trip after the main script has run.
import { existsSync } from 'node:fs';
import path from 'node:path';

/** The file under `webRoot` to send for the page at `url` (index.html for a build without admin.html). */
export function appPageFor(url: string, webRoot: string): 'index.html' | 'admin.html' {
  const pathname = url.split('?')[0] ?? '/';
  const admin = /^\/admin(\/|$)/.test(pathname) && existsSync(path.join(webRoot, 'admin.html'));
  return admin ? 'admin.html' : 'index.html';
}
