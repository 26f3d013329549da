import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, routerReady } from './app/app';
import { createRoutes } from './app/router';
import { loadRuntimeConfig } from './lib/runtime-config';
import { createServices } from './lib/services';
import './styles/tokens.css';
import './styles/global.css';
import './styles/auth-pages.css';
import './styles/feedback.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
/** login.html (served for /auth/login) holds the login screen rendered by the build; other pages are empty. */
const prerendered = container.hasChildNodes();

/**
 * What the visitor did on the pre-rendered form before the app took over. Hydrating keeps typed values on
 * the page but not in React's state: replaying them as input events puts them there (React sees a change
 * only when the value differs from the one it last saw, hence the reset first). A button clicked meanwhile
 * is clicked again, and a form sent meanwhile, held back by login.html's start script (a native submission
 * would put the password in the URL), is sent now.
 */
function takeOverEarlyInput(root: HTMLElement): () => void {
  const typed = [...root.querySelectorAll('input')].filter((input) => input.value !== input.defaultValue);
  const values = typed.map((input) => input.value);
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  return () => {
    // login.html's start script marks clicks only until then.
    root.setAttribute('data-started', '');
    typed.forEach((input, i) => {
      input.value = input.defaultValue;
      setValue?.call(input, values[i]);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    // Once React has rendered those values.
    setTimeout(() => {
      for (const early of root.querySelectorAll<HTMLElement>('[data-early]')) {
        early.removeAttribute('data-early');
        if (early instanceof HTMLFormElement) early.requestSubmit();
        else early.click();
      }
    });
  };
}

loadRuntimeConfig().then(
  async (config) => {
    const router = createBrowserRouter(createRoutes());
    const services = createServices(config);
    if (!prerendered) {
      createRoot(container).render(<App services={services} router={router} />);
      return;
    }
    // React adopts the pre-rendered markup as it is only if its first render is the login page itself,
    // not the router's loading state.
    await routerReady(router);
    hydrateRoot(
      container,
      <App services={services} router={router} onStarted={takeOverEarlyInput(container)} />,
    );
  },
  async (error: unknown) => {
    const { ConfigError } = await import('./app/config-error');
    container.replaceChildren();
    createRoot(container).render(
      <ConfigError message={error instanceof Error ? error.message : String(error)} />,
    );
  },
);
