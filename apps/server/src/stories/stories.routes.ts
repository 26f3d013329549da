// GET /jira/getProjectIssues?projectKey=…&status=… (or &release=…, or &sprint=current) with headers email
// and api (docs/product.md §7), from the project's own tracker site with the caller's credential for it;
// GET /jira/getProjectReleases, the releases the send screen's `Stories of: Release` offers; POST
// /jira/getProjectStatuses, the statuses of the project's workflows for the edit screen's `Statuses offered`.
import {
  DEFAULT_SITE_ID,
  getProjectIssuesAnswer,
  getProjectIssuesHeaders,
  getProjectIssuesQuery,
  getProjectReleasesAnswer,
  getProjectReleasesQuery,
  getProjectStatusesAnswer,
  getProjectStatusesBody,
} from '@handoff/core/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../errors.ts';
import { findProjectOfCaller, projectForCaller } from '../projects/projects.service.ts';
import { ownTrackerEmail } from '../tracker/tracker.routes.ts';
import { withRetests } from './retests.ts';
import { fetchStories, offeredStatuses, storyQueryOf } from './stories.service.ts';

export async function storiesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /** The project (if saved), its site, and the caller's credential there (the api header for the default site). */
  const projectSite = async (
    request: FastifyRequest,
    query: { projectKey: string; siteId?: string | undefined },
    api: string | undefined,
  ) => {
    const { workspaceId } = request.membership;
    const project = await findProjectOfCaller(app.db, request.membership, {
      projectKey: query.projectKey,
      siteId: query.siteId,
    });
    const site = await app.sites.site(workspaceId, project ? project.site_id : query.siteId);
    const given = api?.trim();
    const credentials =
      site.id === DEFAULT_SITE_ID
        ? { email: request.productUser.email, apiToken: given || request.productUser.apikey }
        : await app.sites.requireCredential(workspaceId, site, request.productUser.id);
    return { project, site, credentials };
  };

  app.get(
    '/jira/getProjectReleases',
    {
      config: { ownEmail: ownTrackerEmail('headers') },
      schema: {
        tags: ['stories'],
        description:
          "The releases the send screen's `Stories of: Release` offers, from the project's own site: Jira's versions " +
          '(GET …/project/{key}/versions, archived ones left out), GitHub milestones, Linear cycles, the demo tracker’s own; ' +
          'every unreleased one, then the five latest released. currentSprint: whether the tracker has a running sprint.',
        querystring: getProjectReleasesQuery,
        headers: getProjectIssuesHeaders,
        response: { 200: getProjectReleasesAnswer },
      },
    },
    async (request) => {
      const { site, credentials } = await projectSite(request, request.query, request.headers.api);
      const releases = await site.tracker.listReleases(credentials, request.query.projectKey);
      return { data: { releases, currentSprint: site.tracker.hasSprints } };
    },
  );

  app.get(
    '/jira/getProjectIssues',
    {
      config: { ownEmail: ownTrackerEmail('headers') },
      schema: {
        tags: ['stories'],
        description:
          "The project's stories (issue types JIRA_ISSUE_TYPES) in status Done or Testing (or one of the project's Statuses offered), ordered by key, " +
          'or those of one release (release: an id of getProjectReleases) or of the running sprint (sprint=current) in any status, each with its status and whether it is finished (one the project offers); ' +
          "from the project's own site with the caller's credential for it. " +
          'description is "N/A" when the story has none, otherwise an ADF document. ' +
          'retest is true for a story sent before that is offered again for re-test (after a Failed verdict and a status change in the tracker, or a member\'s "Offer again").',
        querystring: getProjectIssuesQuery,
        headers: getProjectIssuesHeaders,
        response: { 200: getProjectIssuesAnswer },
      },
    },
    async (request) => {
      const { projectKey, status, release, sprint } = request.query;
      if ([status, release, sprint].filter((asked) => asked !== undefined).length > 1) {
        throw badRequest(
          'Ask for the stories of one status, one release or the current sprint, not several.',
        );
      }
      const { project, site, credentials } = await projectSite(request, request.query, request.headers.api);
      const offered = offeredStatuses(project?.statuses_offered);
      if (status === undefined && release === undefined && sprint === undefined) {
        throw badRequest('status must be "Done" or "Testing".');
      }
      if (status !== undefined && !offered.includes(status)) {
        throw badRequest(
          project?.statuses_offered?.length
            ? `status must be one of the project's statuses offered: ${project.statuses_offered.join(', ')}.`
            : 'status must be "Done" or "Testing".',
        );
      }
      const query = await storyQueryOf(site.tracker, credentials, { projectKey, status, release, sprint });
      const data = await fetchStories(site.tracker, credentials, query, offered);
      const named = query.release ? { release: query.release } : {};
      // Stories sent before that are due a re-test carry `retest: true` (the draft lists them again).
      if (!project) return { data, ...named };
      const deps = { db: app.db, tracker: site.tracker, credentials, now: () => new Date() };
      return { data: await withRetests(deps, project.id, data), ...named };
    },
  );

  app.post(
    '/jira/getProjectStatuses',
    {
      schema: {
        tags: ['stories'],
        description:
          "The statuses of the project's Jira workflows (GET …/project/{key}/statuses, Cloud and Data Center) and the ones its send screen offers.",
        body: getProjectStatusesBody,
        response: { 200: getProjectStatusesAnswer },
      },
    },
    async (request) => {
      const { projectKey, siteId } = request.body;
      const { workspaceId } = request.membership;
      const project = await projectForCaller(app.db, request.membership, { projectKey, siteId });
      const site = await app.sites.site(workspaceId, project.site_id);
      const credentials = await app.sites.requireCredential(workspaceId, site, request.productUser.id);
      const available = await site.tracker.listStates(credentials, projectKey);
      return { data: { available, offered: offeredStatuses(project.statuses_offered) } };
    },
  );
}
