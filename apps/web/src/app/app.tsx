// The app's React tree, shared by the browser (main.tsx) and the build's pre-rendering of the first pages
// (src/prerender/pages.tsx): hydrating pre-rendered markup needs the very same tree on both sides.
import { type ComponentProps, StrictMode, useEffect } from 'react';
// react-router/dom's RouterProvider only adds flushSync, which no navigation here asks for.
import { RouterProvider } from 'react-router';
import type { Services } from '@/lib/services';
import type { AppState } from '@/stores/app-store';
import { AppProvider } from './provider';

type AppRouter = ComponentProps<typeof RouterProvider>['router'];

export function App({
  services,
  router,
  initialState,
  onStarted,
}: {
  services: Services;
  router: AppRouter;
  initialState?: AppState;
  /** Called once the first render is on the page (after every effect of the tree). */
  onStarted?: () => void;
}) {
  useEffect(() => onStarted?.(), [onStarted]);
  return (
    <StrictMode>
      <AppProvider services={services} initialState={initialState}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
}

/**
 * Resolves once the router has loaded the current route's code (its `lazy` modules): until then it renders
 * the HydrateFallback, not the page.
 */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
