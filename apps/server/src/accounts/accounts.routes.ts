import { texts } from '@handoff/core';
import {
  errorAnswer,
  getUserByEmailAnswer,
  getUserByEmailBody,
  logoutAnswer,
  logoutBody,
  registerAnswer,
  registerBody,
  updateNameAnswer,
  updateNameBody,
} from '@handoff/core/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forgetRegistrationKey,
  type RegistrationWorkspaces,
  registerUser,
  storeDisplayName,
} from './accounts.service.ts';
import { sealApiKey } from './api-key.ts';

const tags = ['accounts'];

/** POST /jira/register, POST /jira/get-user-by-email (docs/product.md §7) and POST /jira/logout. */
export async function accountsRoutes(
  app: FastifyInstance,
  workspaces: RegistrationWorkspaces & {
    /** After the signed-in user's row changed: the next call loads it again (auth/, passed in by app.ts). */
    forgetProductUser(request: FastifyRequest): void;
  },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // A reset through the e-mailed link proves the mailbox: a Jira token set before anyone had proved it
  // may be a squatter's, so it goes (main README, "No squatting").
  app.identity.provider?.onFirstProofByReset(forgetRegistrationKey);

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
      const { email, password, apikey, name } = request.body;
      await registerUser(app, workspaces, {
        email,
        password,
        ip: request.ip,
        apikeyEncrypted: sealApiKey(request, apikey),
        name: name ?? '',
      });
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
      return { data: { id: user.id, email: user.email, apikey: user.apikey, name: user.name } };
    },
  );

  api.post(
    '/jira/updateName',
    {
      config: { workspace: false },
      schema: {
        tags,
        summary: "Sets the signed-in user's display name, shown instead of the address (empty clears it)",
        body: updateNameBody,
        response: { 200: updateNameAnswer, 400: errorAnswer, 401: errorAnswer, 403: errorAnswer },
      },
    },
    async (request) => {
      const { name } = request.body;
      await storeDisplayName(app.db, request.productUser.id, name);
      workspaces.forgetProductUser(request);
      return {
        status: 200 as const,
        message: name ? 'Your name has been saved.' : 'Your name has been removed.',
        data: { name },
      };
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
