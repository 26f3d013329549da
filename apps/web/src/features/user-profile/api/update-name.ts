// POST /jira/updateName {name} → {status: 200, message, data: {name}}: the signed-in user's display name,
// shown instead of their address to the team and to clients (empty clears it).
import type { UpdateNameAnswer, UpdateNameBody } from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export function updateName(api: ApiClient, name: string): Promise<UpdateNameAnswer> {
  const body: UpdateNameBody = { name };
  return api.post<UpdateNameAnswer>('/jira/updateName', body);
}
