// Every in-app URL lives here, so components hold no URL literals.
export const paths = {
  root: '/',
  admin: {
    layout: '/admin',
    index: '/admin/index',
    userProfile: '/admin/user-profile',
    addProject: '/admin/add-project',
    editProject: '/admin/edit-project',
    sendStories: '/admin/send-stories',
    reviewStatus: '/admin/review-status',
    team: '/admin/team',
    sites: '/admin/sites',
    join: '/admin/join',
  },
  auth: {
    layout: '/auth',
    login: '/auth/login',
    register: '/auth/register',
  },
  resetPassword: '/reset-password',
  /** The invitation link e-mailed by the server: `/join/{token}`. */
  invitation: '/join',
} as const;

/** Where an invitation link is accepted, inside the admin area: `/admin/join?token=…`. */
export function joinHref(token: string): string {
  return `${paths.admin.join}?${new URLSearchParams({ token })}`;
}

/**
 * A project screen's URL: `/admin/edit-project?key=ABC` (docs/product.md §2), with `&site=` for a project of an
 * added Jira site (two sites may have its key).
 */
export function projectHref(path: string, projectKey: string, siteId?: string): string {
  const query = new URLSearchParams({ key: projectKey });
  if (siteId && siteId !== 'default') query.set('site', siteId);
  return `${path}?${query}`;
}
