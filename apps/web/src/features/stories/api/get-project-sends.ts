// POST /jira/getProjectSends {userId, projectKey} → {data: SendRecord[]}, newest first: the project's
// send history (manual and automatic e-mails, with their outcome).
import type { ApiClient } from '@/lib/api-client';
import type { SendRecord } from '@/types/api';

export async function getProjectSends(
  api: ApiClient,
  userId: string,
  projectKey: string,
): Promise<SendRecord[]> {
  const answer = await api.post<{ data: SendRecord[] }>('/jira/getProjectSends', { userId, projectKey });
  return answer.data;
}
