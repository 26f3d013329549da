// GET /jira/getProjectIssues?projectKey={projectKey}&status={status} with the headers "email" and "api"
// (the user's e-mail and tracker API key) → {data: Issue[]} (docs/product.md §7).
import type { Issue } from '@handoff/core';
import type { GetProjectIssuesAnswer, GetProjectIssuesQuery, User } from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export async function getProjectIssues(
  api: ApiClient,
  user: User,
  projectKey: string,
  status: string,
  siteId?: string,
): Promise<Issue[]> {
  const params: GetProjectIssuesQuery = { projectKey, status };
  const query = new URLSearchParams(params);
  // The project's site, for a key two sites have (the server finds a unique key's site itself).
  if (siteId && siteId !== 'default') query.set('siteId', siteId);
  const answer = await api.get<GetProjectIssuesAnswer>(`/jira/getProjectIssues?${query}`, {
    headers: { email: user.email, api: user.apikey },
  });
  return answer.data;
}
