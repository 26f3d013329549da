// The Logout button's call to the server: the session of the stored refresh token ends there too
// (POST /jira/logout), so a copied refresh token stops working. Best effort: signing out never waits on it.
import { storageKeys } from '@/config/storage-keys';
import type { ApiClient } from './api-client';

export function endServerSession(api: ApiClient, storage: Storage = window.localStorage): void {
  const refreshToken = storage.getItem(storageKeys.refreshToken);
  if (refreshToken) void api.post('/jira/logout', { refreshToken }, { auth: false }).catch(() => undefined);
}
