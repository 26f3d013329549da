// Fetching a project's stories in a status from the tracker, as the send-stories screen reads them.
import { descriptionDocument, ISSUE_STATUSES, type Issue } from '@handoff/core';
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

/** The stories the query names, ordered by key, in the product API's form. */
export async function fetchStories(
  tracker: Tracker,
  credentials: TrackerCredentials,
  query: StoryQuery,
): Promise<Issue[]> {
  return (await tracker.searchStories(credentials, query)).map(issueOfStory);
}
