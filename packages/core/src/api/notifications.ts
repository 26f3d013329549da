// The notifications (the top bar's bell; Handoff's own calls): what happened lately in the caller's current
// workspace, those since they last opened the list marked new, each linking to its project.
//   POST /jira/getNotifications       userIdBody                → notificationsAnswer
//   POST /jira/markNotificationsSeen  markNotificationsSeenBody → notificationsSeenAnswer
import { z } from 'zod';

/** A client's verdict, a client's sign-off, a send that failed, an auto-send that e-mailed stories. */
const NOTIFICATION_KINDS = ['verdict', 'signOff', 'sendFailed', 'autoSend'] as const;

const notificationSchema = z.object({
  /** Stable per event. */
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** When it happened (ISO 8601). */
  at: z.string(),
  projectKey: z.string(),
  projectName: z.string(),
  /** The project's tracker site (`default` for the first). */
  siteId: z.string(),
  /**
   * One sentence saying what happened, e.g. "Ann Client: SHOP-1 failed.", "Ann Client answered 5 stories: 4
   * passed, 1 failed.", "Ann Client signed off: 4 passed, 1 failed."
   */
  text: z.string(),
  /**
   * For an answer or a sign-off: how many stories passed and failed, and which (failed first, each part in key
   * order; at most 10, their titles as the notice showed them). Left out for the other kinds.
   */
  outcome: z
    .object({
      passed: z.number().int(),
      failed: z.number().int(),
      stories: z.array(
        z.object({ key: z.string(), title: z.string(), verdict: z.enum(['passed', 'failed']) }),
      ),
    })
    .optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsAnswer = z.object({
  data: z.object({
    /** The moment the caller last opened the list (what happened after it is new); null: never, all is new. */
    seenAt: z.string().nullable(),
    /** The moment this list was read: give it to markNotificationsSeen. */
    asOf: z.string(),
    /** What happened in the last 7 days, and since seenAt if that is earlier, newest first (at most 50). */
    items: z.array(notificationSchema),
  }),
});
export type NotificationsAnswer = z.infer<typeof notificationsAnswer>;

export const markNotificationsSeenBody = z.object({
  userId: z.string().min(1, 'userId is required.').max(200),
  /** The list's asOf: what happened until then counts as seen (a later moment counts as now). */
  asOf: z.iso.datetime({ offset: true, error: 'asOf must be the asOf of getNotifications.' }),
});
export type MarkNotificationsSeenBody = z.input<typeof markNotificationsSeenBody>;

export const notificationsSeenAnswer = z.object({ status: z.literal(200), message: z.string() });
export type NotificationsSeenAnswer = z.infer<typeof notificationsSeenAnswer>;
