// Decorates the server with its SiteDirectory (sites.service.ts), for every module that acts on a site.
import { DEFAULT_SITE_ID, WORKSPACE_HEADER } from '@handoff/core/api';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SecretBox } from '../common/secret-box.ts';
import type { FetchLike, TrackerCredentials } from '../tracker/tracker.ts';
import { admitToWorkspace } from '../workspaces/workspaces.service.ts';
import { saveDefaultSite } from './sites.repository.ts';
import { type ResolvedSite, SiteDirectory } from './sites.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The workspace's tracker sites, their trackers and the members' credentials (main README, "Jira sites"). */
    sites: SiteDirectory & {
      /** How a site is probed before it is added: through the outbound guard (outbound.ts). */
      probeOptions: { fetch: FetchLike };
      /** The site a call names and the caller's credential for it (siteForCaller). */
      forCaller: typeof siteForCaller;
    };
  }
}

export const sitesPlugin = fp(
  async (app) => {
    // The site `default` is a row, written as this server is configured: JIRA_BASE_URL, or the demo tracker.
    const defaultRow = await saveDefaultSite(app.db, {
      kind: app.trackers.defaultTracker.kind,
      baseUrl: app.config.jiraBaseUrl ?? '',
    });
    const directory = new SiteDirectory({
      db: app.db,
      secretBox: new SecretBox(app.config.secretKey),
      trackers: app.trackers,
      defaultRow,
    });
    app.decorate(
      'sites',
      Object.assign(directory, {
        probeOptions: { fetch: app.outbound.fetch },
        forCaller: siteForCaller,
      }),
    );
  },
  { name: 'sites', dependencies: ['tracker'] },
);

/**
 * The site a call names and the caller's credential for it, for the account-level calls that act in no
 * workspace unless a site is named (getAllProjects): `default` with the API key given or the stored one;
 * an added site only after the caller is admitted to the workspace it belongs to.
 */
async function siteForCaller(
  request: FastifyRequest,
  siteId: string | undefined,
  givenKey: string | undefined,
): Promise<{ site: ResolvedSite; credentials: TrackerCredentials }> {
  const { sites, db } = request.server;
  const user = request.productUser;
  if (siteId === undefined || siteId === DEFAULT_SITE_ID) {
    return { site: sites.defaultSite, credentials: { email: user.email, apiToken: givenKey || user.apikey } };
  }
  const named = request.headers[WORKSPACE_HEADER.toLowerCase()];
  const membership =
    request.membership ?? (await admitToWorkspace(db, user, typeof named === 'string' ? named : undefined));
  const site = await sites.site(membership.workspaceId, siteId);
  return { site, credentials: await sites.requireCredential(membership.workspaceId, site, user.id) };
}
