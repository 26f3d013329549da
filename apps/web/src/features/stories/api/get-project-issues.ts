// GET /jira/getProjectIssues?projectKey={projectKey}&status={status} with the headers "email" and "api"
// (the user's e-mail and tracker API key) → {data: Issue[]} (SPEC §7).
import type { IssueStatus } from '@handoff/core';
import type { ApiClient } from '@/lib/api-client';
import type { Issue, User } from '@/types/api';

export async function getProjectIssues(
  api: ApiClient,
  user: User,
  projectKey: string,
  status: IssueStatus,
): Promise<Issue[]> {
  const query = new URLSearchParams({ projectKey, status });
  const answer = await api.get<{ data: Issue[] }>(`/jira/getProjectIssues?${query}`, {
    headers: { email: user.email, api: user.apikey },
  });
  return answer.data;
}
