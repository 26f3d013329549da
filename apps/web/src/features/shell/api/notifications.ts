// The bell's calls: what happened in the current workspace since the user last opened the list, and
// marking it seen (packages/core/src/api/notifications.ts).
import type {
  MarkNotificationsSeenBody,
  NotificationsAnswer,
  NotificationsSeenAnswer,
  UserIdBody,
} from '@handoff/core/api';
import type { ApiClient } from '@/lib/api-client';

export async function getNotifications(api: ApiClient, userId: string): Promise<NotificationsAnswer['data']> {
  const body: UserIdBody = { userId };
  return (await api.post<NotificationsAnswer>('/jira/getNotifications', body)).data;
}

export function markNotificationsSeen(
  api: ApiClient,
  userId: string,
  asOf: string,
): Promise<NotificationsSeenAnswer> {
  const body: MarkNotificationsSeenBody = { userId, asOf };
  return api.post<NotificationsSeenAnswer>('/jira/markNotificationsSeen', body);
}
