// Which built page answers a browser's navigation. The web build writes index.html, whose preload links
// fetch the sign-in page's chunks with the main script; admin.html, the same app preloading the admin
// layout and the projects screen instead, so that a signed-in visitor's browser fetches them at once, not
// one round trip after the main script has run; and login.html, index.html with the login screen already
// rendered into it, which paints before the app has loaded (apps/web/vite.config.ts). Only /auth/login
// gets it: any other page would show the login form until the app replaced it.
import { existsSync } from 'node:fs';
import path from 'node:path';

type AppPage = 'index.html' | 'admin.html' | 'login.html';

/** The file under `webRoot` to send for the page at `url` (index.html when the build has no better one). */
export function appPageFor(url: string, webRoot: string): AppPage {
  const pathname = url.split('?')[0] ?? '/';
  const page: AppPage = /^\/admin(\/|$)/.test(pathname)
    ? 'admin.html'
    : /^\/auth\/login\/?$/.test(pathname)
      ? 'login.html'
      : 'index.html';
  return page === 'index.html' || existsSync(path.join(webRoot, page)) ? page : 'index.html';
}
