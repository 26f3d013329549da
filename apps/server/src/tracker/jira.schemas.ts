// What we read from Jira's answers, checked at the boundary (https://developer.atlassian.com/cloud/jira/platform/rest/v3/).
// Objects are loose: Jira adds fields over time, and only the ones read here must have the right shape.
import { z } from 'zod';

/** An ADF node as far as we rely on it: a type, and optionally text and child nodes. */
export interface AdfNodeShape {
  type: string;
  text?: string | undefined;
  content?: AdfNodeShape[] | undefined;
  [key: string]: unknown;
}

const adfNodeSchema: z.ZodType<AdfNodeShape> = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  get content() {
    return z.array(adfNodeSchema).optional();
  },
});

const adfDocSchema = z.looseObject({
  type: z.literal('doc'),
  version: z.number().optional(),
  content: z.array(adfNodeSchema).default([]),
});

/** `GET /rest/api/3/project/search` → PageBeanProject. */
export const projectPageSchema = z.looseObject({
  values: z.array(z.looseObject({ key: z.string(), name: z.string() })),
  isLast: z.boolean().optional(),
  nextPage: z.string().optional(),
  startAt: z.number().optional(),
  maxResults: z.number().optional(),
  total: z.number().optional(),
});

/**
 * A story's parent (Jira's `parent` field: on Cloud the epic of a story, named by its summary) and its
 * `issuetype` (IssueTypeDetails), as Atlassian documents the fields of an issue; read for `Group stories by`.
 */
export const jiraGroupFields = {
  parent: z
    .looseObject({
      id: z.string(),
      key: z.string().optional(),
      fields: z
        .looseObject({
          summary: z.string().nullish(),
          issuetype: z.looseObject({ hierarchyLevel: z.number().optional() }).nullish(),
        })
        .optional(),
    })
    .nullish(),
  issuetype: z.looseObject({ id: z.string(), name: z.string() }).nullish(),
};

/** `GET|POST /rest/api/3/search/jql` → SearchAndReconcileResults (fields: summary, description, status, parent, issuetype). */
export const searchPageSchema = z.looseObject({
  issues: z.array(
    z.looseObject({
      id: z.string().optional(),
      key: z.string(),
      fields: z
        .looseObject({
          summary: z.string().nullish(),
          // v3 returns ADF; a plain string (v2, or Atlassian's own example) is tolerated.
          description: z.union([adfDocSchema, z.string()]).nullish(),
          status: z.looseObject({ name: z.string() }).nullish(),
          ...jiraGroupFields,
        })
        .default({}),
    }),
  ),
  isLast: z.boolean().optional(),
  nextPageToken: z.string().nullish(),
});

/** Just what says whether another page follows, read before the issues are checked. */
export const searchPageHeadSchema = z.looseObject({
  issues: z.array(z.unknown()),
  isLast: z.boolean().optional(),
  nextPageToken: z.string().nullish(),
});

/** `GET /rest/api/3/myself` → User. */
export const myselfSchema = z.looseObject({
  accountId: z.string().optional(),
  emailAddress: z.string().nullish(),
  displayName: z.string().optional(),
  active: z.boolean().optional(),
});

/** Jira's ErrorCollection, read only to pass its words on. */
export const errorCollectionSchema = z.looseObject({
  errorMessages: z.array(z.string()).optional(),
  errors: z.record(z.string(), z.unknown()).optional(),
});

type SearchPage = z.infer<typeof searchPageSchema>;
export type SearchIssue = SearchPage['issues'][number];
export type JiraUser = z.infer<typeof myselfSchema>;

/** `POST /rest/api/3/issue/{key}/comment` → Comment (only its id is read). */
export const createdCommentSchema = z.looseObject({ id: z.string() });

/** `GET /rest/api/3/issue/{key}/comment` → PageOfComments. */
export const commentPageSchema = z.looseObject({
  comments: z.array(z.looseObject({ id: z.string(), body: z.unknown().optional() })).default([]),
  startAt: z.number().optional(),
  maxResults: z.number().optional(),
  total: z.number().optional(),
});

/** `GET /rest/api/3/issue/{key}/transitions` → Transitions. */
export const transitionsSchema = z.looseObject({
  transitions: z.array(z.looseObject({ id: z.string(), name: z.string() })).default([]),
});
