// The e-mail that tells the project's owner about a submission's Failed verdicts (main README, "Whose Jira
// token writes"): one per submission, listing each failed story with the client's comment.
import { dateOf } from './write-back.job.ts';

interface FailedVerdictsNotice {
  projectName: string;
  projectKey: string;
  sentAt: Date;
  subject: string | null;
  /** By story key, with the summary the page showed (or the key). */
  stories: ReadonlyArray<{ key: string; summary: string; comment: string | null }>;
}

export function failedVerdictsMail(notice: FailedVerdictsNotice): { subject: string; text: string } {
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
      `answering the notice of ${dateOf(notice.sentAt)}${notice.subject ? ` “${notice.subject}”` : ''}:\n\n` +
      `${lines.join('\n')}\n\nThe project's Sent history in Handoff shows every verdict.`,
  };
}
