// POST /jira/updateApiKey {apikey} → {status: 200, message, data?: {id, email, apikey}}. The server checks the
// token with Jira first; a token Jira refuses is answered with a 4xx and its message, and nothing is saved.
import type { ApiClient } from '@/lib/api-client';
import type { User } from '@/types/api';

export interface UpdateApiKeyAnswer {
  status: number;
  message: string;
  data?: User;
}

export function updateApiKey(api: ApiClient, apikey: string): Promise<UpdateApiKeyAnswer> {
  return api.post<UpdateApiKeyAnswer>('/jira/updateApiKey', { apikey });
}
