// POST /jira/getAllProjects {email, api} → {data: [{name, key}]} (SPEC §7): the user's tracker projects.
import type { ApiClient } from '@/lib/api-client';
import type { TrackerProject, User } from '@/types/api';

export async function getTrackerProjects(api: ApiClient, user: User): Promise<TrackerProject[]> {
  const answer = await api.post<{ data: TrackerProject[] }>('/jira/getAllProjects', {
    email: user.email,
    api: user.apikey,
  });
  return answer.data;
}
