// POST /jira/getAllProjects (docs/product.md §7) and POST /jira/updateApiKey (the profile screen).
import {
  getAllProjectsAnswer,
  getAllProjectsBody,
  updateApiKeyAnswer,
  updateApiKeyBody,
} from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storeJiraToken } from '../accounts/accounts.service.ts';
import { sealApiKey } from '../accounts/api-key.ts';
import type { OwnEmail } from '../auth/auth.plugin.ts';
import { forgetProductUser } from '../auth/product-user.ts';

const tags = ['tracker'];

/** The e-mail a tracker call names must be the signed-in user's own. */
export const ownTrackerEmail = (where: OwnEmail['in']): OwnEmail => ({
  in: where,
  refusal: 'You may only use your own e-mail address for Jira.',
});

export async function trackerRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/jira/getAllProjects',
    {
      // The caller's own Jira account, in no workspace.
      config: { ownEmail: ownTrackerEmail('body'), workspace: false },
      schema: {
        tags,
        description:
          "The Jira projects the user can browse on a site (siteId; `default` when left out): on `default` with the API key given (or the stored one), on an added site with the caller's credential for it (in the workspace of X-Workspace-Id or the current one).",
        body: getAllProjectsBody,
        response: { 200: getAllProjectsAnswer },
      },
    },
    async (request) => {
      const { site, credentials } = await app.sites.forCaller(
        request,
        request.body.siteId,
        request.body.api?.trim(),
      );
      const data = await site.tracker.listProjects(credentials);
      return { data };
    },
  );

  app.post(
    '/jira/updateApiKey',
    {
      config: { workspace: false },
      schema: {
        tags,
        description:
          "Replaces the user's Jira API token after Jira accepts it for the user's e-mail (GET /rest/api/3/myself). " +
          'With the built-in demo tracker the new key is what the demo tracker accepts from then on.',
        body: updateApiKeyBody,
        response: { 200: updateApiKeyAnswer },
      },
    },
    async (request) => {
      const user = request.productUser;
      const { apikey } = request.body;
      // The demo tracker accepts exactly the stored key, so there is nothing to check it against.
      const tracker = app.trackers.defaultTracker;
      if (tracker.kind !== 'demo') await tracker.checkCredential({ email: user.email, apiToken: apikey });
      await storeJiraToken(app.db, user.id, sealApiKey(request, apikey));
      forgetProductUser(request);
      return { status: 200 as const, message: 'Your API Key has been updated.' };
    },
  );
}
