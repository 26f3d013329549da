// What Jira Cloud, Jira Data Center and the demo tracker share behind the seam (tracker.ts): a story query as
// JQL (jql.ts) and Jira's 400 for it said in the user's terms, a Jira key's project, re-tests read from
// changelogs, and the moves a verdict may make (a workflow's transitions, read from one issue).
import { splitAtTestMarker } from '@handoff/core';
import type { StoryGroup } from '@handoff/core/story-groups';
import { isStoryKeyOf } from '@handoff/core/tracker-kinds';
import type { SiteKind, Story, StoryMove, StoryQuery, TrackerCredentials } from './tracker.ts';
import { TrackerError } from './tracker-errors.ts';

/** One change of an issue's history (who, when, which fields from what to what). */
export interface ChangelogEntry {
  id: string;
  created: string;
  author: string | null;
  items: Array<{ field: string; from: string | null; to: string | null }>;
}

/**
 * A Jira issue as the neutral story, from its description's text pieces; `browseBase` is the site's base
 * URL (its issues open at /browse/KEY), null when people cannot open it (the demo tracker).
 */
export function jiraStory(
  key: string,
  fields: JiraStoryFields,
  pieces: readonly string[],
  browseBase: string | null,
): Story {
  return {
    key,
    title: fields.summary ?? '',
    state: fields.status?.name ?? '',
    url: browseBase === null ? null : `${browseBase}/browse/${encodeURIComponent(key)}`,
    ...splitAtTestMarker(pieces),
    epic: epicOf(fields.parent),
    type: fields.issuetype ? groupOfJira(fields.issuetype.id, fields.issuetype.name) : null,
  };
}

/** The fields a story search asks Jira for (Cloud and Data Center alike). */
export const STORY_FIELDS = ['summary', 'description', 'status', 'parent', 'issuetype'];

/** What jiraStory reads of an issue's fields (jira.schemas.ts's jiraGroupFields for the last two). */
interface JiraStoryFields {
  summary?: string | null | undefined;
  status?: { name: string } | null | undefined;
  parent?:
    | {
        id: string;
        key?: string | undefined;
        fields?:
          | {
              summary?: string | null | undefined;
              issuetype?: { hierarchyLevel?: number | undefined } | null | undefined;
            }
          | undefined;
      }
    | null
    | undefined;
  issuetype?: { id: string; name: string } | null | undefined;
}

/**
 * A Jira id as a group: Jira gives no rank of epics or issue types with an issue, so their order is their
 * id's (numeric ids: the order they were created in).
 */
function groupOfJira(id: string, name: string): StoryGroup {
  const order = Number(id);
  return { id, name, order: Number.isSafeInteger(order) ? order : 0 };
}

/**
 * The story's epic: its parent, named by the parent's summary (its key when it has none). A parent below
 * the epic level (hierarchyLevel 0 or less: a story above a sub-task) is not an epic.
 */
function epicOf(parent: JiraStoryFields['parent']): StoryGroup | null {
  if (!parent) return null;
  const level = parent.fields?.issuetype?.hierarchyLevel;
  if (level !== undefined && level < 1) return null;
  const name = parent.fields?.summary?.trim() || parent.key || parent.id;
  return groupOfJira(parent.id, name);
}

/** A Jira key's project: the part before its last '-' (`ABC-123`), for a key of the kind's pattern. */
export function jiraProjectOfKey(kind: SiteKind, key: string): string | undefined {
  return isStoryKeyOf(kind, key) ? key.slice(0, key.lastIndexOf('-')) : undefined;
}

/** Jira's 400 for an unknown project, status or issue type, said in terms of what the user chose. */
export function explainSearchError(
  error: unknown,
  query: StoryQuery,
  issueTypes: readonly string[],
): unknown {
  if (!(error instanceof TrackerError) || error.trackerStatus !== 400) return error;
  const said = error.trackerMessages.join(' ');
  const about = (field: string) => new RegExp(`for the field '${field}'`, 'i').test(said);
  const names = (values: readonly string[]) => values.map((value) => JSON.stringify(value)).join(' or ');
  if (about('project')) {
    return error.reworded(`Jira has no project ${JSON.stringify(query.project)} that this account can see.`, {
      statusCode: 404,
      code: 'TRACKER_PROJECT_NOT_FOUND',
    });
  }
  if (about('status')) {
    return error.reworded(
      `Jira has no status ${names(query.states)}. Pick another status, or ask your Jira administrator.`,
      { code: 'TRACKER_STATUS_NOT_FOUND' },
    );
  }
  if (about('issuetype') || about('type')) {
    return error.reworded(
      `Jira has no issue type ${names(issueTypes)}. Ask your administrator to check JIRA_ISSUE_TYPES.`,
      { code: 'TRACKER_ISSUE_TYPE_NOT_FOUND' },
    );
  }
  return error;
}

/**
 * Which issues' status changed after the time given for each, read from each issue's changelog (a few at
 * a time): Jira's re-test question.
 */
export async function statusChangedSince(
  changelog: (issueKey: string) => Promise<ChangelogEntry[]>,
  stories: ReadonlyArray<{ key: string; since: Date }>,
): Promise<Set<string>> {
  const since = new Map<string, number>();
  for (const story of stories) {
    const before = since.get(story.key);
    if (before === undefined || story.since.getTime() < before) since.set(story.key, story.since.getTime());
  }
  const moved = new Set<string>();
  const queue = [...since.keys()];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      const after = since.get(key)!;
      for (const entry of await changelog(key)) {
        if (!entry.items.some((item) => item.field.toLowerCase() === 'status')) continue;
        const at = new Date(entry.created).getTime();
        if (!Number.isNaN(at) && at > after) moved.add(key);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  return moved;
}

/** The transitions of the project's workflow, as Jira offers them for one of its issues (none: []). */
export async function transitionsOfProject(
  calls: {
    anyIssueOfProject(credentials: TrackerCredentials, project: string): Promise<string | undefined>;
    listTransitions(credentials: TrackerCredentials, issueKey: string): Promise<StoryMove[]>;
  },
  credentials: TrackerCredentials,
  project: string,
  sample: string | undefined,
): Promise<StoryMove[]> {
  const issue = sample ?? (await calls.anyIssueOfProject(credentials, project));
  return issue ? calls.listTransitions(credentials, issue) : [];
}
