// GET /jira/getProjectIssues?projectKey={projectKey}&status={status} with the headers "email" and "api"
// (the user's e-mail and tracker API key) → {data: Issue[]} (docs/product.md §7).
import type { Issue, IssueStatus } from '@handoff/core';
import type { GetProjectIssuesAnswer, GetProjectIssuesQuery, User } from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export async function getProjectIssues(
  api: ApiClient,
  user: User,
  projectKey: string,
  status: IssueStatus,
): Promise<Issue[]> {
  const params: GetProjectIssuesQuery = { projectKey, status };
  const query = new URLSearchParams(params);
  const answer = await api.get<GetProjectIssuesAnswer>(`/jira/getProjectIssues?${query}`, {
    headers: { email: user.email, api: user.apikey },
  });
  return answer.data;
}
