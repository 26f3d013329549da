// GET /jira/getProjectIssues?projectKey=…&status=… with headers email and api (docs/product.md §7).
import { getProjectIssuesAnswer, getProjectIssuesHeaders, getProjectIssuesQuery } from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { findProjectForCaller } from '../projects/projects.repository.ts';
import { ownTrackerEmail } from '../tracker/tracker.routes.ts';
import { retestKeys } from './retests.ts';
import { fetchStories } from './stories.service.ts';

export async function storiesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/jira/getProjectIssues',
    {
      config: { ownEmail: ownTrackerEmail('headers') },
      schema: {
        tags: ['stories'],
        description:
          "The project's stories (issue types JIRA_ISSUE_TYPES) in status Done or Testing, ordered by key. " +
          'description is "N/A" when the story has none, otherwise an ADF document. ' +
          'retest is true for a story sent before that is offered again for re-test (after a Failed verdict and a status change in Jira, or a member\'s "Offer again").',
        querystring: getProjectIssuesQuery,
        headers: getProjectIssuesHeaders,
        response: { 200: getProjectIssuesAnswer },
      },
    },
    async (request) => {
      const user = request.productUser;
      const apiToken = request.headers.api?.trim() || user.apikey;
      const credentials = { email: user.email, apiToken };
      const data = await fetchStories(app.jira, credentials, {
        projectKey: request.query.projectKey,
        status: request.query.status,
        issueTypes: app.config.jiraIssueTypes,
      });
      // Stories sent before that are due a re-test carry `retest: true` (the draft lists them again).
      const project = await findProjectForCaller(app.db, request.membership, request.query.projectKey);
      if (!project || data.length === 0) return { data };
      const retests = await retestKeys(
        { db: app.db, jira: app.jira, now: () => new Date() },
        credentials,
        project.id,
        data,
      );
      return { data: data.map((story) => (retests.has(story.key) ? { ...story, retest: true } : story)) };
    },
  );
}
