import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string().describe("Base URL of the product API; '' means the page's own origin."),
  identityToolkitUrl: z.string(),
  secureTokenUrl: z.string(),
  identityApiKey: z.string(),
  authMode: z.enum(['builtin', 'firebase']),
  demoTracker: z.boolean(),
});

/** What the web app needs to know at run time, so one build serves every deployment. */
export async function runtimeConfigRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/config.json',
    {
      schema: {
        description: 'Runtime configuration for the web app.',
        response: { 200: runtimeConfigSchema },
      },
    },
    async (_request, reply) => {
      const { config } = app;
      const builtin = config.authMode === 'builtin';
      reply.header('cache-control', 'no-cache');
      return {
        apiBaseUrl: '',
        identityToolkitUrl: builtin
          ? `${config.publicUrl}/identitytoolkit.googleapis.com`
          : 'https://identitytoolkit.googleapis.com',
        secureTokenUrl: builtin
          ? `${config.publicUrl}/securetoken.googleapis.com`
          : 'https://securetoken.googleapis.com',
        identityApiKey: builtin ? config.identityApiKey : (config.firebase?.apiKey ?? ''),
        authMode: config.authMode,
        demoTracker: !config.jiraBaseUrl,
      };
    },
  );
}
