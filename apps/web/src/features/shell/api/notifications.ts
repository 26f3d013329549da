// The bell's calls: what happened in the current workspace since the user last opened the list, and
// marking it seen (packages/core/src/api/notifications.ts).
import type {
  MarkNotificationsSeenBody,
  NotificationsAnswer,
  NotificationsSeenAnswer,
  UserIdBody,
} from '@handoff/core/api';
import { prefetch, prefetched } from '@/api/prefetch';
import type { ApiClient } from '@/lib/api-client';

async function getNotifications(api: ApiClient, userId: string): Promise<NotificationsAnswer['data']> {
  const body: UserIdBody = { userId };
  return (await api.post<NotificationsAnswer>('/jira/getNotifications', body)).data;
}

const notificationsKey = (userId: string) => `getNotifications:${userId}`;

/** Asks for the bell's list now, for the bell that reads it once the user is rendered. */
export function prefetchNotifications(api: ApiClient, userId: string): void {
  prefetch(api, notificationsKey(userId), () => getNotifications(api, userId));
}

/** The bell's list: the prefetched answer if there is a fresh one, else a new call. */
export function loadNotifications(api: ApiClient, userId: string): Promise<NotificationsAnswer['data']> {
  return prefetched(api, notificationsKey(userId), () => getNotifications(api, userId));
}

export function markNotificationsSeen(
  api: ApiClient,
  userId: string,
  asOf: string,
): Promise<NotificationsSeenAnswer> {
  const body: MarkNotificationsSeenBody = { userId, asOf };
  return api.post<NotificationsSeenAnswer>('/jira/markNotificationsSeen', body);
}
