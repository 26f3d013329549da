// The e-mails to the project's owner about the client's answers: the Failed verdicts of a submission, and
// a notice's sign-off (a conditional one when some stories failed).
import { dateOf } from '@handoff/core/dates';
import type { Mailer } from '../mail/mailer.ts';
import { handOver } from './outgoing.ts';

/** The notice the client answered, as the owner's e-mails name it. */
interface AnsweredNotice {
  projectName: string;
  projectKey: string;
  sentAt: Date;
  subject: string | null;
}

const noticeOf = (notice: AnsweredNotice) =>
  `the notice of ${dateOf(notice.sentAt)}${notice.subject ? ` “${notice.subject}”` : ''}`;

function failedVerdictsMail(
  notice: AnsweredNotice & {
    /** By story key, with the summary the page showed (or the key). */
    stories: ReadonlyArray<{ key: string; summary: string; comment: string | null }>;
  },
): { subject: string; text: string } {
  const count = notice.stories.length;
  const noun = count === 1 ? 'story' : 'stories';
  const lines = notice.stories.map(
    (story) =>
      `- ${story.key} ${story.summary}${story.comment ? `\n  Comment: ${story.comment.replace(/\r?\n/g, '\n  ')}` : ''}`,
  );
  return {
    subject: `Client review: ${count} ${noun} failed in ${notice.projectName}`,
    text:
      `The client reported ${count} ${noun} as Failed in project ${notice.projectName} (${notice.projectKey}), ` +
      `answering ${noticeOf(notice)}:\n\n` +
      `${lines.join('\n')}\n\nThe project's Sent history in Handoff shows every verdict.`,
  };
}

function signOffMail(
  notice: AnsweredNotice & {
    by: string;
    at: Date;
    stories: ReadonlyArray<{ key: string; summary: string; verdict: 'passed' | 'failed' }>;
  },
): { subject: string; text: string } {
  const failed = notice.stories.filter((story) => story.verdict === 'failed').length;
  const lines = notice.stories.map(
    (story) => `- ${story.key} ${story.summary}: ${story.verdict === 'passed' ? 'Passed' : 'Failed'}`,
  );
  const conditional =
    failed > 0
      ? `This is a conditional sign-off: ${failed} ${failed === 1 ? 'story' : 'stories'} failed.\n\n`
      : '';
  return {
    subject: `${failed > 0 ? 'Conditional sign-off' : 'Sign-off'}: ${notice.projectName}`,
    text:
      `${notice.by} signed off ${noticeOf(notice)} ` +
      `in project ${notice.projectName} (${notice.projectKey}) on ${notice.at.toISOString().replace('T', ' ').slice(0, 16)} UTC.\n\n` +
      `${conditional}${lines.join('\n')}\n\nThe project's Sent history in Handoff shows the sign-off.`,
  };
}

/** Tells the owner (`to`) about a submission's Failed verdicts, each with the client's comment. */
export async function sendFailedVerdictsNotice(
  mailer: Mailer,
  to: string,
  notice: Parameters<typeof failedVerdictsMail>[0],
) {
  const { subject, text } = failedVerdictsMail(notice);
  await handOver(mailer, { purpose: 'review-failed', to: [to], subject, text });
}

/** The owner's summary of a sign-off: who signed, when, and each story's verdict. */
export async function sendSignOffSummary(
  mailer: Mailer,
  to: string,
  notice: Parameters<typeof signOffMail>[0],
) {
  const { subject, text } = signOffMail(notice);
  await handOver(mailer, { purpose: 'review-sign-off', to: [to], subject, text });
}
