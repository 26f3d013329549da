// Every in-app URL lives here, so components hold no URL literals.
export const paths = {
  root: '/',
  admin: {
    layout: '/admin',
    index: '/admin/index',
    userProfile: '/admin/user-profile',
    addProject: '/admin/add-project',
  },
  auth: {
    layout: '/auth',
    login: '/auth/login',
    register: '/auth/register',
  },
  resetPassword: '/reset-password',
} as const;
