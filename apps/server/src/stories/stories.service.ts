// Fetching a project's stories in a status from the tracker, as the send-stories screen reads them.
import type { AdfNode, Issue } from '@handoff/core';
import type { JiraClient } from '../tracker/jira.client.ts';
import type { SearchIssue } from '../tracker/jira.schemas.ts';
import { TrackerError } from '../tracker/jira-errors.ts';
import type { JiraCredentials } from '../tracker/jira-http.ts';
import { storiesJql } from '../tracker/jql.ts';

interface StoriesRequest {
  projectKey: string;
  status: string;
  issueTypes: readonly string[];
}

/** A fetched story with Jira's id of it (the changelog answers by id); the id is not in the API's answer. */
export type FetchedStory = Issue & { trackerId?: string; retest?: boolean };

/** The stories of a project in a status, ordered by key; description "N/A" when the story has none. */
export async function fetchStories(
  jira: JiraClient,
  credentials: JiraCredentials,
  request: StoriesRequest,
): Promise<FetchedStory[]> {
  try {
    const issues = await jira.searchIssues(credentials, {
      jql: storiesJql(request),
      fields: ['summary', 'description'],
      maxResults: 100,
    });
    return issues.map((issue) => (issue.id ? { ...toIssue(issue), trackerId: issue.id } : toIssue(issue)));
  } catch (error) {
    throw explainSearchError(error, request);
  }
}

export function toIssue(issue: SearchIssue): Issue {
  return {
    key: issue.key,
    issueHeader: issue.fields.summary ?? '',
    description: descriptionOf(issue.fields.description),
  };
}

function descriptionOf(description: SearchIssue['fields']['description']): Issue['description'] {
  if (description === null || description === undefined) return 'N/A';
  if (typeof description === 'string') {
    // API v2-style plain text: one paragraph per line.
    const lines = description.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
    if (lines.length === 0) return 'N/A';
    return {
      type: 'doc',
      version: 1,
      content: lines.map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] })),
    };
  }
  if (description.content.length === 0) return 'N/A';
  return description as AdfNode;
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
