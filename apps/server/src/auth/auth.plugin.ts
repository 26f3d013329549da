import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../errors.ts';

/** Who a verified ID token says the caller is. */
export interface AuthenticatedUser {
  /** The identity provider's user id (`sub` / localId). */
  uid: string;
  email: string;
}

/** Verifies an ID token (ours or Google's, by AUTH_MODE); throws a 401 AppError when it is not valid. */
export interface TokenVerifier {
  verify(idToken: string): Promise<AuthenticatedUser>;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook for routes that need `Authorization: Bearer <ID token>`; sets request.user. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** Puts the bearer-token check on the instance; the verifier comes from the identity module. */
export const authPlugin = fp<{ verifier: TokenVerifier }>(
  async (app, { verifier }) => {
    app.decorateRequest('user', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw unauthorized('Sign in first: this call needs an Authorization: Bearer token.');
      request.user = await verifier.verify(match[1]);
    });
  },
  { name: 'auth' },
);
