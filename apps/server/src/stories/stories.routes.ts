// GET /jira/getProjectIssues?projectKey=…&status=… with headers email and api (docs/product.md §7).
import { getProjectIssuesAnswer, getProjectIssuesHeaders, getProjectIssuesQuery } from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ownTrackerEmail } from '../tracker/tracker.routes.ts';
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
          'description is "N/A" when the story has none, otherwise an ADF document.',
        querystring: getProjectIssuesQuery,
        headers: getProjectIssuesHeaders,
        response: { 200: getProjectIssuesAnswer },
      },
    },
    async (request) => {
      const user = request.productUser;
      const apiToken = request.headers.api?.trim() || user.apikey;
      const data = await fetchStories(
        app.trackers.defaultTracker,
        { email: user.email, apiToken },
        {
          projectKey: request.query.projectKey,
          status: request.query.status,
          issueTypes: app.config.jiraIssueTypes,
        },
      );
      return { data };
    },
  );
}
