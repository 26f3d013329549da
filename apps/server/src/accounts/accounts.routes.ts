import { comparableEmail, EMAIL_ALREADY_IN_USE_MESSAGE, texts } from '@handoff/core';
import {
  errorAnswer,
  getUserByEmailAnswer,
  getUserByEmailBody,
  logoutAnswer,
  logoutBody,
  registerAnswer,
  registerBody,
} from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { AppError, badRequest } from '../errors.ts';
import { IdentityError, LONG_PASSWORD_DETAIL, MAX_PASSWORD_LENGTH } from '../identity/identity.errors.ts';
import { sealApiKey } from './api-key.ts';
import {
  countUsers,
  dropRegistrationKey,
  findUserByIdentityUid,
  insertUser,
  takeOverUser,
} from './users.repository.ts';

const tags = ['accounts'];

/**
 * What registration needs of workspaces/, passed in by app.ts: workspaces/ builds on accounts/ (a member is
 * a user), so accounts/ does not import it.
 */
export interface RegistrationWorkspaces {
  /** Creates the new user's own workspace, in the registration's transaction. */
  createPersonalWorkspace(trx: Kysely<Database>, userId: string, email: string): Promise<unknown>;
  /** Whether an address has an open invitation (REGISTRATION=invite). */
  hasOpenInvitation(db: Kysely<Database>, email: string, at: Date): Promise<boolean>;
}

/** POST /jira/register, POST /jira/get-user-by-email (docs/product.md §7) and POST /jira/logout. */
export async function accountsRoutes(
  app: FastifyInstance,
  workspaces: RegistrationWorkspaces,
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A reset through the e-mailed link proves the mailbox: a Jira token set before anyone had proved it
  // may be a squatter's, so it goes (main README, "No squatting").
  app.identity.provider?.onFirstProofByReset((trx, uid) => dropRegistrationKey(trx, uid));

  api.post(
    '/jira/register',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Register: create the sign-in account and the Handoff user together',
        body: registerBody,
        response: {
          200: registerAnswer,
          400: errorAnswer,
          403: errorAnswer,
          429: errorAnswer,
          502: errorAnswer,
        },
      },
    },
    async (request) => {
      const { email, password, apikey } = request.body;
      await assertInvitedWhenInviteOnly(app, workspaces, email);
      try {
        // The same account creation as the provider's signUp; the product user is written in the same
        // transaction (built-in provider), so a failure leaves neither behind.
        await app.identity.accounts.register(
          { email, password, ip: request.ip },
          async (trx, account) => {
            const apikeyEncrypted = sealApiKey(request, apikey);
            // The unverified account this registration replaced keeps no hold on the address: its
            // profile is the new account's, with the new Jira token (main README, "No squatting").
            if (account.replacedUid) {
              const taken = await takeOverUser(trx, account.replacedUid, {
                identityUid: account.uid,
                apikeyEncrypted,
              });
              if (taken) return;
            }
            const userId = await insertUser(trx, {
              identityUid: account.uid,
              email: account.email,
              apikeyEncrypted,
            });
            if (!userId) throw new IdentityError('EMAIL_EXISTS');
            await workspaces.createPersonalWorkspace(trx, userId, account.email);
          },
          async (uid) => (await findUserByIdentityUid(app.db, uid)) !== undefined,
        );
      } catch (error) {
        if (error instanceof IdentityError) throw registrationError(error);
        throw error;
      }
      return { status: 200 as const, message: texts.registration.success };
    },
  );

  api.post(
    '/jira/get-user-by-email',
    {
      config: {
        ownEmail: { in: 'body', refusal: 'You may only look up your own account.' },
        workspace: false,
        // The one call an account may make before it proved its address.
        unverified: true,
      },
      schema: {
        tags,
        summary: "The signed-in user's profile (only one's own e-mail)",
        body: getUserByEmailBody,
        response: { 200: getUserByEmailAnswer, 400: errorAnswer, 401: errorAnswer, 403: errorAnswer },
      },
    },
    async (request) => {
      const user = request.productUser;
      return { data: { id: user.id, email: user.email, apikey: user.apikey } };
    },
  );

  api.post(
    '/jira/logout',
    {
      // The refresh token is the credential: whoever holds it may end its session, even when the ID
      // token has expired.
      config: { public: true },
      schema: {
        tags,
        summary: "Logout: end the session of this refresh token on the server (the built-in provider's)",
        body: logoutBody,
        response: { 200: logoutAnswer, 400: errorAnswer },
      },
    },
    async (request) => {
      // Google's service has no call that revokes one session for a client: in firebase mode this ends
      // nothing on the server, and the ID token lapses within the hour.
      await app.identity.provider?.endSession(request.body.refreshToken);
      return { status: 200 as const, message: 'Signed out.' };
    },
  );
}

/**
 * REGISTRATION=invite: only an address with an open invitation may register, except the first account
 * of an empty installation (someone must be able to start it).
 */
async function assertInvitedWhenInviteOnly(
  app: FastifyInstance,
  workspaces: RegistrationWorkspaces,
  email: string,
): Promise<void> {
  if (app.config.registration !== 'invite') return;
  const invited = await workspaces.hasOpenInvitation(app.db, comparableEmail(email.trim()), new Date());
  if (invited || (await countUsers(app.db)) === 0) return;
  throw new AppError(403, 'REGISTRATION_BY_INVITATION', 'Registration is by invitation only.');
}

/** The provider's refusal as the product API's error answer. */
function registrationError(error: IdentityError): AppError {
  switch (error.code) {
    case 'EMAIL_EXISTS':
      return new AppError(400, 'EMAIL_EXISTS', EMAIL_ALREADY_IN_USE_MESSAGE);
    case 'WEAK_PASSWORD':
      return badRequest(
        error.detail === LONG_PASSWORD_DETAIL
          ? `The password may be at most ${MAX_PASSWORD_LENGTH} characters long.`
          : 'The password must be 6 characters long or more.',
        'WEAK_PASSWORD',
      );
    case 'PASSWORD_DOES_NOT_MEET_REQUIREMENTS':
      return badRequest(error.detail ?? 'The password does not meet the requirements.', 'WEAK_PASSWORD');
    case 'MISSING_EMAIL':
      return badRequest('Enter your e-mail address.', 'MISSING_EMAIL');
    case 'INVALID_EMAIL':
      return badRequest('The email address is badly formatted.', 'INVALID_EMAIL');
    case 'MISSING_PASSWORD':
      return badRequest('Enter a password.', 'MISSING_PASSWORD');
    case 'TOO_MANY_ATTEMPTS_TRY_LATER':
      return new AppError(429, 'TOO_MANY_ATTEMPTS', 'Too many attempts. Try again later.');
    case 'ADMIN_ONLY_OPERATION':
      // SIGNUP_DOMAINS: the detail names the domains that may register.
      if (error.detail) return new AppError(403, 'REGISTRATION_NOT_ALLOWED', error.detail);
      return new AppError(
        403,
        'REGISTRATION_DISABLED',
        'Registration with e-mail and password is turned off.',
      );
    case 'OPERATION_NOT_ALLOWED':
      return new AppError(
        403,
        'REGISTRATION_DISABLED',
        'Registration with e-mail and password is turned off.',
      );
    default:
      return badRequest(`Registration failed (${error.code}).`, error.code);
  }
}
