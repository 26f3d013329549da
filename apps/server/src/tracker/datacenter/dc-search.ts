// Jira Data Center's paged reads: its projects (one unpaged array) and the JQL search of REST v2, paged by
// `startAt` until `total`. DC caps a page at `jira.search.views.default.max` (1000 by default) and says in
// each answer's `maxResults` what it applied; we ask for that from then on.
import { wikiToAdf } from '@handoff/core';
import { adfTextPieces } from '@handoff/core/adf';
import type { JiraCredentials, JiraHttp } from '../jira-http.ts';
import { jiraStory, STORY_FIELDS } from '../jira-stories.ts';
import type { Story, TrackerProject } from '../tracker.ts';
import { TrackerError } from '../tracker-errors.ts';
import { dcProjectsSchema, dcSearchHeadSchema, dcSearchPageSchema } from './dc-schemas.ts';

/** Every project the account can browse, sorted by name (DC answers them all at once). */
export async function dcListProjects(
  http: JiraHttp,
  credentials: JiraCredentials,
): Promise<TrackerProject[]> {
  const { json } = await http.request({ path: '/rest/api/2/project', method: 'GET', credentials });
  const seen = new Map<string, TrackerProject>();
  for (const { key, name } of http.parse(dcProjectsSchema, json, 'projects')) {
    if (!seen.has(key)) seen.set(key, { name, key });
  }
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Every issue matching the JQL as a story (its wiki description read into text and steps), over every
 * `startAt` page. The next page is
 * asked for as soon as the answer in hand says where it starts, and the page in hand is checked while Jira
 * works on it.
 */
export async function dcSearchStories(
  http: JiraHttp,
  credentials: JiraCredentials,
  jql: string,
  asked: number,
  browseBase: string,
  /** The site's Epic Link field (dc-epics.ts): asked for too, its value (an epic's key) kept as `epicKey`. */
  epicLinkField: string | null = null,
): Promise<Array<Story & { epicKey: string | null }>> {
  const stories: Array<Story & { epicKey: string | null }> = [];
  const fields = epicLinkField ? [...STORY_FIELDS, epicLinkField] : STORY_FIELDS;
  const cancel = new AbortController();
  const page = (startAt: number, maxResults: number) =>
    http.request({
      path: '/rest/api/2/search',
      method: 'POST',
      credentials,
      signal: cancel.signal,
      body: { jql, startAt, maxResults, fields },
    });
  let pending = page(0, asked);
  try {
    for (let n = 1; ; n++) {
      const { json } = await pending;
      const head = http.parse(dcSearchHeadSchema, json, 'issue search');
      const startAt = head.startAt ?? stories.length;
      const next = startAt + head.issues.length;
      const more = head.issues.length > 0 && head.total !== undefined && next < head.total;
      if (more) {
        if (n >= http.options.maxPages) throw http.tooManyPages();
        if (next <= stories.length) {
          throw new TrackerError(
            'unexpected',
            'Jira answered with something unexpected: its search pages repeat.',
          );
        }
        pending = page(next, head.maxResults && head.maxResults > 0 ? head.maxResults : asked);
        pending.catch(() => {}); // awaited on the next turn, or abandoned when this page fails
        await new Promise((resolve) => setImmediate(resolve));
      }
      for (const issue of http.parse(dcSearchPageSchema, json, 'issue search').issues) {
        const pieces = adfTextPieces(wikiToAdf(issue.fields.description));
        const epicKey = epicLinkField ? (issue.fields as Record<string, unknown>)[epicLinkField] : null;
        stories.push({
          ...jiraStory(issue.key, issue.fields, pieces, browseBase),
          epicKey: typeof epicKey === 'string' && epicKey !== '' ? epicKey : null,
        });
      }
      if (!more) return stories;
    }
  } finally {
    cancel.abort();
  }
}
