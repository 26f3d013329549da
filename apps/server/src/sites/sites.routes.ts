// POST /jira/sites/add, /jira/sites/list, /jira/sites/remove (owners add and remove) and
// /jira/sites/setCredential (each member's own credential per site); main README, "Jira sites".
import {
  addSiteAnswer,
  addSiteBody,
  DEFAULT_SITE_ID,
  listSitesAnswer,
  listSitesBody,
  removeSiteBody,
  setSiteCredentialBody,
  siteChangeAnswer,
} from '@handoff/core/api';
import { TRACKER_KINDS } from '@handoff/core/tracker-kinds';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { storeJiraToken } from '../accounts/accounts.service.ts';
import { forgetProductUser } from '../auth/product-user.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import {
  addSite,
  removeUnusedSite,
  sitesWithCredentials,
  storeSiteCredential,
} from './sites-admin.service.ts';

const tags = ['sites'];

export async function sitesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/jira/sites/add',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description:
          "Adds a tracker site to the workspace after it answers as the kind chosen (the kind's adapter checks it: Jira's GET /rest/api/2/serverInfo says deploymentType Cloud for jira-cloud, anything else for jira-datacenter). Owners only.",
        body: addSiteBody,
        response: { 200: addSiteAnswer },
      },
    },
    async (request) => {
      const { name, kind, baseUrl } = request.body;
      if (name.toLowerCase() === DEFAULT_SITE_ID)
        throw badRequest('The name "default" is taken by the site every workspace has.');
      // Refused before any connection when the host is not public (outbound.ts); the probe's own
      // connection is checked again, so a name that changes its answer gets no further.
      await app.outbound.checkUrl(baseUrl);
      await app.trackers.probe({ kind, baseUrl }).checkSite(app.sites.probeOptions);
      const row = await addSite(app.db, request.membership.workspaceId, { name, kind, baseUrl });
      if (!row) throw conflict(`This workspace has a site named ${JSON.stringify(name)} already.`);
      return { data: { id: row.id, name: row.name, kind: row.kind, baseUrl: row.base_url } };
    },
  );

  app.post(
    '/jira/sites/list',
    {
      schema: {
        tags,
        description:
          "The workspace's Jira sites, `default` first, with whether the caller has a credential for each.",
        body: listSitesBody,
        response: { 200: listSitesAnswer },
      },
    },
    async (request) => {
      const { defaultSite } = app.sites;
      const rows = await sitesWithCredentials(app.db, request.membership.workspaceId, request.productUser.id);
      return {
        data: [
          {
            id: defaultSite.id,
            name: defaultSite.name,
            kind: defaultSite.kind,
            baseUrl: defaultSite.baseUrl,
            hasCredential: true,
          },
          ...rows.map((row) => ({
            id: row.id,
            name: row.name,
            kind: row.kind,
            baseUrl: row.base_url,
            hasCredential: row.credential_of !== null,
          })),
        ],
      };
    },
  );

  app.post(
    '/jira/sites/remove',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description:
          'Removes a site no project uses (409 while one does; the site `default` stays). Owners only.',
        body: removeSiteBody,
        response: { 200: siteChangeAnswer },
      },
    },
    async (request) => {
      const { siteId } = request.body;
      if (siteId === DEFAULT_SITE_ID) throw badRequest('The site "default" is part of every workspace.');
      const outcome = await removeUnusedSite(app.db, request.membership.workspaceId, siteId);
      if (outcome === 'none') throw notFound(`This workspace has no site ${JSON.stringify(siteId)}.`);
      if (outcome === 'used') {
        throw new AppError(409, 'SITE_IN_USE', 'A project lives on this site: delete the project first.');
      }
      return { status: 200 as const, message: 'The site was removed.' };
    },
  );

  app.post(
    '/jira/sites/setCredential',
    {
      schema: {
        tags,
        description:
          "Saves the caller's own credential for a site, encrypted, after the site accepts it (GET …/myself; an anonymous answer is a refusal). Jira Cloud: e-mail and API token; Jira Data Center: a personal access token. For `default` it replaces the registration API key.",
        body: setSiteCredentialBody,
        response: { 200: siteChangeAnswer },
      },
    },
    async (request) => {
      const { siteId, token } = request.body;
      const user = request.productUser;
      const site = await app.sites.site(request.membership.workspaceId, siteId);
      const { needsEmail } = TRACKER_KINDS[site.kind].credential;
      const email = needsEmail ? (request.body.email ?? user.email) : user.email;
      if (site.tracker.kind !== 'demo') await site.tracker.checkCredential({ email, apiToken: token });
      if (site.id === DEFAULT_SITE_ID) {
        await storeJiraToken(app.db, user.id, app.sites.seal(token));
        forgetProductUser(request);
      } else {
        await storeSiteCredential(app.db, {
          siteId: site.id,
          userId: user.id,
          email: needsEmail ? email : null,
          tokenEncrypted: app.sites.seal(token),
        });
      }
      return {
        status: 200 as const,
        message: `Your token for ${site.id === DEFAULT_SITE_ID ? 'the default site' : site.name} has been saved.`,
      };
    },
  );
}
