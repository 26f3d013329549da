// The top of the client's review page under the band: the heading (`Please test {N} stories of {project}`, or
// once answers are sent, that the client can still change them), until when answers can change, and where to
// test and by when, worded as in the notice e-mail.
import type { ReviewNoticeAnswer } from '@handoff/core/api';
import { noticeDetailLines } from '@handoff/core/notice-mail';
import { say, translate } from './review-messages';
import { el } from './review-view';

export type Notice = ReviewNoticeAnswer['data'] & {
  /** The release under test, once notices name one (the heading then says it). */
  release?: string | null;
};

/**
 * The heading `Please test {N} stories of {project}` (with the release where there is one); once the team has
 * answers, that they were sent and can still change, so the page no longer reads as if nothing was done.
 */
export function noticeHeading(notice: Notice, sent: boolean): string {
  if (sent) return say('headingSent');
  const values = { count: notice.stories.length, project: notice.projectName, release: notice.release ?? '' };
  return say(notice.release ? 'headingWithRelease' : 'heading', values);
}

/** Above the stories (the band says who sent them): the heading, until when answers can change, where to test and by when. */
export function noticeIntro(notice: Notice): HTMLElement {
  const intro = el('div', 'review__intro');
  const sent = notice.stories.some((story) => story.verdict !== null);
  const heading = el('h1', 'review__title', noticeHeading(notice, sent));
  heading.id = 'review-title';
  heading.tabIndex = -1;
  intro.append(heading);
  intro.append(el('p', 'review__note review__change-note', changeNote(notice, sent)));
  intro.append(...noticeDetails(notice));
  return intro;
}

/** What to do and until when answers can change; once some are sent, that the team has them. */
export function changeNote(notice: Notice, sent: boolean): string {
  return say(sent ? 'introSent' : 'intro', { date: new Date(notice.expiresAt), project: notice.projectName });
}

/** Where to test and by when, worded as in the e-mail (@handoff/core/notice-mail); none when unset. */
function noticeDetails(notice: Notice): HTMLElement[] {
  const lines = noticeDetailLines(notice, translate);
  if (lines.length === 0) return [];
  const details = el('div', 'review__details');
  for (const line of lines) details.append(el('p', 'review__detail', line));
  return [details];
}
