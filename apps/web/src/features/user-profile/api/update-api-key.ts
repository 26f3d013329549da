// POST /jira/updateApiKey {apikey} → {status: 200, message}. The server checks the
// token with Jira first; a token Jira refuses is answered with a 4xx and its message, and nothing is saved.
import type { UpdateApiKeyAnswer, UpdateApiKeyBody } from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export function updateApiKey(api: ApiClient, apikey: string): Promise<UpdateApiKeyAnswer> {
  const body: UpdateApiKeyBody = { apikey };
  return api.post<UpdateApiKeyAnswer>('/jira/updateApiKey', body);
}
