// The route list (docs/product.md §2). It drives both the router and the sidebar, which lists the "/admin" entries.
// Admin pages are lazy-loaded so the sign-in pages stay small.
import type { ComponentType } from 'react';
import type { SidebarRoute } from '@/features/shell/components/sidebar';

/**
 * What an admin page module may export as `handle` besides its `Component`. `Lead`: the page's heading
 * and what the page is for, which the shell shows above its notices from the first paint on, while the
 * account is still loading (it may not need the user); the rest of the page waits for the account.
 */
export interface PageHandle {
  Lead?: ComponentType;
}

export type RouteEntry = SidebarRoute & {
  layout: '/admin' | '/auth';
  /** Loads the page module; it exports the page as `Component`, and may export a `handle`. */
  load: () => Promise<{ Component: ComponentType; handle?: PageHandle }>;
};

export const routeTable: readonly RouteEntry[] = [
  {
    layout: '/admin',
    path: '/index',
    name: 'Projects',
    icon: 'projects',
    load: () => import('./routes/admin/projects'),
  },
  {
    layout: '/admin',
    path: '/add-project',
    name: 'Add project',
    hidden: true,
    load: () => import('./routes/admin/add-project'),
  },
  {
    layout: '/admin',
    path: '/edit-project',
    name: 'Edit project',
    hidden: true,
    load: () => import('./routes/admin/edit-project'),
  },
  {
    layout: '/admin',
    path: '/send-stories',
    name: 'Send stories',
    hidden: true,
    load: () => import('./routes/admin/send-stories'),
  },
  {
    layout: '/admin',
    path: '/review-status',
    name: 'Review status',
    hidden: true,
    load: () => import('./routes/admin/review-status'),
  },
  {
    layout: '/admin',
    path: '/team',
    name: 'Team',
    icon: 'team',
    load: () => import('./routes/admin/team'),
  },
  {
    layout: '/admin',
    path: '/sites',
    name: 'Sites',
    icon: 'sites',
    load: () => import('./routes/admin/sites'),
  },
  {
    layout: '/admin',
    path: '/join',
    name: 'Join a workspace',
    hidden: true,
    load: () => import('./routes/admin/join'),
  },
  {
    layout: '/admin',
    path: '/user-profile',
    name: 'User profile',
    icon: 'user',
    load: () => import('./routes/admin/user-profile'),
  },
  {
    layout: '/auth',
    path: '/login',
    name: 'Login',
    icon: 'key',
    load: () => import('./routes/auth/login'),
  },
  {
    layout: '/auth',
    path: '/register',
    name: 'Register',
    icon: 'register',
    load: () => import('./routes/auth/register'),
  },
];
