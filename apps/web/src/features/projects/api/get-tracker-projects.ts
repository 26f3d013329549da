// POST /jira/getAllProjects {email, api} → {data: [{name, key}]} (docs/product.md §7): the user's tracker projects.
import type { GetAllProjectsAnswer, GetAllProjectsBody, TrackerProject, User } from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export async function getTrackerProjects(api: ApiClient, user: User): Promise<TrackerProject[]> {
  const body: GetAllProjectsBody = { email: user.email, api: user.apikey };
  const answer = await api.post<GetAllProjectsAnswer>('/jira/getAllProjects', body);
  return answer.data;
}
