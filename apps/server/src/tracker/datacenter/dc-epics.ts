// Jira Data Center's epics of company-managed projects: Jira Software's `Epic Link` custom field
// (schema type com.pyxis.greenhopper.jira:gh-epic-link), whose id differs per site and is read from
// GET /rest/api/2/field, and whose value is the epic's key; the epics' names are their summaries, read
// with one more search (https://docs.atlassian.com/software/jira/docs/api/REST/10.3.0/#api/2/field).
import { z } from 'zod';
import type { JiraCredentials, JiraHttp } from '../jira-http.ts';
import type { Story } from '../tracker.ts';

const EPIC_LINK_TYPE = 'com.pyxis.greenhopper.jira:gh-epic-link';

/** `GET /rest/api/2/field` → FieldBean[]: only each field's id and custom type are read. */
const fieldsSchema = z.array(
  z.looseObject({ id: z.string(), schema: z.looseObject({ custom: z.string().optional() }).nullish() }),
);

/** The id of the site's Epic Link field (`customfield_10100`); null: the site has none. */
export async function epicLinkFieldId(http: JiraHttp, credentials: JiraCredentials): Promise<string | null> {
  const { json } = await http.request({ path: '/rest/api/2/field', method: 'GET', credentials });
  const fields = http.parse(fieldsSchema, json, 'fields');
  return fields.find((field) => field.schema?.custom === EPIC_LINK_TYPE)?.id ?? null;
}

/** A search's answer for the linked epics: their ids and summaries. */
const epicsSchema = z.looseObject({
  issues: z
    .array(
      z.looseObject({
        id: z.string(),
        key: z.string(),
        fields: z.looseObject({ summary: z.string().nullish() }).default({}),
      }),
    )
    .default([]),
});

/**
 * The stories with the epics their Epic Link names (a story whose `parent` named one keeps it): the epics
 * are read in one search by key (at most 1,000 of them, Jira's page), ordered by id as Cloud's are.
 */
export async function withLinkedEpics(
  http: JiraHttp,
  credentials: JiraCredentials,
  stories: ReadonlyArray<Story & { epicKey: string | null }>,
): Promise<Story[]> {
  const keys = [
    ...new Set(stories.flatMap((story) => (story.epic || !story.epicKey ? [] : [story.epicKey]))),
  ];
  const epics = new Map<string, { id: string; name: string }>();
  if (keys.length > 0) {
    const { json } = await http.request({
      path: '/rest/api/2/search',
      method: 'POST',
      credentials,
      body: {
        jql: `key in (${keys.map((key) => JSON.stringify(key)).join(', ')})`,
        startAt: 0,
        maxResults: 1000,
        fields: ['summary'],
      },
    });
    for (const epic of http.parse(epicsSchema, json, 'epic search').issues) {
      epics.set(epic.key, { id: epic.id, name: epic.fields.summary?.trim() || epic.key });
    }
  }
  return stories.map(({ epicKey, ...story }) => {
    const linked = epicKey ? epics.get(epicKey) : undefined;
    if (story.epic || !linked) return story;
    const order = Number(linked.id);
    return { ...story, epic: { ...linked, order: Number.isSafeInteger(order) ? order : 0 } };
  });
}
