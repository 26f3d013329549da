// POST /jira/getProjectStatuses {userId, projectKey, siteId?} → {data: {available, offered}}: the statuses of
// the Jira project's workflows, for the edit screen's "Statuses offered".
import type { GetProjectStatusesAnswer, GetProjectStatusesBody } from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export async function getProjectStatuses(
  api: ApiClient,
  userId: string,
  projectKey: string,
  siteId: string,
): Promise<GetProjectStatusesAnswer['data']> {
  const body: GetProjectStatusesBody = { userId, projectKey, ...(siteId === 'default' ? {} : { siteId }) };
  return (await api.post<GetProjectStatusesAnswer>('/jira/getProjectStatuses', body)).data;
}
