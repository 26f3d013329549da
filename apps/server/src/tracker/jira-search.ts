// Jira's paged reads: the projects an account can browse (offset pages) and the enhanced JQL search
// (`nextPageToken` pages), every page followed.

import {
  projectPageSchema,
  type SearchIssue,
  searchPageHeadSchema,
  searchPageSchema,
} from './jira.schemas.ts';
import type { JiraCredentials, JiraHttp } from './jira-http.ts';
import { TrackerError } from './tracker-errors.ts';

export interface TrackerProject {
  name: string;
  key: string;
}

export interface SearchOptions {
  jql: string;
  fields: readonly string[];
  /** Asked for; Jira may answer with fewer per page. */
  maxResults?: number;
  method?: 'GET' | 'POST';
}

/** Every project the account can browse, following pages until Jira says it was the last. */
export async function listProjects(http: JiraHttp, credentials: JiraCredentials): Promise<TrackerProject[]> {
  const projects = new Map<string, TrackerProject>();
  let startAt = 0;
  for (let page = 0; ; page++) {
    if (page >= http.options.maxPages) throw http.tooManyPages();
    const query = new URLSearchParams({
      startAt: String(startAt),
      maxResults: '50',
      orderBy: 'name',
      action: 'browse',
    });
    const { status, json } = await http.request({
      path: '/rest/api/3/project/search',
      method: 'GET',
      query,
      credentials,
      accept: [404], // "no projects matching the search criteria"
    });
    if (status === 404) break;
    const body = http.parse(projectPageSchema, json, 'project search');
    for (const { key, name } of body.values) if (!projects.has(key)) projects.set(key, { name, key });
    // Read the page size from the answer, never from the request (Atlassian may change it).
    startAt = (body.startAt ?? startAt) + body.values.length;
    if (body.values.length === 0 || body.isLast === true) break;
    if (body.isLast === undefined) {
      const more = body.nextPage !== undefined || (body.total !== undefined && startAt < body.total);
      if (!more) break;
    }
  }
  return [...projects.values()];
}

/**
 * Every issue matching the JQL, over every `nextPageToken` page, with only the fields asked for.
 * Pages must be fetched one after another (each names the next), so the next page is requested as
 * soon as its token is known, and the page in hand is checked while Jira works on the next one.
 */
export async function searchIssues(
  http: JiraHttp,
  credentials: JiraCredentials,
  options: SearchOptions,
): Promise<SearchIssue[]> {
  const issues: SearchIssue[] = [];
  const seen = new Set<string>();
  const cancel = new AbortController();
  let pending = searchPage(http, credentials, options, undefined, cancel.signal);
  try {
    for (let page = 1; ; page++) {
      const { json } = await pending;
      const head = http.parse(searchPageHeadSchema, json, 'issue search');
      const token = head.nextPageToken ?? undefined;
      // Stop on any end signal: isLast, no token, or an empty page.
      const more = !(head.isLast === true || !token || head.issues.length === 0);
      if (more) {
        if (seen.has(token)) {
          throw new TrackerError(
            'unexpected',
            'Jira answered with something unexpected: its search pages repeat.',
          );
        }
        if (page >= http.options.maxPages) throw http.tooManyPages();
        seen.add(token);
        pending = searchPage(http, credentials, options, token, cancel.signal);
        pending.catch(() => {}); // awaited on the next turn, or abandoned when this page fails
        // Let the request go out before the CPU-bound check of this page.
        await new Promise((resolve) => setImmediate(resolve));
      }
      issues.push(...http.parse(searchPageSchema, json, 'issue search').issues);
      if (!more) return issues;
    }
  } finally {
    cancel.abort();
  }
}

function searchPage(
  http: JiraHttp,
  credentials: JiraCredentials,
  options: SearchOptions,
  nextPageToken: string | undefined,
  signal: AbortSignal,
): Promise<{ status: number; json: unknown }> {
  const maxResults = options.maxResults ?? 100;
  const path = '/rest/api/3/search/jql';
  if ((options.method ?? 'POST') === 'POST') {
    return http.request({
      path,
      method: 'POST',
      credentials,
      signal,
      body: {
        jql: options.jql,
        fields: options.fields,
        maxResults,
        ...(nextPageToken ? { nextPageToken } : {}),
      },
    });
  }
  return http.request({
    path,
    method: 'GET',
    credentials,
    signal,
    query: new URLSearchParams({
      jql: options.jql,
      fields: options.fields.join(','),
      maxResults: String(maxResults),
      ...(nextPageToken ? { nextPageToken } : {}),
    }),
  });
}
