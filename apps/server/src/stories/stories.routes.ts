// GET /jira/getProjectIssues?projectKey=…&status=… with headers email and api (SPEC.md §7).
import { ISSUE_STATUSES } from '@handoff/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireProductUser } from '../accounts/current-user.ts';
import { requireUser } from '../tracker/require-user.ts';
import { assertOwnEmail } from '../tracker/tracker.routes.ts';
import { fetchStories } from './stories.service.ts';

const issueSchema = z.object({
  key: z.string(),
  issueHeader: z.string(),
  description: z.union([z.literal('N/A'), z.looseObject({ type: z.string() })]),
});

export async function storiesRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/jira/getProjectIssues',
    {
      onRequest: requireUser(app),
      schema: {
        tags: ['stories'],
        security: [{ bearer: [] }],
        description:
          "The project's stories (issue types JIRA_ISSUE_TYPES) in status Done or Testing, ordered by key. " +
          'description is "N/A" when the story has none, otherwise an ADF document.',
        querystring: z.object({
          projectKey: z.string().trim().min(1, 'projectKey is required.').max(255),
          status: z.enum(ISSUE_STATUSES, { error: 'status must be "Done" or "Testing".' }),
        }),
        headers: z.object({
          email: z.string().min(1, 'the email header is required.'),
          api: z.string().optional(),
        }),
        response: { 200: z.object({ data: z.array(issueSchema) }) },
      },
    },
    async (request) => {
      const user = await requireProductUser(request);
      assertOwnEmail(user, request.headers.email);
      const apiToken = request.headers.api?.trim() || user.apikey;
      const data = await fetchStories(
        app.jira,
        { email: user.email, apiToken },
        {
          projectKey: request.query.projectKey,
          status: request.query.status,
          issueTypes: app.config.jiraIssueTypes,
        },
      );
      // ADF nodes are plain JSON objects; the schema lets any node through.
      return { data: data as z.infer<typeof issueSchema>[] };
    },
  );
}
