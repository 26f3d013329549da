// POST /jira/review/getStatus {userId, projectKey} → one entry per story ever sent in the project.
import type { ProjectRefBody, ReviewStatusAnswer, StoryStatus } from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export async function getReviewStatus(
  api: ApiClient,
  userId: string,
  projectKey: string,
): Promise<StoryStatus[]> {
  const body: ProjectRefBody = { userId, projectKey };
  return (await api.post<ReviewStatusAnswer>('/jira/review/getStatus', body)).data;
}
