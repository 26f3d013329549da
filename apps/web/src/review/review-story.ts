// One story of the client's review page: key and summary, test steps, Passed / Failed as a two-button
// toggle (aria-pressed; a check and a cross that turn green and red when chosen), and the comment, closed
// behind `Add a comment` until asked for, given, or the story is marked Failed.
import type { ReviewStory, ReviewVerdict } from '@handoff/core/api';
import { say } from './review-messages';
import { stepParts } from './review-text';
import { el, verdictIcon } from './review-view';

const MAX_COMMENT = 2000;

/** One story's answer as the page holds it until it is submitted. */
export interface Answer {
  verdict: ReviewVerdict | null;
  comment: string;
}

export function storyItem(
  story: ReviewStory,
  index: number,
  answer: Answer,
  onChange: () => void,
  /** The title's level: h3 under a group's heading. */
  level: 'h2' | 'h3' = 'h2',
): HTMLLIElement {
  const item = el('li', 'review-story');
  const headingId = `story-${index}`;
  item.setAttribute('aria-labelledby', headingId);
  const heading = el(level, 'review-story__title');
  heading.id = headingId;
  heading.append(el('span', 'review-story__key', story.key));
  // Until the server has read the story from Jira its summary may be just the key: not shown twice.
  if (story.summary && story.summary !== story.key) heading.append(` ${story.summary}`);
  item.append(heading, ...testSteps(story, index, level === 'h2' ? 'h3' : 'h4'));
  const comment = commentField(index, answer, onChange);
  item.append(
    verdictToggle(story, answer, (verdict) => {
      if (verdict === 'failed') comment.open();
      onChange();
    }),
    comment.element,
  );
  return item;
}

/** The story's test steps under their label, a heading one level below the story's title. */
function testSteps(story: ReviewStory, index: number, level: 'h3' | 'h4'): HTMLElement[] {
  if (story.testSteps.length === 0) return [el('p', 'review-story__none', say('noTestSteps'))];
  const stepsId = `story-${index}-steps`;
  const label = el(level, 'review-story__label', say('testSteps'));
  label.id = stepsId;
  const steps = el('ol', 'review-story__steps');
  steps.setAttribute('aria-labelledby', stepsId);
  for (const step of story.testSteps) {
    const line = el('li');
    line.append(...stepParts(step));
    steps.append(line);
  }
  return [label, steps];
}

/** `Passed` and `Failed`, like a pair of radio buttons: a verdict can be changed, not taken back. */
function verdictToggle(story: ReviewStory, answer: Answer, onChoice: (verdict: ReviewVerdict) => void) {
  const choice = el('div', 'review-story__choice');
  choice.setAttribute('role', 'group');
  choice.setAttribute('aria-label', say('resultFor', { key: story.key }));
  const buttons = (['passed', 'failed'] as const).map((verdict) => {
    const button = el('button', `review-toggle review-toggle--${verdict}`);
    button.type = 'button';
    button.append(verdictIcon(verdict), el('span', undefined, say(verdict)));
    button.addEventListener('click', () => {
      answer.verdict = verdict;
      show();
      onChoice(verdict);
    });
    return { verdict, button };
  });
  const show = () => {
    for (const { verdict, button } of buttons)
      button.setAttribute('aria-pressed', String(answer.verdict === verdict));
  };
  show();
  choice.append(...buttons.map(({ button }) => button));
  return choice;
}

/** The comment box, behind `Add a comment` until opened (at once when the story already has a comment). */
function commentField(
  index: number,
  answer: Answer,
  onChange: () => void,
): { element: HTMLElement; open: () => void } {
  const element = el('div', 'review-story__comment-field');
  const commentId = `story-${index}-comment`;
  const opener = el('button', 'review-story__add-comment', say('addComment'));
  opener.type = 'button';
  opener.setAttribute('aria-expanded', 'false');
  opener.setAttribute('aria-controls', commentId);
  const label = el('label', 'review-story__label', say('comment'));
  label.htmlFor = commentId;
  const box = el('textarea', 'review-story__comment');
  box.id = commentId;
  box.rows = 3;
  box.maxLength = MAX_COMMENT;
  box.value = answer.comment;
  box.addEventListener('input', () => {
    answer.comment = box.value;
    onChange();
  });
  const open = () => {
    opener.hidden = true;
    label.hidden = false;
    box.hidden = false;
  };
  opener.addEventListener('click', () => {
    open();
    box.focus();
  });
  label.hidden = true;
  box.hidden = true;
  element.append(opener, label, box);
  if (answer.comment) open();
  return { element, open };
}

/**
 * A signed-off story: its verdict as a read-only badge (a check or a cross, green or red) and its comment as
 * text, in place of the toggle and the comment box.
 */
export function showFinalAnswer(item: HTMLElement, answer: Answer): void {
  const badge = el('p', `review-story__final review-story__final--${answer.verdict ?? 'none'}`);
  if (answer.verdict) badge.append(verdictIcon(answer.verdict), el('span', undefined, say(answer.verdict)));
  item.querySelector('.review-story__choice')?.replaceWith(badge);
  const comment = answer.comment.trim();
  const field = item.querySelector('.review-story__comment-field');
  if (comment) field?.replaceWith(el('blockquote', 'review-story__final-comment', comment));
  else field?.remove();
  if (!answer.verdict) badge.remove();
}
