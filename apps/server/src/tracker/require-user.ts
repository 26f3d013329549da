import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * `app.requireUser` as an onRequest hook, looked up on each request so that route plugins do not
 * depend on being registered after the auth plugin.
 */
export function requireUser(app: FastifyInstance) {
  return (request: FastifyRequest, reply: FastifyReply): Promise<void> => app.requireUser(request, reply);
}
