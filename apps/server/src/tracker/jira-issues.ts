// Calls on one Jira issue: its comments (read and added) and its workflow transitions (listed and run).

import { commentPageSchema, createdCommentSchema, transitionsSchema } from './jira.schemas.ts';
import { issueNotFound } from './jira-errors.ts';
import type { JiraCredentials, JiraHttp } from './jira-http.ts';

const issuePath = (issueKey: string, what: 'comment' | 'transitions') =>
  `/rest/api/3/issue/${encodeURIComponent(issueKey)}/${what}`;

/** Adds a comment (an ADF document) to an issue; returns the comment's id. */
export async function addComment(
  http: JiraHttp,
  credentials: JiraCredentials,
  issueKey: string,
  body: object,
): Promise<{ id: string }> {
  const { status, json } = await http.request({
    path: issuePath(issueKey, 'comment'),
    method: 'POST',
    credentials,
    body: { body },
    accept: [404],
  });
  if (status === 404) throw issueNotFound(issueKey);
  return http.parse(createdCommentSchema, json, 'comment');
}

/** Every comment of an issue (id and ADF body), oldest first, over every page. */
export async function listComments(
  http: JiraHttp,
  credentials: JiraCredentials,
  issueKey: string,
): Promise<Array<{ id: string; body?: unknown }>> {
  const comments: Array<{ id: string; body?: unknown }> = [];
  const pages = http.offsetPages(
    { path: issuePath(issueKey, 'comment'), query: { orderBy: 'created' }, credentials },
    (json) => http.parse(commentPageSchema, json, 'comments'),
    (page) => page.comments,
    () => issueNotFound(issueKey),
  );
  for await (const page of pages) comments.push(...page.comments);
  return comments;
}

/** The transitions Jira offers for an issue now. */
export async function listTransitions(
  http: JiraHttp,
  credentials: JiraCredentials,
  issueKey: string,
): Promise<Array<{ id: string; name: string }>> {
  const { status, json } = await http.request({
    path: issuePath(issueKey, 'transitions'),
    method: 'GET',
    credentials,
    accept: [404],
  });
  if (status === 404) throw issueNotFound(issueKey);
  return http.parse(transitionsSchema, json, 'transitions').transitions.map(({ id, name }) => ({ id, name }));
}

/** Moves an issue through a transition (Jira answers 204). */
export async function transitionIssue(
  http: JiraHttp,
  credentials: JiraCredentials,
  issueKey: string,
  transitionId: string,
): Promise<void> {
  const { status } = await http.request({
    path: issuePath(issueKey, 'transitions'),
    method: 'POST',
    credentials,
    body: { transition: { id: transitionId } },
    accept: [404],
  });
  if (status === 404) throw issueNotFound(issueKey);
}
