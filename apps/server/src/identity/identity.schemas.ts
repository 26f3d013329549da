import { z } from 'zod';

// Identity Toolkit request and response shapes (https://cloud.google.com/identity-platform/docs/reference/rest/v1/accounts). Request schemas
// document the fields we read; they are never used to reject or strip a request (unknown fields
// such as returnSecureToken and clientType are ignored, snake_case is accepted).

export const apiKeyQuery = z.looseObject({
  key: z.string().optional().describe('The API key (or the x-goog-api-key header).'),
});

/** accounts:signUp and accounts:signInWithPassword take the same fields. */
export const passwordCredentialsBody = z.looseObject({
  email: z.string().optional(),
  password: z.string().optional(),
  returnSecureToken: z.boolean().optional(),
});

export const signUpAnswer = z.object({
  kind: z.string(),
  localId: z.string(),
  email: z.string(),
  idToken: z.string(),
  refreshToken: z.string(),
  expiresIn: z.string(),
});

export const signInAnswer = z.object({
  kind: z.string(),
  localId: z.string(),
  email: z.string(),
  displayName: z.string(),
  idToken: z.string(),
  registered: z.boolean(),
  refreshToken: z.string(),
  expiresIn: z.string(),
});

export const lookupBody = z.looseObject({ idToken: z.string().optional() });

export const lookupAnswer = z.object({
  kind: z.string(),
  users: z.array(
    z.object({
      localId: z.string(),
      email: z.string(),
      emailVerified: z.boolean(),
      displayName: z.string(),
      providerUserInfo: z.array(
        z.object({ providerId: z.string(), federatedId: z.string(), email: z.string(), rawId: z.string() }),
      ),
      passwordHash: z.string(),
      passwordUpdatedAt: z.number(),
      validSince: z.string(),
      disabled: z.boolean(),
      lastLoginAt: z.string(),
      createdAt: z.string(),
    }),
  ),
});

export const sendOobCodeBody = z.looseObject({
  requestType: z.string().optional().describe('PASSWORD_RESET or VERIFY_EMAIL'),
  email: z.string().optional().describe('PASSWORD_RESET: the account to reset'),
  idToken: z.string().optional().describe('VERIFY_EMAIL: the account whose address to verify'),
});

export const sendOobCodeAnswer = z.object({ kind: z.string(), email: z.string() });

export const resetPasswordBody = z.looseObject({
  oobCode: z.string().optional(),
  newPassword: z.string().optional().describe('Omit to only check the code (it is then not used up).'),
});

export const resetPasswordAnswer = z.object({ kind: z.string(), email: z.string(), requestType: z.string() });

export const updateBody = z.looseObject({
  oobCode: z.string().optional().describe('A verification code from the e-mailed link (applyActionCode).'),
});

export const updateAnswer = z.object({
  kind: z.string(),
  localId: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
});

export const passwordPolicyAnswer = z.object({
  customStrengthOptions: z.object({ minPasswordLength: z.number().int() }),
  allowedNonAlphanumericCharacters: z.array(z.string()),
  enforcementState: z.string(),
  forceUpgradeOnSignin: z.boolean(),
  schemaVersion: z.number().int(),
});

export const tokenBody = z.looseObject({
  grant_type: z.string().optional().describe('refresh_token (grantType is accepted too)'),
  refresh_token: z.string().optional(),
});

export const tokenAnswer = z.object({
  access_token: z.string(),
  expires_in: z.string(),
  token_type: z.string(),
  refresh_token: z.string(),
  id_token: z.string(),
  user_id: z.string(),
  project_id: z.string(),
});

export const googleError = z.object({
  error: z.object({
    code: z.number().int(),
    message: z.string(),
    errors: z.array(z.object({ message: z.string(), domain: z.string(), reason: z.string() })),
    status: z.string().optional(),
  }),
});

export const jwksAnswer = z.object({ keys: z.array(z.looseObject({ kid: z.string(), kty: z.string() })) });

/** A request body with its keys in camelCase (Google's APIs accept snake_case too). */
export type Fields = Record<string, unknown>;

/** A field's value when it is a string (bodies are never rejected by the schemas, so anything may come). */
export const stringField = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;
