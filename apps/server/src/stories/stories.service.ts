// Fetching a project's stories from the tracker, as the send-stories screen reads them: those of a status,
// or those of a release or of the running sprint in any status, each marked with its status.
import { descriptionDocument, ISSUE_STATUSES, type Issue } from '@handoff/core';
import { badRequest } from '../errors.ts';
import type { Story, StoryQuery, Tracker, TrackerCredentials } from '../tracker/tracker.ts';

/** The statuses the send screen offers for a project: its own choice, else Done and Testing. */
export const offeredStatuses = (chosen: readonly string[] | null | undefined): string[] =>
  chosen && chosen.length > 0 ? [...chosen] : [...ISSUE_STATUSES];

/**
 * A story in the product API's form (docs/product.md §3): its title as `issueHeader`, its text and test
 * steps as a rich-text `description` the draft reads the same steps from ("N/A" when it has neither), its
 * epic and type for the project's `Group stories by`.
 */
function issueOfStory(story: Story): Issue {
  return {
    key: story.key,
    issueHeader: story.title,
    description: descriptionDocument(story),
    epic: story.epic,
    type: story.type,
  };
}

/**
 * The tracker query of what the send screen asked for: one status; one release (its id checked against
 * the project's releases, so the name kept with the send is the tracker's); or the running sprint (refused
 * where the tracker has none).
 */
export async function storyQueryOf(
  tracker: Tracker,
  credentials: TrackerCredentials,
  asked: {
    projectKey: string;
    status?: string | undefined;
    release?: string | undefined;
    sprint?: 'current' | undefined;
  },
): Promise<StoryQuery> {
  const project = asked.projectKey;
  if (asked.status !== undefined) return { project, states: [asked.status] };
  if (asked.sprint) {
    if (!tracker.hasSprints)
      throw badRequest('This project’s tracker has no sprints: choose a release or a status.');
    return { project, states: [], sprint: 'current' };
  }
  const releases = await tracker.listReleases(credentials, project);
  const release = releases.find((r) => r.id === asked.release);
  if (!release) {
    throw badRequest(
      `release must be the id of one of the project’s releases: ${releases.map((r) => `${r.id} (${r.name})`).join(', ') || 'it has none'}.`,
    );
  }
  return { project, states: [], release: { id: release.id, name: release.name } };
}

/**
 * The stories the query names, ordered by key, in the product API's form. Those of a release or sprint
 * come in any status: each is marked with its status and whether it is finished (one of `offered`).
 */
export async function fetchStories(
  tracker: Tracker,
  credentials: TrackerCredentials,
  query: StoryQuery,
  offered: readonly string[] = [],
): Promise<Issue[]> {
  const stories = await tracker.searchStories(credentials, query);
  if (!query.release && !query.sprint) return stories.map(issueOfStory);
  return stories.map((story) => ({
    ...issueOfStory(story),
    status: story.state,
    finished: offered.includes(story.state),
  }));
}
