// POST /jira/getProjectSends {userId, projectKey} → {data: SendRecord[]}, newest first: the project's
// send history (manual and automatic e-mails, with their outcome).
import type { GetProjectSendsAnswer, GetProjectSendsBody, SendRecord } from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export async function getProjectSends(
  api: ApiClient,
  userId: string,
  projectKey: string,
): Promise<SendRecord[]> {
  const body: GetProjectSendsBody = { userId, projectKey };
  const answer = await api.post<GetProjectSendsAnswer>('/jira/getProjectSends', body);
  return answer.data;
}
