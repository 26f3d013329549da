// Local storage keys. The first three are fixed by docs/product.md §3 / §9; the others are ours.
export const storageKeys = {
  /** The identity provider's ID token ("accessToken"); its presence gates the admin area. */
  authToken: 'auth-token',
  /** The signed-in e-mail; the admin shell loads the user by it. */
  userEmail: 'user-email',
  /** Read once at start as the initial client state (legacy; never written by this app). */
  authUser: 'authUser',
  /** The provider's refresh token, used to renew the ID token. */
  refreshToken: 'auth-refresh-token',
  /** When the ID token expires, as epoch milliseconds. */
  tokenExpiresAt: 'auth-token-expires-at',
  /** An invitation link opened while signed out: where sign-in continues (the join page). */
  pendingJoin: 'pending-join',
} as const;
