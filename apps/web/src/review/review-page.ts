// The client's review page at {PUBLIC_URL}/review/{token} (see the README, "The client's review page"): no account, no admin app, no React.
// It reads the notice with POST /jira/review/getNotice {token} and shows, under the band naming the sending
// company, per story its key, summary and test steps, Passed / Failed and a comment (review-story.ts);
// `Submit results` posts the verdicts given so far to /jira/review/submitVerdicts, `Sign off` to
// /jira/review/signOff. A link that no longer works gets the invalid-link page, which asks getLinkState why.
// Every text comes from review-messages.ts. The page is built with DOM calls and textContent only (nothing
// typed is parsed as HTML) and sets no inline style, for the strict CSP.
import type {
  ReviewLinkStateAnswer,
  ReviewNoticeAnswer,
  ReviewVerdict,
  SignOffAnswer,
  SubmitVerdictsAnswer,
  SubmitVerdictsBody,
} from '@handoff/core/api';
import { noticeDetailLines } from '@handoff/core/notice-mail';
import { storySections } from '@handoff/core/story-groups';
import { callReview, failureText, isClosedLink } from './review-api';
import { say, speak, translate } from './review-messages';
import { type Answer, showFinalAnswer, storyItem } from './review-story';
import { answeredProgress, el, showBrandBand } from './review-view';

/** The product's name (the admin app's logo says it too), on the band of a link no company sent. */
const PRODUCT_NAME = 'Handoff';

/** Where the browser remembers the reviewer's name for the next notice. */
export const REVIEWER_STORAGE_KEY = 'handoff.reviewer';

type Notice = ReviewNoticeAnswer['data'] & {
  /** The release under test, once notices name one (the heading then says it). */
  release?: string | null;
};

/** The token of a review link's path, `/review/{token}`; null when the path holds none. */
export function tokenFromPath(pathname: string): string | null {
  const match = /^\/review\/([A-Za-z0-9_-]+)\/?$/.exec(pathname);
  return match?.[1] ?? null;
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
  const closed = () => showClosedLink(root, token);
  const load = async (): Promise<void> => {
    if (!token) return closed();
    root.setAttribute('aria-busy', 'true');
    try {
      const answer = await callReview<ReviewNoticeAnswer>('/jira/review/getNotice', { token });
      speak(answer.data.language, answer.data.messages);
      showNotice(root, answer.data, { token, search, closed });
    } catch (error) {
      if (isClosedLink(error)) return closed();
      const retry = el('button', 'review__button review__button--outline', say('tryAgain'));
      retry.type = 'button';
      retry.addEventListener('click', () => void load());
      root.replaceChildren(
        el('h1', 'review__title', say('loadFailed')),
        el('p', 'review__note', failureText(error)),
        retry,
      );
      root.removeAttribute('aria-busy');
    }
  };
  await load();
}

/**
 * The invalid-link page: the sending company's band where the link is known, why it no longer works
 * (expired, revoked, unknown), and a way to ask the sender for a new one.
 */
async function showClosedLink(root: HTMLElement, token: string | null): Promise<void> {
  let state: ReviewLinkStateAnswer['data'] | null = null;
  if (token) {
    state = await callReview<ReviewLinkStateAnswer>('/jira/review/getLinkState', { token })
      .then((answer) => answer.data)
      .catch(() => null);
  }
  if (state) speak(state.language, state.messages);
  // A link that never existed names no company: the product's band stands in, as on the other states.
  showBrandBand(root, state?.workspaceName ?? PRODUCT_NAME, state?.workspaceName ? state.logoUrl : null);
  const known = state?.state === 'expired' || state?.state === 'revoked';
  const heading = el('h1', 'review__title', say(known ? 'linkInvalid' : 'linkNotValid'));
  const reason = el(
    'p',
    'review__note',
    say(
      state?.state === 'expired' ? 'linkExpired' : state?.state === 'revoked' ? 'linkRevoked' : 'linkUnknown',
    ),
  );
  const card = el('section', 'review__closed');
  card.append(heading, reason);
  const sender = state?.senderEmail;
  if (sender) {
    card.append(el('p', 'review__note', say('askSender', { sender })));
    const write = el('a', 'review__button', say('writeToSender'));
    write.href = `mailto:${sender}?subject=${encodeURIComponent(say('newLinkSubject'))}`;
    card.append(write);
  } else {
    card.append(el('p', 'review__note', say('askTeam')));
  }
  root.replaceChildren(card);
  root.classList.add('review--invalid');
  root.removeAttribute('aria-busy');
  root.removeAttribute('aria-labelledby');
  document.title = say(known ? 'linkInvalidTitle' : 'linkNotValidTitle');
}

/** The heading `Please test {N} stories of {project}` (with the release where there is one). */
function noticeHeading(notice: Notice): string {
  const values = { count: notice.stories.length, project: notice.projectName, release: notice.release ?? '' };
  return say(notice.release ? 'headingWithRelease' : 'heading', values);
}

/** Above the stories (the band says who sent them): the heading, until when answers can change, where to test and by when. */
function noticeIntro(notice: Notice): HTMLElement {
  const intro = el('div', 'review__intro');
  const heading = el('h1', 'review__title', noticeHeading(notice));
  heading.id = 'review-title';
  intro.append(heading);
  const change = say('intro', { date: new Date(notice.expiresAt) });
  intro.append(el('p', 'review__note review__change-note', change));
  intro.append(...noticeDetails(notice));
  return intro;
}

interface NoticeContext {
  token: string;
  /** The page's query: a verdict the e-mail's link chose. */
  search: string;
  /** Shows the invalid-link page (the link was revoked or expired while the page was open). */
  closed: () => Promise<void>;
}

/** The parts of the notice's form the submit and sign-off handlers work with. */
interface NoticeForm {
  notice: Notice;
  answers: Map<string, Answer>;
  /** The stories whose verdicts the server holds: the sign-off is offered once every story has one. */
  saved: Set<string>;
  form: HTMLFormElement;
  name: HTMLInputElement;
  status: HTMLElement;
  submit: HTMLButtonElement;
  signOff: HTMLButtonElement;
  signedOffNote: HTMLElement;
  /** The bar's progress and buttons: gone once the notice is signed off. */
  actions: HTMLElement;
}

/** The notice: its intro, the reviewer's name, the stories, and the sticky bar with progress and buttons. */
function showNotice(root: HTMLElement, notice: Notice, context: NoticeContext): void {
  const answers = new Map<string, Answer>(
    notice.stories.map((story) => [story.key, { verdict: story.verdict, comment: story.comment ?? '' }]),
  );
  const saved = new Set(notice.stories.filter((story) => story.verdict).map((story) => story.key));
  const chosen = notice.signedOff ? null : chosenInLink(context.search);
  const preselected = chosen ? answers.get(chosen.key) : undefined;
  if (chosen && preselected) preselected.verdict = chosen.verdict;
  showBrandBand(root, notice.workspaceName, notice.logoUrl, notice.senderEmail);
  const form = el('form', 'review__form');
  form.noValidate = true;
  const progress = answeredProgress(notice.stories.length);
  const submit = el('button', 'review__button', say('submit'));
  submit.type = 'submit';
  // Nothing to submit until a story has a verdict: the button says so by being unavailable.
  const showProgress = () => {
    const answered = [...answers.values()].filter((answer) => answer.verdict !== null).length;
    progress.update(answered);
    submit.disabled = answered === 0;
  };
  const list = storyLists(notice, answers, showProgress);
  showProgress();
  const { label: nameLabel, input: name } = reviewerNameField();
  const status = el('p', 'review__status');
  status.setAttribute('role', 'status');
  const signOff = el('button', 'review__button review__button--outline', say('signOff'));
  signOff.type = 'button';
  // The bar stays at the bottom of the screen: progress, the buttons, and the answer as a banner.
  const actions = el('div', 'review__actions');
  actions.append(progress.element, submit, signOff);
  const bar = el('div', 'review__bar');
  bar.append(status, actions);
  form.append(nameLabel, list, bar);
  const signedOffNote = el('p', 'review__signed-off');
  const parts: NoticeForm = {
    notice,
    answers,
    saved,
    form,
    name,
    status,
    submit,
    signOff,
    signedOffNote,
    actions,
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitResults(parts, context);
  });
  signOff.addEventListener('click', () => void signOffNotice(parts, context));
  const intro = noticeIntro(notice);
  root.setAttribute('aria-labelledby', 'review-title');
  root.replaceChildren(intro, signedOffNote, form);
  showSignOff(parts);
  root.removeAttribute('aria-busy');
  document.title = say('pageTitle', { project: notice.projectName, company: notice.workspaceName });
}

/**
 * The stories as one list, or, when the project groups them (`Group stories by`), one list per group under
 * its heading, in the tracker's order, the stories without a group last under `Other`.
 */
function storyLists(notice: Notice, answers: Map<string, Answer>, onChoice: () => void): HTMLElement {
  const sections = storySections(
    // Each story keeps its place in the notice as its index (its ids, and the signed-off view, use it).
    notice.stories.map((story, index) => ({ story, index, epic: story.group })),
    'epic',
    translate('group.other'),
  );
  const grouped = sections.some((section) => section.heading !== null);
  const lists = el('div', 'review__groups');
  for (const section of sections) {
    const list = el('ol', 'review__stories');
    list.setAttribute('aria-label', section.heading ?? say('stories'));
    for (const { story, index } of section.items) {
      list.append(storyItem(story, index, answers.get(story.key) as Answer, onChoice, grouped ? 'h3' : 'h2'));
    }
    if (section.heading === null) return list;
    const group = el('section', 'review__group');
    group.append(el('h2', 'review__group-title', section.heading), list);
    lists.append(group);
  }
  return lists;
}

/**
 * `Sign off` once every story has a saved verdict. Once signed off: who and when, in place of the note that
 * answers can change, and nothing left to change (no name to give, no comment to add).
 */
function showSignOff(parts: NoticeForm): void {
  const { notice, saved, form, name, submit, signOff, signedOffNote, answers, actions } = parts;
  signOff.hidden = notice.signedOff !== null || notice.stories.some((story) => !saved.has(story.key));
  // Once every answer is saved, signing off is the next step: it takes the primary style from Submit.
  signOff.classList.toggle('review__button--outline', signOff.hidden);
  submit.classList.toggle('review__button--outline', !signOff.hidden);
  if (!notice.signedOff) return;
  for (const [index, story] of notice.stories.entries()) {
    const item = form.querySelector<HTMLElement>(`#story-${index}`)?.closest('li');
    const answer = answers.get(story.key);
    if (item && answer) showFinalAnswer(item, answer);
  }
  actions.hidden = true;
  // The bar keeps the thank-you of a sign-off just sent, out of the scroll's way; opened later, it is empty.
  const bar = actions.parentElement;
  bar?.classList.add('review__bar--done');
  if (bar) bar.hidden = !parts.status.textContent;
  const by = say('signedOffBy', { name: notice.signedOff.by, date: new Date(notice.signedOff.at) });
  signedOffNote.replaceChildren(el('strong', undefined, by), ` ${say('answersFinal')}`);
  signedOffNote.parentElement?.querySelector('.review__change-note')?.remove();
  for (const control of form.querySelectorAll('button, textarea, input')) {
    control.setAttribute('aria-disabled', 'true');
    if (control instanceof HTMLTextAreaElement || control instanceof HTMLInputElement)
      control.readOnly = true;
  }
  for (const opener of form.querySelectorAll<HTMLElement>('.review-story__add-comment')) opener.hidden = true;
  const nameField = name.closest('label');
  if (nameField) nameField.hidden = true;
  submit.hidden = true;
}

/** The name given (remembered for next time), or null after asking for it. */
function reviewerName({ name, status }: NoticeForm): string | null {
  const given = name.value.trim();
  if (given) {
    rememberName(given);
    return given;
  }
  showStatus(status, 'error', say('noName'));
  name.focus();
  return null;
}

function showStatus(status: HTMLElement, tone: 'busy' | 'done' | 'error', text: string): void {
  status.className = tone === 'busy' ? 'review__status' : `review__status review__status--${tone}`;
  status.textContent = text;
}

async function submitResults(parts: NoticeForm, { token, closed }: NoticeContext): Promise<void> {
  const { answers, notice, status, submit, saved } = parts;
  if (submit.getAttribute('aria-disabled') === 'true' || notice.signedOff) return;
  const verdicts: SubmitVerdictsBody['verdicts'] = [];
  for (const [key, answer] of answers) {
    if (!answer.verdict) continue;
    const comment = answer.comment.trim();
    verdicts.push({ key, verdict: answer.verdict, ...(comment ? { comment } : {}) });
  }
  if (verdicts.length === 0) return showStatus(status, 'error', say('noVerdict'));
  const reviewer = reviewerName(parts);
  if (!reviewer) return;
  submit.setAttribute('aria-disabled', 'true');
  showStatus(status, 'busy', say('sending'));
  try {
    await callReview<SubmitVerdictsAnswer>('/jira/review/submitVerdicts', { token, verdicts, reviewer });
    showStatus(status, 'done', say('thanks'));
    for (const verdict of verdicts) saved.add(verdict.key);
    showSignOff(parts);
  } catch (error) {
    if (isClosedLink(error)) return closed();
    showStatus(status, 'error', say('notSent', { reason: failureText(error) }));
  } finally {
    submit.removeAttribute('aria-disabled');
  }
}

async function signOffNotice(parts: NoticeForm, { token, closed }: NoticeContext): Promise<void> {
  const { answers, notice, status, signOff } = parts;
  if (signOff.getAttribute('aria-disabled') === 'true') return;
  const reviewer = reviewerName(parts);
  if (!reviewer) return;
  signOff.setAttribute('aria-disabled', 'true');
  showStatus(status, 'busy', say('sendingSignOff'));
  try {
    await callReview<SignOffAnswer>('/jira/review/signOff', { token, reviewer });
    const conditional = [...answers.values()].some((answer) => answer.verdict === 'failed');
    notice.signedOff = { by: reviewer, at: new Date().toISOString(), conditional };
    showStatus(status, 'done', say('signedOffThanks'));
    showSignOff(parts);
  } catch (error) {
    if (isClosedLink(error)) return closed();
    showStatus(status, 'error', say('signOffNotSent', { reason: failureText(error) }));
    signOff.removeAttribute('aria-disabled');
  }
}

/** Where to test and by when, worded as in the e-mail (@handoff/core/notice-mail); none when unset. */
function noticeDetails(notice: Notice): HTMLElement[] {
  const lines = noticeDetailLines(notice, translate);
  if (lines.length === 0) return [];
  const details = el('div', 'review__details');
  for (const line of lines) details.append(el('p', 'review__detail', line));
  return [details];
}

/** The `Your name` box, holding the name this browser remembers. */
function reviewerNameField(): { label: HTMLLabelElement; input: HTMLInputElement } {
  const label = el('label', 'review__name', say('yourName'));
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
