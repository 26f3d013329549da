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
    .optional()
    .describe(
      `Stories of a status: ${ISSUE_STATUSES.join(' or ')}, or one of the project's Statuses offered. One of status, release and sprint.`,
    ),
  release: z
    .string({ error: 'release must be the id of one of the project’s releases (getProjectReleases).' })
    .trim()
    .min(1, 'release must be the id of one of the project’s releases (getProjectReleases).')
    .max(255)
    .optional()
    .describe("Stories of a release, whatever their status: a release's id as getProjectReleases lists it."),
  sprint: z
    .literal('current', { error: 'sprint must be "current".' })
    .optional()
    .describe("Stories of the project's running sprint (Jira's open sprints, Linear's active cycle)."),
  siteId: z.string().trim().min(1).max(64).optional(),
});

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
  /** Its status in the tracker (stories of a release or sprint: they come in any status). */
  status: z.string().optional(),
  /** Whether that status is one the project offers (Done or Testing by default): unchecked when not. */
  finished: z.boolean().optional(),
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

export const getProjectIssuesAnswer = z.object({
  data: z.array(issueSchema),
  /** The release asked for, by its name in the tracker; absent for stories by status or sprint. */
  release: z.object({ id: z.string(), name: z.string() }).optional(),
});
export type GetProjectIssuesAnswer = z.infer<typeof getProjectIssuesAnswer>;

/** GET /jira/getProjectReleases?projectKey=… with the headers email and api. */
export const getProjectReleasesQuery = z.object({
  projectKey: z.string().trim().min(1, 'projectKey is required.').max(255),
  siteId: z.string().trim().min(1).max(64).optional(),
});

const releaseSchema = z.object({
  id: z.string(),
  name: z.string(),
  released: z.boolean(),
  /** `YYYY-MM-DD`; null when the tracker has none. */
  releaseDate: z.string().nullable(),
});
export type Release = z.infer<typeof releaseSchema>;

export const getProjectReleasesAnswer = z.object({
  data: z.object({
    /** Unreleased releases in the tracker's order, then the latest released ones, newest first. */
    releases: z.array(releaseSchema),
    /** Whether the tracker has a running sprint to offer (`Current sprint`). */
    currentSprint: z.boolean(),
  }),
});
export type GetProjectReleasesAnswer = z.infer<typeof getProjectReleasesAnswer>;
