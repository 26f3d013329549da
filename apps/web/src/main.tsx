import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createRoutes } from './app/router';
import { loadRuntimeConfig } from './lib/runtime-config';
import { createServices } from './lib/services';
import './styles/tokens.css';
import './styles/global.css';
import './styles/auth-pages.css';
import './styles/feedback.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const root = createRoot(container);

function ConfigError({ message }: { message: string }) {
  return (
    <main className="error-page">
      <h1>Handoff could not start</h1>
      <p>The application configuration could not be loaded.</p>
      <p className="error-page__detail">{message}</p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Try again
      </button>
    </main>
  );
}

loadRuntimeConfig().then(
  (config) => {
    const router = createBrowserRouter(createRoutes());
    root.render(
      <StrictMode>
        <AppProvider services={createServices(config)}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  },
  (error: unknown) => {
    root.render(<ConfigError message={error instanceof Error ? error.message : String(error)} />);
  },
);
