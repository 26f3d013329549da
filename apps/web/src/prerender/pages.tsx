// Build-time rendering of the pages a visitor opens first (apps/web/vite.config.ts writes them beside
// index.html): they paint from the HTML and the stylesheets alone, before the app has loaded.
// - login.html: /auth/login for a signed-out visitor; main.tsx hydrates it (the same App tree as in the
//   browser, so the markup matches).
// - admin-index.html, admin-index-demo.html: /admin/index for a signed-in visitor while the account loads
//   (the shell, the Projects heading and what the page is for), without and with the demo tracker's
//   notice (the server picks by its configuration). It holds no one's data (its start script writes the
//   stored e-mail into the user menu): main.tsx renders the app in its place, which draws the same frame.
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App, routerReady } from '@/app/app';
import { createRoutes } from '@/app/router';
import { paths } from '@/config/paths';
import { storageKeys } from '@/config/storage-keys';
import { createServices } from '@/lib/services';
import { emptyState } from '@/stores/app-store';

/** Local storage holding `items` only. */
function storageOf(items: Record<string, string>): Storage {
  const keys = Object.keys(items);
  return {
    length: keys.length,
    clear: () => {},
    getItem: (key) => items[key] ?? null,
    key: (index) => keys[index] ?? null,
    removeItem: () => {},
    setItem: () => {},
  };
}

/** Never called while rendering: the services only need a configuration to exist. */
const buildTimeConfig = {
  apiBaseUrl: '',
  identityToolkitUrl: '/identitytoolkit.googleapis.com',
  secureTokenUrl: '/securetoken.googleapis.com',
  identityApiKey: 'prerender',
  authMode: 'builtin',
  demoTracker: false,
  maxAttachmentBytes: 1,
  inviteOnly: false,
} as const;

async function renderPage(path: string, storage: Storage, demoTracker = false): Promise<string> {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  await routerReady(router);
  const services = createServices({ ...buildTimeConfig, demoTracker }, storage);
  return renderToString(<App services={services} router={router} initialState={emptyState} />);
}

/** The markup of the login screen, to put inside #root. */
export function renderLoginPage(): Promise<string> {
  return renderPage(paths.auth.login, storageOf({}));
}

/**
 * The markup of /admin/index while a signed-in visitor's account loads, to put inside #root. The session
 * is only there to pass the sign-in gate; its e-mail is unknown here, so the user menu says "Account"
 * until the page's start script writes the stored one in (vite.config.ts, `namesAccount`).
 */
export function renderAdminIndex(demoTracker: boolean): Promise<string> {
  return renderPage(paths.admin.index, storageOf({ [storageKeys.authToken]: 'prerender' }), demoTracker);
}
