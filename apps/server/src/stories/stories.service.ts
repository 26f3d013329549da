// Fetching a project's stories in a status from the tracker, as the send-stories screen reads them.
import { ISSUE_STATUSES, type Issue } from '@handoff/core';
import { TrackerError } from '../tracker/jira-errors.ts';
import { storiesJql } from '../tracker/jql.ts';
import type { Tracker, TrackerCredentials } from '../tracker/tracker.ts';

interface StoriesRequest {
  projectKey: string;
  status: string;
  issueTypes: readonly string[];
}

/** The statuses the send screen offers for a project: its own choice, else Done and Testing. */
export const offeredStatuses = (chosen: readonly string[] | null | undefined): string[] =>
  chosen && chosen.length > 0 ? [...chosen] : [...ISSUE_STATUSES];

/** The stories of a project in a status, ordered by key; description "N/A" when the story has none. */
export async function fetchStories(
  tracker: Tracker,
  credentials: TrackerCredentials,
  request: StoriesRequest,
): Promise<Issue[]> {
  try {
    return await tracker.searchStories(credentials, { jql: storiesJql(request), maxResults: 100 });
  } catch (error) {
    throw explainSearchError(error, request);
  }
}

/** Jira's 400 for an unknown project, status or issue type, said in terms of what the user chose. */
function explainSearchError(error: unknown, request: StoriesRequest): unknown {
  if (!(error instanceof TrackerError) || error.jiraStatus !== 400) return error;
  const said = error.jiraMessages.join(' ');
  const about = (field: string) => new RegExp(`for the field '${field}'`, 'i').test(said);
  if (about('project')) {
    return new TrackerError(
      404,
      'TRACKER_PROJECT_NOT_FOUND',
      `Jira has no project ${JSON.stringify(request.projectKey)} that this account can see.`,
      400,
      error.jiraMessages,
    );
  }
  if (about('status')) {
    return new TrackerError(
      400,
      'TRACKER_STATUS_NOT_FOUND',
      `Jira has no status ${JSON.stringify(request.status)}. Pick another status, or ask your Jira administrator.`,
      400,
      error.jiraMessages,
    );
  }
  if (about('issuetype') || about('type')) {
    return new TrackerError(
      400,
      'TRACKER_ISSUE_TYPE_NOT_FOUND',
      `Jira has no issue type ${request.issueTypes.map((t) => JSON.stringify(t)).join(' or ')}. Ask your administrator to check JIRA_ISSUE_TYPES.`,
      400,
      error.jiraMessages,
    );
  }
  return error;
}
