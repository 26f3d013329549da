// What the caller check (auth/) asks of the identity provider: verify an ID token.
/** Who a verified ID token says the caller is. */
export interface AuthenticatedUser {
  /** The identity provider's user id (`sub` / localId). */
  uid: string;
  email: string;
  /** false only while the account must still prove its address (README, Security). */
  emailVerified: boolean;
}

/** Verifies an ID token (ours or Google's, by AUTH_MODE); throws a 401 AppError when it is not valid. */
export interface TokenVerifier {
  verify(idToken: string): Promise<AuthenticatedUser>;
}
