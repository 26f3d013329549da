// The bell's calls: the list of what happened in the current workspace since the caller last opened it,
// and marking it seen. Wire shapes: packages/core/src/api/notifications.ts.
import {
  markNotificationsSeenBody,
  notificationsAnswer,
  notificationsSeenAnswer,
  userIdBody,
} from '@handoff/core/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { markNotificationsSeen, notificationsOf } from './notifications.service.ts';

const tags = ['notifications'];

export async function notificationsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/jira/getNotifications',
    {
      schema: {
        tags,
        description:
          'What happened in the current workspace in the last 7 days (and since the caller last opened the ' +
          'notifications, if that is earlier): client verdicts, sign-offs, failed sends and auto-send runs, ' +
          'newest first, at most 50; those after seenAt are new.',
        body: userIdBody,
        response: { 200: notificationsAnswer },
      },
    },
    async (request) => ({
      data: await notificationsOf(app.db, request.productUser.id, request.membership.workspaceId, new Date()),
    }),
  );

  app.post(
    '/jira/markNotificationsSeen',
    {
      schema: {
        tags,
        description:
          "Marks the current workspace's notifications seen by the caller up to asOf (the list's; at most now).",
        body: markNotificationsSeenBody,
        response: { 200: notificationsSeenAnswer },
      },
    },
    async (request) => {
      const now = new Date();
      await markNotificationsSeen(
        app.db,
        request.productUser.id,
        request.membership.workspaceId,
        new Date(request.body.asOf),
        now,
      );
      return { status: 200 as const, message: 'Notifications marked as seen.' };
    },
  );
}
