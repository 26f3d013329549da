import { createHash } from 'node:crypto';
import { runtimeConfigSchema } from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

/**
 * What the web app needs to know at run time, so one build serves every deployment. The answer is
 * written once; browsers revalidate it on every page load (no-cache) and get a 304 while it is unchanged.
 */
export async function runtimeConfigRoutes(
  app: FastifyInstance,
  options: { hasAccounts: () => Promise<boolean> },
): Promise<void> {
  const { config } = app;
  const builtin = config.authMode === 'builtin';
  // Without PUBLIC_URL, paths on the page's own origin: the server works under whatever name (and
  // scheme) users reach it by. With PUBLIC_URL, that origin.
  const origin = config.publicUrlConfigured ? config.publicUrl : '';
  const answerFor = (inviteOnly: boolean) => {
    const body = JSON.stringify(
      runtimeConfigSchema.parse({
        apiBaseUrl: '',
        identityToolkitUrl: builtin
          ? `${origin}/identitytoolkit.googleapis.com`
          : 'https://identitytoolkit.googleapis.com',
        secureTokenUrl: builtin
          ? `${origin}/securetoken.googleapis.com`
          : 'https://securetoken.googleapis.com',
        identityApiKey: builtin ? config.identityApiKey : (config.firebase?.apiKey ?? ''),
        authMode: config.authMode,
        demoTracker: !config.jiraBaseUrl,
        maxAttachmentBytes: config.maxAttachmentBytes,
        inviteOnly,
      }),
    );
    return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
  };
  const open = answerFor(false);
  const inviteOnly = answerFor(true);
  // REGISTRATION=invite lets the first account of an empty installation in: until one exists, the
  // register screen is open. Once an account exists it stays so (accounts are not all deleted).
  let hasAccounts = false;
  const currentAnswer = async () => {
    if (config.registration === 'open') return open;
    hasAccounts ||= await options.hasAccounts();
    return hasAccounts ? inviteOnly : open;
  };
  app.get(
    '/config.json',
    {
      schema: {
        description: 'Runtime configuration for the web app.',
        response: { 200: runtimeConfigSchema, 304: z.null().describe('Unchanged since the ETag given') },
      },
    },
    async (request, reply) => {
      const { body, etag } = await currentAnswer();
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('application/json; charset=utf-8').send(body);
    },
  );
}
