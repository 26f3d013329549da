// Which built page answers a browser's navigation. The web build writes index.html, whose preload links
// fetch the sign-in page's chunks with the main script; admin.html, the same app preloading the admin
// layout and the projects screen instead, so that a signed-in visitor's browser fetches them at once, not
// one round trip after the main script has run; and pages with their first screen already rendered into
// them, which paint before the app has loaded (apps/web/vite.config.ts, "prerenderPages"): login.html for
// /auth/login, admin-index.html for /admin/index (admin-index-demo.html, with the demo tracker's notice in
// its top bar, when this server runs the demo tracker). Only those paths get them: any other page would
// show that screen until the app replaced it.
import { existsSync } from 'node:fs';
import path from 'node:path';

type AppPage = 'index.html' | 'admin.html' | 'login.html' | 'admin-index.html' | 'admin-index-demo.html';

/**
 * The file under `webRoot` to send for the page at `url` (the plainer page when the build has no better
 * one); `demoTracker`: whether this server runs the demo tracker instead of a Jira.
 */
export function appPageFor(url: string, webRoot: string, demoTracker: boolean): AppPage {
  const pathname = url.split('?')[0] ?? '/';
  const candidates: AppPage[] = /^\/admin\/index\/?$/.test(pathname)
    ? [demoTracker ? 'admin-index-demo.html' : 'admin-index.html', 'admin.html']
    : /^\/admin(\/|$)/.test(pathname)
      ? ['admin.html']
      : /^\/auth\/login\/?$/.test(pathname)
        ? ['login.html']
        : [];
  return candidates.find((page) => existsSync(path.join(webRoot, page))) ?? 'index.html';
}
