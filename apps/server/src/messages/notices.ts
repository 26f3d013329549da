// The client's e-mails: the notice of stories (its text and HTML parts from the shared templates in
// @handoff/core/notice-mail, which the send screen's Preview renders too) and its reminder.
import { clientTexts } from '@handoff/core/catalogues/index';
import type { ClientLanguage } from '@handoff/core/client-language';
import {
  type ClientWords,
  type NoticeDetails,
  reviewNoticeHtml,
  reviewNoticeText,
} from '@handoff/core/notice-mail';
import type { MailAttachment, Mailer, SentMail } from '../mail/mailer.ts';
import { handOver, type RecordHandedOver } from './outgoing.ts';

/** A notice's parts with its review link; `storedText` is what the outbox keeps (undefined: the text). */
export interface NoticeParts {
  text: string;
  html: string;
  storedText: string | undefined;
}

/** The client's language with its catalogue's translator. */
function wordsOf(language: ClientLanguage): ClientWords {
  return { language, t: clientTexts(language) };
}

/**
 * The notice of `keys` with its review link: the draft, the details (test environment, answer-by date),
 * the link, in the client's language. With `storedLink` the outbox copy names that instead of the working link.
 */
export function noticeParts(notice: {
  draft: string;
  link: string;
  storedLink: string | undefined;
  keys: readonly string[];
  details: NoticeDetails;
  language: ClientLanguage;
}): NoticeParts {
  const { draft, link, storedLink, keys, details } = notice;
  const words = wordsOf(notice.language);
  return {
    text: reviewNoticeText(draft, link, details, words),
    html: reviewNoticeHtml(draft, link, keys, details, words),
    storedText: storedLink === undefined ? undefined : reviewNoticeText(draft, storedLink, details, words),
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

/**
 * A notice's reminder, to the notice's own To and CC, with a working link to the same notice, in the
 * language the notice was sent in: the default draft's greeting, the unanswered stories, the review line
 * as the notice has it, the closing.
 */
export async function sendReminder(
  mailer: Mailer,
  reminder: {
    to: string[];
    cc: string[];
    subject: string;
    link: string;
    stories: ReadonlyArray<{ key: string; summary: string }>;
    language: ClientLanguage;
  },
) {
  const words = wordsOf(reminder.language);
  const { t } = words;
  const stories =
    `${t('draft.greeting')}\n\n${t('reminder.intro')}\n` +
    reminder.stories.map((story) => `- ${story.summary}`).join('\n');
  const closing = t('draft.closing');
  await handOver(mailer, {
    purpose: 'review-reminder',
    to: reminder.to,
    cc: reminder.cc,
    subject: t('reminder.subject', { subject: reminder.subject }),
    text: `${stories}\n\n${t('notice.reviewLink')}: ${reminder.link}\n\n${closing}`,
    html: reviewNoticeHtml(
      `${stories}\n\n${closing}`,
      reminder.link,
      reminder.stories.map((story) => story.key),
      {},
      words,
    ),
  });
}
