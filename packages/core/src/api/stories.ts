// GET /jira/getProjectIssues?projectKey=…&status=… with the headers email and api (docs/product.md §7).
import { z } from 'zod';
import type { AdfNode } from '../adf.ts';
import type { Issue } from '../draft.ts';
import { ISSUE_STATUSES } from '../email-entry.ts';

export const getProjectIssuesQuery = z.object({
  projectKey: z.string().trim().min(1, 'projectKey is required.').max(255),
  status: z.enum(ISSUE_STATUSES, { error: 'status must be "Done" or "Testing".' }),
});
export type GetProjectIssuesQuery = z.input<typeof getProjectIssuesQuery>;

export const getProjectIssuesHeaders = z.object({
  email: z.string().min(1, 'the email header is required.'),
  api: z.string().optional(),
});

/** Any ADF node: checked for its type only, the rest passes as Jira sent it. */
const adfNode = z.looseObject({ type: z.string() }) as unknown as z.ZodType<AdfNode>;

/** A user story (docs/product.md §3 "Issue"). */
const issueSchema = z.object({
  key: z.string(),
  issueHeader: z.string(),
  description: z.union([z.literal('N/A'), adfNode]),
}) satisfies z.ZodType<Issue>;

export const getProjectIssuesAnswer = z.object({ data: z.array(issueSchema) });
export type GetProjectIssuesAnswer = z.infer<typeof getProjectIssuesAnswer>;
