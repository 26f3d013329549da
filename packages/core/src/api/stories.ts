// GET /jira/getProjectIssues?projectKey=…&status=… with the headers email and api (docs/product.md §7).
import { z } from 'zod';
import type { AdfNode } from '../adf.ts';
import type { Issue } from '../draft.ts';
import { ISSUE_STATUSES } from '../email-entry.ts';

export const getProjectIssuesQuery = z.object({
  projectKey: z.string().trim().min(1, 'projectKey is required.').max(255),
  status: z
    .string({ error: 'status must be "Done" or "Testing".' })
    .trim()
    .min(1, 'status must be "Done" or "Testing".')
    .max(255)
    .describe(`${ISSUE_STATUSES.join(' or ')}, or one of the project's Statuses offered.`),
  siteId: z.string().trim().min(1).max(64).optional(),
});
export type GetProjectIssuesQuery = z.input<typeof getProjectIssuesQuery>;

export const getProjectIssuesHeaders = z.object({
  email: z.string().min(1, 'the email header is required.'),
  api: z.string().optional(),
});

/** Any ADF node: checked for its type only, the rest passes as Jira sent it. */
const adfNode = z.looseObject({ type: z.string() }) as unknown as z.ZodType<AdfNode>;

/** A story's epic or type (story-groups.ts); `order` is the tracker's. */
export const storyGroupSchema = z.object({ id: z.string(), name: z.string(), order: z.number() });

/** A user story (docs/product.md §3 "Issue"). */
const issueSchema = z.object({
  key: z.string(),
  issueHeader: z.string(),
  description: z.union([z.literal('N/A'), adfNode]),
  /** Sent before and offered again for re-test; absent otherwise. */
  retest: z.boolean().optional(),
  /** The story's epic and type in its tracker (null: none), for the project's `Group stories by`. */
  epic: storyGroupSchema.nullable().optional(),
  type: storyGroupSchema.nullable().optional(),
}) satisfies z.ZodType<Issue>;

export const getProjectStatusesBody = z.object({
  userId: z.string().min(1, 'userId is required.').max(200),
  projectKey: z.string().trim().min(1, 'projectKey is required.').max(255),
  siteId: z.string().trim().min(1).max(64).optional(),
});
export type GetProjectStatusesBody = z.input<typeof getProjectStatusesBody>;
export const getProjectStatusesAnswer = z.object({
  data: z.object({
    /** The statuses of the Jira project's workflows. */
    available: z.array(z.string()),
    /** What the send screen offers now (the project's choice, else Done and Testing). */
    offered: z.array(z.string()),
  }),
});
export type GetProjectStatusesAnswer = z.infer<typeof getProjectStatusesAnswer>;

export const getProjectIssuesAnswer = z.object({ data: z.array(issueSchema) });
export type GetProjectIssuesAnswer = z.infer<typeof getProjectIssuesAnswer>;
