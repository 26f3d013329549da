// The bell's calls: what happened in the current workspace since the user last opened the list, and
// marking it seen (packages/core/src/api/notifications.ts).
import type {
  MarkNotificationsSeenBody,
  NotificationsAnswer,
  NotificationsSeenAnswer,
  UserIdBody,
} from '@handoff/core/api';
import { prefetchable } from '@/api/prefetch';
import type { ApiClient } from '@/lib/api-client';

async function getNotifications(api: ApiClient, userId: string): Promise<NotificationsAnswer['data']> {
  const body: UserIdBody = { userId };
  return (await api.post<NotificationsAnswer>('/jira/getNotifications', body)).data;
}

const notificationsCall = prefetchable('getNotifications', getNotifications);
/** Asks for the bell's list now, for the bell that reads it once the user is rendered. */
export const prefetchNotifications = notificationsCall.start;
/** The bell's list: the prefetched answer if there is a fresh one, else a new call. */
export const loadNotifications = notificationsCall.take;

export function markNotificationsSeen(
  api: ApiClient,
  userId: string,
  asOf: string,
): Promise<NotificationsSeenAnswer> {
  const body: MarkNotificationsSeenBody = { userId, asOf };
  return api.post<NotificationsSeenAnswer>('/jira/markNotificationsSeen', body);
}
