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
  },
  auth: {
    layout: '/auth',
    login: '/auth/login',
    register: '/auth/register',
  },
  resetPassword: '/reset-password',
} as const;

/** A project screen's URL: `/admin/edit-project?key=ABC` (SPEC §2). */
export function projectHref(path: string, projectKey: string): string {
  return `${path}?${new URLSearchParams({ key: projectKey })}`;
}
