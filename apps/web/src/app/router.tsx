// Top-level routes (docs/product.md §2):
//   /admin/*         admin area, needs "auth-token"; unknown paths → /admin/index
//   /auth/*          auth area, a signed-in user → /admin/index; unknown paths → /auth/login
//   /auth/action     open: the e-mailed verification link (signed in or not)
//   /reset-password  open
//   /join/:token     an invitation link: signed in → /admin/join?token=…; else remembered until sign-in
//   anything else    → /admin/index
import { Navigate, type RouteObject } from 'react-router';
import { RootLayout } from '@/components/layouts/root-layout';
import { paths } from '@/config/paths';
import { RedirectIfAuthenticated, RequireAuth } from './gates';
import { PageLoader, RouteError } from './route-fallbacks';
import { type RouteEntry, routeTable } from './route-table';

const toRoute = (entry: RouteEntry): RouteObject => ({ path: entry.path.slice(1), lazy: entry.load });

const byLayout = (layout: RouteEntry['layout']) => routeTable.filter((entry) => entry.layout === layout);

export function createRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      Component: RootLayout,
      HydrateFallback: PageLoader,
      ErrorBoundary: RouteError,
      children: [
        {
          path: 'admin',
          Component: RequireAuth,
          children: [
            {
              lazy: () => import('./routes/admin/admin-layout'),
              children: [
                { index: true, element: <Navigate to={paths.admin.index} replace /> },
                ...byLayout('/admin').map(toRoute),
                { path: '*', element: <Navigate to={paths.admin.index} replace /> },
              ],
            },
          ],
        },
        { path: 'auth/action', lazy: () => import('./routes/auth/action') },
        {
          path: 'auth',
          Component: RedirectIfAuthenticated,
          children: [
            { index: true, element: <Navigate to={paths.auth.login} replace /> },
            ...byLayout('/auth').map(toRoute),
            { path: '*', element: <Navigate to={paths.auth.login} replace /> },
          ],
        },
        { index: true, element: <Navigate to={paths.admin.index} replace /> },
        { path: 'reset-password', lazy: () => import('./routes/reset-password') },
        { path: 'join/:token', lazy: () => import('./routes/invitation') },
        { path: '*', element: <Navigate to={paths.admin.index} replace /> },
      ],
    },
  ];
}
