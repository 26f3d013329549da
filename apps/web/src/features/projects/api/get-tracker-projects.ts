// POST /jira/getAllProjects {email, api} → {data: [{name, key}]} (docs/product.md §7): the user's tracker projects.
import type { GetAllProjectsAnswer, GetAllProjectsBody, TrackerProject, User } from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export async function getTrackerProjects(
  api: ApiClient,
  user: User,
  siteId = 'default',
): Promise<TrackerProject[]> {
  // The site `default` as the spec calls it; another site with the member's own credential for it.
  const body: GetAllProjectsBody =
    siteId === 'default' ? { email: user.email, api: user.apikey } : { email: user.email, siteId };
  const answer = await api.post<GetAllProjectsAnswer>('/jira/getAllProjects', body);
  return answer.data;
}
