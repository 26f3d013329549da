// Any one issue of a project on Jira Cloud, whose transitions the edit screen offers before the project's
// first notice (the enhanced JQL search, one result).
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
