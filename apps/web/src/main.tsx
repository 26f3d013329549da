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

// Every page the build writes has #root (index.html, login.html, admin.html, the pre-rendered pages); no check
// for a page that cannot exist, as the login budget counts every byte of this chunk.
const container = document.getElementById('root') as HTMLElement;
/**
 * A page the build rendered ahead (src/prerender/pages.tsx) says how to take it over: "hydrate" (login.html:
 * the app's first render is that very markup) or "replace" (admin-index.html: the app's first frame
 * without the visitor's data, which the app renders in its place); other pages are empty.
 */
const prerendered = container.dataset.prerendered;

/**
 * Puts what a field holds into React's state: React sees a change only when the value differs from the one
 * it last saw (its value tracker, which hydration sets to whatever the field held by then), hence another
 * value through the element's own setter first, then the value through the prototype's, which React does not see.
 */
function replayValue(input: HTMLInputElement, value: string) {
  input.value = value ? '' : ' ';
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * What the visitor did on the pre-rendered page before the app took over (apps/web/README.md, "Pre-rendered
 * pages"). Until then, the page's start script keeps every submission and button click from React (which
 * may listen while it hydrates) and notes it in #root's `data-early`. Returns what the app calls once its
 * first render is on the page: in one go, with no event in between, it marks #root as started (from then on
 * React alone handles the page), puts what every field holds at that moment into React's state (the
 * fields' values are read only now: typed, pasted or filled by a password manager until the last moment),
 * and then acts on each noted control once per press, found by its place among the page's controls, since
 * a replaced page has new elements (a form is sent once, however often it was).
 */
function takeOverEarlyInput(root: HTMLElement): () => void {
  // A replaced page's fields are gone by then but still hold their values.
  const inputsBefore = [...root.querySelectorAll('input')];
  return () => {
    root.setAttribute('data-started', '');
    // Read once: the start script notes nothing more from now on.
    const early = (root.dataset.early ?? '').split(',').filter(Boolean).map(Number);
    const inputs = [...root.querySelectorAll('input')];
    inputsBefore.forEach((before, i) => {
      const input = inputs[i];
      if (input && before.value !== before.defaultValue) replayValue(input, before.value);
    });
    // Once React has rendered those values.
    setTimeout(() => {
      // The page's forms and buttons, in document order, as the start script counted them.
      const controls = [...root.querySelectorAll<HTMLElement>('form,button')];
      const sent = new Set<HTMLFormElement>();
      for (const i of early) {
        const control = controls[i];
        if (control instanceof HTMLFormElement) {
          if (!sent.has(control)) control.requestSubmit();
          sent.add(control);
        } else control?.click();
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
