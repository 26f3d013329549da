// POST /jira/sendDownloadedIssues (multipart/form-data, read by the server itself: file, subject, text, to,
// cc, and for a project's stories projectKey with issueKeys) and POST /jira/getProjectSends: e-mailing
// stories to the client and the project's send history.
import { z } from 'zod';
import { noticeReviewSchema } from './review.ts';

export const sendAnswer = z.object({
  status: z.literal(200),
  message: z.string(),
  /**
   * delivered is false when the e-mail was kept in the outbox (no mail server configured); refused names
   * the recipients the mail server refused while it took the e-mail for the others ("address (reply)").
   */
  data: z.object({ delivered: z.boolean(), sendId: z.string().nullable(), refused: z.array(z.string()) }),
});
export type SendAnswer = z.infer<typeof sendAnswer>;

/** What the mail server answered for one recipient: accepted, or refused with its reply (code and text). */
const recipientAnswerSchema = z.object({
  address: z.string(),
  accepted: z.boolean(),
  reply: z.string().optional(),
});

const SEND_TRIGGERS = ['manual', 'auto'] as const;
const SEND_STATUSES = ['pending', 'sending', 'sent', 'failed', 'abandoned', 'unconfirmed'] as const;

/** One e-mail of stories in a project's send history. */
const sendRecordSchema = z.object({
  id: z.string(),
  trigger: z.enum(SEND_TRIGGERS),
  status: z.enum(SEND_STATUSES),
  issueKeys: z.array(z.string()),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  subject: z.string().nullable(),
  text: z.string().nullable(),
  attachmentName: z.string().nullable(),
  attachmentSize: z.number().nullable(),
  /** false: kept in the outbox (no mail server); null: not known (not sent yet, or failed). */
  delivered: z.boolean().nullable(),
  error: z.string().nullable(),
  /** The mail server's answer for each recipient; null when none was asked (outbox) or none was kept. */
  recipients: z.array(recipientAnswerSchema).nullable(),
  /** The e-mail of the member who sent it by hand; null for auto-send ("Auto-send"). */
  sentBy: z.string().nullable(),
  /** The display name that member gave; null when they gave none (or for auto-send). */
  sentByName: z.string().nullable().optional(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The client's review of this notice; null when it has no review link (sent before reviews, or not sent). */
  review: noticeReviewSchema.nullable(),
  /** The release its stories were of; null: stories by status. */
  release: z.string().nullable(),
});
export type SendRecord = z.infer<typeof sendRecordSchema>;

export const getProjectSendsBody = z.object({
  userId: z.string(),
  projectKey: z.string().min(1),
  siteId: z.string().trim().min(1).max(64).optional(),
});
export type GetProjectSendsBody = z.input<typeof getProjectSendsBody>;

export const getProjectSendsAnswer = z.object({ data: z.array(sendRecordSchema) });
export type GetProjectSendsAnswer = z.infer<typeof getProjectSendsAnswer>;

/** POST /jira/offerAgain: a story of the sent list is drafted as a re-test on the next fetch (once). */
export const offerAgainBody = z.object({
  userId: z.string(),
  projectKey: z.string().min(1).max(255),
  issueKey: z.string().trim().min(1).max(255),
});
export type OfferAgainBody = z.input<typeof offerAgainBody>;
export const OFFERED_AGAIN = 'The story will be offered for re-test on the next fetch.';
export const offerAgainAnswer = z.object({ status: z.literal(200), message: z.literal(OFFERED_AGAIN) });
export type OfferAgainAnswer = z.infer<typeof offerAgainAnswer>;
