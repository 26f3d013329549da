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
/**
 * A page the build rendered ahead (src/prerender/pages.tsx) says how to take it over: "hydrate" (login.html:
 * the app's first render is that very markup) or "replace" (admin-index.html: the app's first frame
 * without the visitor's data, which the app renders in its place); other pages are empty.
 */
const prerendered = container.dataset.prerendered;

/** The controls of `root` a visitor may use before the app runs, in document order. */
const controlsOf = (root: HTMLElement) => [...root.querySelectorAll<HTMLElement>('form, button')];

/**
 * What the visitor did on the pre-rendered page before the app took over. Hydrating keeps typed values on
 * the page but not in React's state: replaying them as input events puts them there (React sees a change
 * only when the value differs from the one it last saw, hence the reset first). A button clicked meanwhile
 * is clicked again, and a form sent meanwhile, held back by the page's start script (a native submission
 * would put the password in the URL), is sent now; both are found again by their place among the page's
 * controls, since a replaced page has new elements.
 */
function takeOverEarlyInput(root: HTMLElement): () => void {
  const typed = [...root.querySelectorAll('input')].filter((input) => input.value !== input.defaultValue);
  const values = typed.map((input) => input.value);
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  const marked = () =>
    controlsOf(root).flatMap((control, i) => (control.hasAttribute('data-early') ? [i] : []));
  const markedBefore = marked();
  return () => {
    // The start script marks clicks only until then.
    root.setAttribute('data-started', '');
    typed.forEach((input, i) => {
      if (!input.isConnected) return;
      input.value = input.defaultValue;
      setValue?.call(input, values[i]);
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    const early = new Set([...markedBefore, ...marked()]);
    // Once React has rendered those values.
    setTimeout(() => {
      const controls = controlsOf(root);
      for (const i of early) {
        const control = controls[i];
        control?.removeAttribute('data-early');
        if (control instanceof HTMLFormElement) control.requestSubmit();
        else control?.click();
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
    // The app's first render is the page itself only once the router has the route's code, not while it
    // shows its loading state.
    await routerReady(router);
    // Read before React replaces a pre-rendered page's elements.
    const onStarted = takeOverEarlyInput(container);
    const app = <App services={services} router={router} onStarted={onStarted} />;
    if (prerendered === 'hydrate') hydrateRoot(container, app);
    // React replaces the markup in the same frame as it draws its own.
    else createRoot(container).render(app);
  },
  async (error: unknown) => {
    const { ConfigError } = await import('./app/config-error');
    container.replaceChildren();
    createRoot(container).render(
      <ConfigError message={error instanceof Error ? error.message : String(error)} />,
    );
  },
);
