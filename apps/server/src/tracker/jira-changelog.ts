// Reads for the review rounds: any one issue of a project (whose transitions the edit screen offers before
// the first notice), and when issues' statuses last changed (POST /rest/api/3/changelog/bulkfetch,
// https://developer.atlassian.com/cloud/jira/platform/rest/v3/api-group-issues/#api-rest-api-3-changelog-bulkfetch-post).
import { z } from 'zod';
import { searchPageSchema } from './jira.schemas.ts';
import type { JiraCredentials, JiraHttp } from './jira-http.ts';
import { jqlString } from './jql.ts';

/** The key of one issue of the project (the first by key), or undefined when Jira lists none or knows no such project. */
export async function anyIssueOfProject(
  http: JiraHttp,
  credentials: JiraCredentials,
  projectKey: string,
): Promise<string | undefined> {
  const { status, json } = await http.request({
    path: '/rest/api/3/search/jql',
    method: 'POST',
    credentials,
    body: { jql: `project = ${jqlString(projectKey)} ORDER BY key ASC`, fields: ['summary'], maxResults: 1 },
    // Jira's 400 for a project it does not know (or this account cannot see): no story to ask about.
    accept: [400],
  });
  if (status === 400) return undefined;
  return http.parse(searchPageSchema, json, 'issue search').issues[0]?.key;
}

/** `BulkChangelogResponseBean`: Jira's example gives `created` as epoch seconds, its schema as date-time. */
const bulkChangelogSchema = z.looseObject({
  issueChangeLogs: z
    .array(
      z.looseObject({
        issueId: z.string(),
        changeHistories: z
          .array(
            z.looseObject({
              created: z.union([z.string(), z.number()]),
              items: z
                .array(z.looseObject({ fieldId: z.string().optional(), field: z.string().optional() }))
                .default([]),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
  nextPageToken: z.string().nullish(),
});

function timeOf(created: string | number): number {
  if (typeof created === 'number') return created < 1e12 ? created * 1000 : created;
  return Date.parse(created);
}

/**
 * When each issue's status last changed, by key, from Jira's changelog (status changes only); issues
 * whose status never changed are absent. `issues` names each issue's id and key: Jira answers by id.
 */
export async function lastStatusChanges(
  http: JiraHttp,
  credentials: JiraCredentials,
  issues: ReadonlyArray<{ id: string; key: string }>,
): Promise<Map<string, Date>> {
  const keyOfId = new Map(issues.map((issue) => [issue.id, issue.key]));
  const changed = new Map<string, Date>();
  if (issues.length === 0) return changed;
  let nextPageToken: string | undefined;
  for (let page = 0; ; page++) {
    if (page >= http.options.maxPages) throw http.tooManyPages();
    const { json } = await http.request({
      path: '/rest/api/3/changelog/bulkfetch',
      method: 'POST',
      credentials,
      body: {
        issueIdsOrKeys: issues.map((issue) => issue.id),
        fieldIds: ['status'],
        maxResults: 1000,
        ...(nextPageToken ? { nextPageToken } : {}),
      },
    });
    const body = http.parse(bulkChangelogSchema, json, 'changelog');
    for (const log of body.issueChangeLogs) {
      const key = keyOfId.get(log.issueId);
      if (!key) continue;
      for (const history of log.changeHistories) {
        if (!history.items.some((item) => (item.fieldId ?? item.field) === 'status')) continue;
        const at = new Date(timeOf(history.created));
        const before = changed.get(key);
        if (!Number.isNaN(at.getTime()) && (!before || at > before)) changed.set(key, at);
      }
    }
    nextPageToken = body.nextPageToken ?? undefined;
    if (!nextPageToken || body.issueChangeLogs.length === 0) return changed;
  }
}
