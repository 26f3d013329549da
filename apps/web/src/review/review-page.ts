// The client's review page at {PUBLIC_URL}/review/{token} (see the README, "The client's review page"): no account, no admin app, no React.
// It reads the notice with POST /jira/review/getNotice {token} and shows, per story, its key, summary and
// test steps, two toggle buttons `Passed` / `Failed` (aria-pressed) and a `Comment` box; `Submit results`
// posts the verdicts given so far to /jira/review/submitVerdicts. The page is built with DOM calls and
// textContent only (nothing typed is parsed as HTML) and sets no inline style, for the strict CSP.
import type {
  REVIEW_ALREADY_SIGNED_OFF,
  REVIEW_LINK_INVALID,
  ReviewNoticeAnswer,
  ReviewStory,
  ReviewTokenBody,
  ReviewVerdict,
  SignOffAnswer,
  SignOffBody,
  SubmitVerdictsAnswer,
  SubmitVerdictsBody,
} from '@handoff/core/api';
import { en } from '@handoff/core/catalogues/en';
import { type ClientLanguage, type Translate, translator } from '@handoff/core/client-language';
import { noticeDetailLines } from '@handoff/core/notice-mail';
import { callReview, failureText, ReviewCallError } from './review-calls';
import { answeredProgress, el, senderHeader, withLinks } from './review-view';

// The contract's texts in English, checked against its types (the web imports the API module as types only).
// The page shows every text in the notice's language: the messages the getNotice answer hands it.
export const LINK_INVALID_TEXT: typeof REVIEW_LINK_INVALID = 'This review link is no longer valid.';
export const THANKS_TEXT: SubmitVerdictsAnswer['message'] = 'Thank you. Your results were sent to the team.';
export const NO_VERDICT_TEXT = 'Choose Passed or Failed for at least one story, then submit.';
export const SIGNED_OFF_THANKS_TEXT: SignOffAnswer['message'] =
  'Thank you. Your sign-off was sent to the team.';
export const ALREADY_SIGNED_OFF_TEXT: typeof REVIEW_ALREADY_SIGNED_OFF = 'This notice is already signed off.';
export const NO_NAME_TEXT = 'Give your name, then submit.';
/** Where the browser remembers the reviewer's name for the next notice. */
export const REVIEWER_STORAGE_KEY = 'handoff.reviewer';
const MAX_COMMENT = 2000;

type Notice = ReviewNoticeAnswer['data'];

/** The token of a review link's path, `/review/{token}`; null when the path holds none. */
export function tokenFromPath(pathname: string): string | null {
  const match = /^\/review\/([A-Za-z0-9_-]+)\/?$/.exec(pathname);
  return match?.[1] ?? null;
}

/** One story's answer as the page holds it until it is submitted. */
interface Answer {
  verdict: ReviewVerdict | null;
  comment: string;
}

/** The reviewer's name this browser remembers ('' when none, or when storage is off). */
function rememberedName(): string {
  try {
    return window.localStorage.getItem(REVIEWER_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function rememberName(name: string): void {
  try {
    window.localStorage.setItem(REVIEWER_STORAGE_KEY, name);
  } catch {
    // Storage off: the name is asked again next time.
  }
}

/**
 * The verdict a link of the e-mail's HTML part chose for one story (`?story=KEY&verdict=passed`):
 * it is only preselected; nothing is recorded until `Submit results`.
 */
function chosenInLink(search: string): { key: string; verdict: ReviewVerdict } | null {
  const params = new URLSearchParams(search);
  const key = params.get('story');
  const verdict = params.get('verdict');
  if (!key || (verdict !== 'passed' && verdict !== 'failed')) return null;
  return { key, verdict };
}

/** Shows the review of the link's token in `root` (the page's <main>). Resolves once the first view is shown. */
export async function startReviewPage(root: HTMLElement, token: string | null, search = ''): Promise<void> {
  // English until the notice names its language (the server answers an unknown link's page in the
  // browser's language itself; this page meets one only when a link stops working while it is open).
  let t = translator('en', en);

  const showInvalid = () => {
    root.replaceChildren(el('h1', 'review__title', t('review.linkInvalid')));
    root.classList.add('review--invalid');
    root.removeAttribute('aria-busy');
    root.removeAttribute('aria-labelledby');
    document.title = t('review.linkInvalidTitle');
  };

  const load = async () => {
    if (!token) return showInvalid();
    root.setAttribute('aria-busy', 'true');
    try {
      const answer = await callReview<ReviewNoticeAnswer>('/jira/review/getNotice', { token });
      t = translator(answer.data.language, answer.data.messages);
      document.documentElement.lang = answer.data.language;
      showNotice(answer.data, token);
    } catch (error) {
      if (error instanceof ReviewCallError && (error.status === 404 || error.status === 400)) {
        return showInvalid();
      }
      root.replaceChildren(...loadFailed(error, t, () => void load()));
      root.removeAttribute('aria-busy');
    }
  };

  const showNotice = (notice: Notice, token: string) => {
    const answers = new Map<string, Answer>(
      notice.stories.map((story) => [story.key, { verdict: story.verdict, comment: story.comment ?? '' }]),
    );
    // What the server holds: the sign-off is offered once every story has a saved verdict.
    const saved = new Set(notice.stories.filter((story) => story.verdict).map((story) => story.key));
    const chosen = notice.signedOff ? null : chosenInLink(search);
    const preselected = chosen ? answers.get(chosen.key) : undefined;
    if (preselected) preselected.verdict = chosen!.verdict;
    const brand = senderHeader(notice, t);
    const heading = el('h1', 'review__title', notice.projectName);
    heading.id = 'review-title';
    root.setAttribute('aria-labelledby', heading.id);
    const intro = el(
      'p',
      'review__note',
      t('review.intro', { count: notice.stories.length, until: new Date(notice.expiresAt) }),
    );
    const form = el('form', 'review__form');
    form.noValidate = true;
    const list = el('ol', 'review__stories');
    list.setAttribute('aria-label', t('review.stories'));
    const progress = answeredProgress(notice.stories.length, t);
    const showProgress = () =>
      progress.update([...answers.values()].filter((answer) => answer.verdict !== null).length);
    for (const [index, story] of notice.stories.entries()) {
      list.append(storyItem(story, index, answers.get(story.key)!, showProgress, t));
    }
    showProgress();
    const { label: nameLabel, input: name } = reviewerNameField(t);
    const status = el('p', 'review__status');
    status.setAttribute('role', 'status');
    const submit = el('button', 'review__button', t('review.submit'));
    submit.type = 'submit';
    const signOffButton = el('button', 'review__button review__button--outline', t('review.signOff'));
    signOffButton.type = 'button';
    // The bar stays at the bottom of the screen: progress, the buttons, and the answer as a banner.
    const actions = el('div', 'review__actions');
    actions.append(progress.element, submit, signOffButton);
    const bar = el('div', 'review__bar');
    bar.append(status, actions);
    form.append(nameLabel, list, bar);
    const signedOffNote = el('p', 'review__note review__signed-off');
    const showSignOff = () => {
      signOffButton.hidden =
        notice.signedOff !== null || notice.stories.some((story) => !saved.has(story.key));
      if (notice.signedOff) {
        const { by: name, at } = notice.signedOff;
        signedOffNote.textContent = t('review.signedOffBy', { name, at: new Date(at) });
        for (const control of form.querySelectorAll('button, textarea, input')) {
          control.setAttribute('aria-disabled', 'true');
          if (control instanceof HTMLTextAreaElement || control instanceof HTMLInputElement)
            control.readOnly = true;
        }
        submit.hidden = true;
      }
    };
    const reviewerName = (): string | null => {
      const given = name.value.trim();
      if (given) {
        rememberName(given);
        return given;
      }
      status.className = 'review__status review__status--error';
      status.textContent = t('review.noName');
      name.focus();
      return null;
    };

    signOffButton.addEventListener('click', async () => {
      if (signOffButton.getAttribute('aria-disabled') === 'true') return;
      const reviewer = reviewerName();
      if (!reviewer) return;
      signOffButton.setAttribute('aria-disabled', 'true');
      status.className = 'review__status';
      status.textContent = t('review.sendingSignOff');
      try {
        await callReview<SignOffAnswer>('/jira/review/signOff', { token, reviewer });
        const conditional = [...answers.values()].some((a) => a.verdict === 'failed');
        notice.signedOff = { by: reviewer, at: new Date().toISOString(), conditional };
        status.classList.add('review__status--done');
        status.textContent = t('review.signedOffThanks');
        showSignOff();
      } catch (error) {
        if (error instanceof ReviewCallError && error.status === 404) return showInvalid();
        status.classList.add('review__status--error');
        status.textContent = t('review.signOffNotSent', { reason: failureText(error, t) });
        signOffButton.removeAttribute('aria-disabled');
      }
    });

    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      if (submit.getAttribute('aria-disabled') === 'true' || notice.signedOff) return;
      const verdicts: SubmitVerdictsBody['verdicts'] = [];
      for (const [key, answer] of answers) {
        if (!answer.verdict) continue;
        const comment = answer.comment.trim();
        verdicts.push({ key, verdict: answer.verdict, ...(comment ? { comment } : {}) });
      }
      status.className = 'review__status';
      if (verdicts.length === 0) {
        status.classList.add('review__status--error');
        status.textContent = t('review.noVerdict');
        return;
      }
      const reviewer = reviewerName();
      if (!reviewer) return;
      submit.setAttribute('aria-disabled', 'true');
      status.textContent = t('review.sending');
      try {
        await callReview<SubmitVerdictsAnswer>('/jira/review/submitVerdicts', {
          token,
          verdicts,
          reviewer,
        });
        status.classList.add('review__status--done');
        status.textContent = t('review.thanks');
        for (const verdict of verdicts) saved.add(verdict.key);
        showSignOff();
      } catch (error) {
        if (error instanceof ReviewCallError && error.status === 404) return showInvalid();
        status.classList.add('review__status--error');
        status.textContent = t('review.notSent', { reason: failureText(error, t) });
      } finally {
        submit.removeAttribute('aria-disabled');
      }
    });

    root.replaceChildren(
      ...(brand ? [brand] : []),
      heading,
      intro,
      ...noticeDetails(notice, t),
      signedOffNote,
      form,
    );
    showSignOff();
    root.removeAttribute('aria-busy');
    document.title = t('review.pageTitle', { project: notice.projectName });
  };

  await load();
}

/** The stories could not be loaded: why, and `Try again`. */
function loadFailed(error: unknown, t: Translate, retry: () => void): HTMLElement[] {
  const button = el('button', 'review__button review__button--outline', t('review.tryAgain'));
  button.type = 'button';
  button.addEventListener('click', retry);
  return [
    el('h1', 'review__title', t('review.loadFailed')),
    el('p', 'review__note', failureText(error, t)),
    button,
  ];
}

/** Where to test and by when, worded as in the e-mail (the same lines: @handoff/core/notice-mail); none when unset. */
function noticeDetails(notice: Notice, t: Translate): HTMLElement[] {
  const lines = noticeDetailLines(notice, t);
  if (lines.length === 0) return [];
  const details = el('div', 'review__details');
  for (const line of lines) details.append(el('p', 'review__detail', line));
  return [details];
}

/** The `Your name` box, holding the name this browser remembers. */
function reviewerNameField(t: Translate): { label: HTMLLabelElement; input: HTMLInputElement } {
  const label = el('label', 'review__name', t('review.yourName'));
  const input = el('input');
  input.type = 'text';
  input.name = 'reviewer';
  input.required = true;
  input.maxLength = 200;
  input.autocomplete = 'name';
  input.value = rememberedName();
  label.append(input);
  return { label, input };
}

/** One story: key and summary, test steps, the two toggles and the comment box. */
function storyItem(
  story: ReviewStory,
  index: number,
  answer: Answer,
  onChoice: () => void,
  t: Translate,
): HTMLLIElement {
  const item = el('li', 'review-story');
  const headingId = `story-${index}`;
  item.setAttribute('aria-labelledby', headingId);
  const heading = el('h2', 'review-story__title');
  heading.id = headingId;
  heading.append(el('span', 'review-story__key', story.key));
  // Until the server has read the story from Jira its summary may be just the key: not shown twice.
  if (story.summary && story.summary !== story.key) heading.append(` ${story.summary}`);
  item.append(heading);

  if (story.testSteps.length > 0) {
    const stepsId = `story-${index}-steps`;
    const stepsLabel = el('h3', 'review-story__label', t('review.testSteps'));
    stepsLabel.id = stepsId;
    const steps = el('ol', 'review-story__steps');
    steps.setAttribute('aria-labelledby', stepsId);
    for (const step of story.testSteps) {
      const item = el('li');
      item.append(...withLinks(step));
      steps.append(item);
    }
    item.append(stepsLabel, steps);
  } else {
    item.append(el('p', 'review-story__none', t('review.noTestSteps')));
  }

  const choice = el('div', 'review-story__choice');
  choice.setAttribute('role', 'group');
  choice.setAttribute('aria-label', t('review.resultFor', { key: story.key }));
  const toggles: Record<ReviewVerdict, HTMLButtonElement> = {
    passed: el('button', 'review-toggle review-toggle--passed', t('review.passed')),
    failed: el('button', 'review-toggle review-toggle--failed', t('review.failed')),
  };
  const showChoice = () => {
    for (const [verdict, button] of Object.entries(toggles)) {
      button.setAttribute('aria-pressed', String(answer.verdict === verdict));
    }
  };
  for (const [verdict, button] of Object.entries(toggles) as [ReviewVerdict, HTMLButtonElement][]) {
    button.type = 'button';
    button.addEventListener('click', () => {
      // Like a pair of radio buttons: a given verdict can be changed, not taken back (the server keeps it).
      answer.verdict = verdict;
      showChoice();
      onChoice();
    });
    choice.append(button);
  }
  showChoice();

  const commentId = `story-${index}-comment`;
  const label = el('label', 'review-story__label', t('review.comment'));
  label.htmlFor = commentId;
  const comment = el('textarea', 'review-story__comment');
  comment.id = commentId;
  comment.rows = 3;
  comment.maxLength = MAX_COMMENT;
  comment.value = answer.comment;
  comment.addEventListener('input', () => {
    answer.comment = comment.value;
  });
  item.append(choice, label, comment);
  return item;
}
