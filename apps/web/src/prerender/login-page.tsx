// Build-time rendering of /auth/login for a signed-out visitor (apps/web/vite.config.ts writes it into
// dist/login.html): the page paints from the HTML and the stylesheet alone, and main.tsx hydrates it once
// the app has loaded. The same App tree as in the browser, so the markup matches.
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router';
import { App, routerReady } from '@/app/app';
import { createRoutes } from '@/app/router';
import { paths } from '@/config/paths';
import { createServices } from '@/lib/services';
import { emptyState } from '@/stores/app-store';

/** Local storage of a visitor who has never signed in. */
const emptyStorage: Storage = {
  length: 0,
  clear: () => {},
  getItem: () => null,
  key: () => null,
  removeItem: () => {},
  setItem: () => {},
};

/** Never called while rendering: the services only need a configuration to exist. */
const buildTimeConfig = {
  apiBaseUrl: '',
  identityToolkitUrl: '/identitytoolkit.googleapis.com',
  secureTokenUrl: '/securetoken.googleapis.com',
  identityApiKey: 'prerender',
  authMode: 'builtin',
  demoTracker: false,
  maxAttachmentBytes: 1,
} as const;

/** The markup of the login screen, to put inside #root. */
export async function renderLoginPage(): Promise<string> {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [paths.auth.login] });
  await routerReady(router);
  const services = createServices(buildTimeConfig, emptyStorage);
  return renderToString(<App services={services} router={router} initialState={emptyState} />);
}
