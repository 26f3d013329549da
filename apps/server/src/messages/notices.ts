// The client's e-mails: the notice of stories (its text and HTML parts from the shared templates in
// @handoff/core/notice-mail, which the send screen's Preview renders too) and its reminder.
import { type NoticeDetails, reviewNoticeHtml, reviewNoticeText } from '@handoff/core/notice-mail';
import type { MailAttachment, Mailer, SentMail } from '../mail/mailer.ts';
import { handOver, type RecordHandedOver } from './outgoing.ts';

/** A notice's parts with its review link; `storedText` is what the outbox keeps (undefined: the text). */
export interface NoticeParts {
  text: string;
  html: string;
  storedText: string | undefined;
}

/**
 * The notice of `keys` with its review link: the draft, the details (test environment, answer-by date),
 * the link. With `storedLink` the outbox copy names that instead of the working link.
 */
export function noticeParts(notice: {
  draft: string;
  link: string;
  storedLink: string | undefined;
  keys: readonly string[];
  details: NoticeDetails;
}): NoticeParts {
  const { draft, link, storedLink, keys, details } = notice;
  return {
    text: reviewNoticeText(draft, link, details),
    html: reviewNoticeHtml(draft, link, keys, details),
    storedText: storedLink === undefined ? undefined : reviewNoticeText(draft, storedLink, details),
  };
}

/** An e-mail of stories to the client: a notice's parts when it has a review link, else the text as typed. */
export function sendStories(
  mailer: Mailer,
  message: { to: string[]; cc: string[]; subject: string; text: string; attachments: MailAttachment[] },
  notice?: NoticeParts,
  record?: RecordHandedOver,
): Promise<SentMail> {
  return handOver(
    mailer,
    {
      purpose: 'stories',
      ...message,
      ...(notice ? { text: notice.text, html: notice.html, storedText: notice.storedText } : {}),
    },
    record,
  );
}

/** The reminder's text: the unanswered stories, then the link, as the notice's review line reads. */
function reminderText(summaries: readonly string[], link: string): string {
  return (
    'Dear customer,\n\nThe following stories are still waiting for your review:\n' +
    summaries.map((summary) => `- ${summary}`).join('\n') +
    `\n\nReview and report results: ${link}\n\nRegards,`
  );
}

/** A notice's reminder, to the notice's own To and CC, with a working link to the same notice. */
export async function sendReminder(
  mailer: Mailer,
  reminder: {
    to: string[];
    cc: string[];
    subject: string;
    link: string;
    stories: ReadonlyArray<{ key: string; summary: string }>;
  },
) {
  const text = reminderText(
    reminder.stories.map((story) => story.summary),
    reminder.link,
  );
  const draft = `${text.slice(0, text.indexOf('\n\nReview and report results:'))}\n\nRegards,`;
  await handOver(mailer, {
    purpose: 'review-reminder',
    to: reminder.to,
    cc: reminder.cc,
    subject: `Reminder: ${reminder.subject}`,
    text,
    html: reviewNoticeHtml(
      draft,
      reminder.link,
      reminder.stories.map((story) => story.key),
    ),
  });
}
