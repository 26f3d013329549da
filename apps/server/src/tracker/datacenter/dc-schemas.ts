// What we read from Jira Data Center's REST v2 answers (Atlassian's DC 10.3 OpenAPI document; the known
// differences between it and real answers are in docs/architecture.md's sources, jira-dc-openapi-subset.json).
// Objects are loose: only the fields read here must have the right shape.
import { z } from 'zod';
import { historySchema } from '../cloud/cloud-schemas.ts';
import { jiraGroupFields } from '../jira.schemas.ts';

/** `GET /rest/api/2/project` → an unpaged array of ProjectBean (the document says one ProjectBean). */
export const dcProjectsSchema = z.array(z.looseObject({ key: z.string(), name: z.string() }));

/** `POST /rest/api/2/search` → SearchResultsBean, fields summary, description (wiki markup or null) and status. */
export const dcSearchPageSchema = z.looseObject({
  startAt: z.number().optional(),
  maxResults: z.number().optional(),
  total: z.number().optional(),
  issues: z
    .array(
      z.looseObject({
        key: z.string(),
        fields: z
          .looseObject({
            summary: z.string().nullish(),
            description: z.string().nullish(),
            status: z.looseObject({ name: z.string() }).nullish(),
            ...jiraGroupFields,
          })
          .default({}),
      }),
    )
    .default([]),
});

/** Just the paging of a search answer, read before its issues are checked. */
export const dcSearchHeadSchema = z.looseObject({
  startAt: z.number().optional(),
  maxResults: z.number().optional(),
  total: z.number().optional(),
  issues: z.array(z.unknown()).default([]),
});

/** `GET /rest/api/2/myself` → UserBean (no accountId on Data Center). */
export const dcMyselfSchema = z.looseObject({ name: z.string().optional(), key: z.string().optional() });

/** `GET /rest/api/2/issue/{key}/comment` → CommentsWithPaginationJsonBean; bodies are wiki markup. */
export const dcCommentPageSchema = z.looseObject({
  comments: z.array(z.looseObject({ id: z.string(), body: z.string().nullish() })).default([]),
  startAt: z.number().optional(),
  total: z.number().optional(),
});

/** `GET /rest/api/2/issue/{key}?expand=changelog` → IssueBean with its ChangelogBean. */
export const dcIssueChangelogSchema = z.looseObject({
  changelog: z
    .looseObject({
      histories: z.array(historySchema).default([]),
      startAt: z.number().optional(),
      total: z.number().optional(),
    })
    .nullish(),
});

/** `GET /rest/api/2/serverInfo` → ServerInfoBean (the document declares no properties; these are Jira's). */
export const serverInfoSchema = z.looseObject({
  deploymentType: z.string().optional(),
  version: z.string().optional(),
  baseUrl: z.string().optional(),
});
