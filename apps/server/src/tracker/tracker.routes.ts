// POST /jira/getAllProjects (SPEC.md §7) and POST /jira/updateApiKey (the profile screen).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type ProductUser, requireProductUser, sealApiKey } from '../accounts/current-user.ts';
import { forbidden } from '../errors.ts';
import { requireUser } from './require-user.ts';

const security = [{ bearer: [] }];
const tags = ['tracker'];

export const apiKeySchema = z
  .string()
  .trim()
  .min(1, 'The API key is required.')
  .max(2048, 'The API key is too long.')
  .refine((key) => !/\s/.test(key), 'The API key may not contain spaces.');

/** The e-mail a tracker call names must be the signed-in user's own. */
export function assertOwnEmail(user: ProductUser, email: string): void {
  if (email.trim().toLowerCase() !== user.email.toLowerCase()) {
    throw forbidden('You may only use your own e-mail address for Jira.');
  }
}

export async function trackerRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/jira/getAllProjects',
    {
      onRequest: requireUser(app),
      schema: {
        tags,
        security,
        description: 'The Jira projects the user can browse, with the API key given (or the stored one).',
        body: z.object({ email: z.string().min(1, 'email is required.'), api: z.string().optional() }),
        response: { 200: z.object({ data: z.array(z.object({ name: z.string(), key: z.string() })) }) },
      },
    },
    async (request) => {
      const user = await requireProductUser(request);
      assertOwnEmail(user, request.body.email);
      const apiToken = request.body.api?.trim() || user.apikey;
      const data = await app.jira.listProjects({ email: user.email, apiToken });
      return { data };
    },
  );

  app.post(
    '/jira/updateApiKey',
    {
      onRequest: requireUser(app),
      schema: {
        tags,
        security,
        description:
          "Replaces the user's Jira API token after Jira accepts it for the user's e-mail (GET /rest/api/3/myself). " +
          'With the built-in demo tracker the new key is what the demo tracker accepts from then on.',
        body: z.object({ apikey: apiKeySchema }),
        response: { 200: z.object({ status: z.literal(200), message: z.string() }) },
      },
    },
    async (request) => {
      const user = await requireProductUser(request);
      const { apikey } = request.body;
      // The demo tracker accepts exactly the stored key, so there is nothing to check it against.
      if (!app.trackerIsDemo) await app.jira.myself({ email: user.email, apiToken: apikey });
      await app.db
        .updateTable('users')
        .set({ apikey_encrypted: sealApiKey(request, apikey) })
        .where('id', '=', user.id)
        .execute();
      return { status: 200 as const, message: 'Your API key has been updated.' };
    },
  );
}
