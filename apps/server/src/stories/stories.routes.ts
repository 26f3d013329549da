// GET /jira/getProjectIssues?projectKey=…&status=… with headers email and api (docs/product.md §7), from the
// project's own tracker site with the caller's credential for it; POST /jira/getProjectStatuses, the
// statuses of the project's workflows for the edit screen's `Statuses offered`.
import {
  DEFAULT_SITE_ID,
  getProjectIssuesAnswer,
  getProjectIssuesHeaders,
  getProjectIssuesQuery,
  getProjectStatusesAnswer,
  getProjectStatusesBody,
} from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { badRequest } from '../errors.ts';
import { findProjectOfCaller, projectForCaller } from '../projects/projects.service.ts';
import { ownTrackerEmail } from '../tracker/tracker.routes.ts';
import { withRetests } from './retests.ts';
import { fetchStories, offeredStatuses } from './stories.service.ts';

export async function storiesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/jira/getProjectIssues',
    {
      config: { ownEmail: ownTrackerEmail('headers') },
      schema: {
        tags: ['stories'],
        description:
          "The project's stories (issue types JIRA_ISSUE_TYPES) in status Done or Testing (or one of the project's Statuses offered), ordered by key, " +
          "from the project's own site with the caller's credential for it. " +
          'description is "N/A" when the story has none, otherwise an ADF document. ' +
          'retest is true for a story sent before that is offered again for re-test (after a Failed verdict and a status change in the tracker, or a member\'s "Offer again").',
        querystring: getProjectIssuesQuery,
        headers: getProjectIssuesHeaders,
        response: { 200: getProjectIssuesAnswer },
      },
    },
    async (request) => {
      const user = request.productUser;
      const { projectKey, status, siteId } = request.query;
      const { workspaceId } = request.membership;
      const project = await findProjectOfCaller(app.db, request.membership, { projectKey, siteId });
      if (!offeredStatuses(project?.statuses_offered).includes(status)) {
        throw badRequest(
          project?.statuses_offered?.length
            ? `status must be one of the project's statuses offered: ${project.statuses_offered.join(', ')}.`
            : 'status must be "Done" or "Testing".',
        );
      }
      const site = await app.sites.site(workspaceId, project ? project.site_id : siteId);
      const given = request.headers.api?.trim();
      const credentials =
        site.id === DEFAULT_SITE_ID
          ? { email: user.email, apiToken: given || user.apikey }
          : await app.sites.requireCredential(workspaceId, site, user.id);
      const data = await fetchStories(site.tracker, credentials, { project: projectKey, states: [status] });
      // Stories sent before that are due a re-test carry `retest: true` (the draft lists them again).
      if (!project) return { data };
      const deps = { db: app.db, tracker: site.tracker, credentials, now: () => new Date() };
      return { data: await withRetests(deps, project.id, data) };
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
