// The client's review page at {PUBLIC_URL}/review/{token} (see the README, "The client's review page"): no account, no admin app, no React.
// It reads the notice with POST /jira/review/getNotice {token} and shows, under the band naming the sending
// company, per story its key, summary and test steps, Passed / Failed and a comment (review-story.ts);
// `Submit results` posts the verdicts given so far to /jira/review/submitVerdicts, `Sign off` to
// /jira/review/signOff. A link that no longer works gets the invalid-link page (review-closed.ts).
// Every text comes from review-messages.ts. The page is built with DOM calls and textContent only (nothing
// typed is parsed as HTML) and sets no inline style, for the strict CSP.
import type {
  ReviewNoticeAnswer,
  ReviewVerdict,
  SignOffAnswer,
  SubmitVerdictsAnswer,
  SubmitVerdictsBody,
} from '@handoff/core/api';
import { storySections } from '@handoff/core/story-groups';
import { callReview, failureText, isClosedLink } from './review-api';
import { showClosedLink } from './review-closed';
import { changeNote, type Notice, noticeHeading, noticeIntro } from './review-intro';
import { say, speak, translate } from './review-messages';
import { rememberName, reviewerNameField } from './review-name';
import { type Answer, showFinalAnswer, storyItem } from './review-story';
import { answeredProgress, el, showBrandBand, showSummary, verdictIcon } from './review-view';

/** The token of a review link's path, `/review/{token}`; null when the path holds none. */
export function tokenFromPath(pathname: string): string | null {
  const match = /^\/review\/([A-Za-z0-9_-]+)\/?$/.exec(pathname);
  return match?.[1] ?? null;
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
  /** The answers the server holds (comments trimmed): the sign-off is offered once every story has one. */
  saved: Map<string, Answer>;
  form: HTMLFormElement;
  name: HTMLInputElement;
  /** Shows the name given as `Answering as {name}` once the team has it. */
  settleName: (name: string) => void;
  status: HTMLElement;
  submit: HTMLButtonElement;
  /** Above `Submit results`: what is missing while it cannot be used, or while nothing is offered. */
  submitHint: HTMLElement;
  signOff: HTMLButtonElement;
  /** Beside `Sign off`: what signing off does, and with a story failed, that it can still be given. */
  signOffHint: HTMLElement;
  signedOffNote: HTMLElement;
  /** Under the heading: the count of each verdict the team holds (none before the first submit). */
  summary: HTMLElement;
  /** Shows the count and which buttons fit the answers as they stand. */
  refresh: () => void;
}

/** Whether the client changed an answer since the server last saved it (or gave one it has not seen). */
function changedSinceSaved({ answers, saved }: NoticeForm): boolean {
  return [...answers].some(([key, answer]) => {
    if (!answer.verdict) return false;
    const kept = saved.get(key);
    return kept?.verdict !== answer.verdict || kept.comment !== answer.comment.trim();
  });
}

/** The notice: its intro, the reviewer's name, the stories, and the sticky bar with progress and buttons. */
function showNotice(root: HTMLElement, notice: Notice, context: NoticeContext): void {
  const answers = new Map<string, Answer>(
    notice.stories.map((story) => [story.key, { verdict: story.verdict, comment: story.comment ?? '' }]),
  );
  const saved = new Map<string, Answer>();
  for (const story of notice.stories)
    if (story.verdict)
      saved.set(story.key, { verdict: story.verdict, comment: (story.comment ?? '').trim() });
  const chosen = notice.signedOff ? null : chosenInLink(context.search);
  const preselected = chosen ? answers.get(chosen.key) : undefined;
  if (chosen && preselected) preselected.verdict = chosen.verdict;
  showBrandBand(root, notice.workspaceName, notice.logoUrl, notice.senderEmail, notice.senderName);
  const form = el('form', 'review__form');
  form.noValidate = true;
  const progress = answeredProgress(notice.stories.length);
  const submit = el('button', 'review__button', say('submit'));
  submit.type = 'submit';
  // Told politely as it changes, and the button's description: a disabled button never says why itself.
  const submitHint = el('p', 'review__next-hint');
  submitHint.id = 'review-submit-hint';
  submitHint.setAttribute('aria-live', 'polite');
  submit.setAttribute('aria-describedby', submitHint.id);
  const { field: nameField, input: name, settle: settleName } = reviewerNameField(notice.reviewer ?? null);
  const status = el('p', 'review__status');
  status.setAttribute('role', 'status');
  const signOff = el('button', 'review__button', say('signOff'));
  signOff.type = 'button';
  const signOffHint = el('p', 'review__next-hint');
  signOffHint.id = 'review-sign-off-hint';
  signOff.setAttribute('aria-describedby', signOffHint.id);
  // One calm bar at the bottom of the screen: on the left a short status (how many are answered, or that
  // the team has them) with the line that says what the next step does; on the right that one step.
  const info = el('div', 'review__bar-info');
  info.append(status, progress.element, submitHint, signOffHint);
  const actions = el('div', 'review__actions');
  actions.append(info, submit, signOff);
  const bar = el('div', 'review__bar');
  bar.append(actions);
  const signedOffNote = el('p', 'review__signed-off');
  const intro = noticeIntro(notice);
  const heading = intro.querySelector('#review-title');
  const note = intro.querySelector('.review__change-note');
  // Under the heading once the team has answers: how many passed and failed, as the signed-off page shows.
  const summary = el('p', 'review__summary');
  heading?.after(summary);
  const parts: NoticeForm = {
    notice,
    answers,
    saved,
    form,
    name,
    settleName,
    status,
    submit,
    submitHint,
    signOff,
    signOffHint,
    signedOffNote,
    summary,
    refresh: () => {
      const answered = [...answers.values()].filter((answer) => answer.verdict !== null).length;
      progress.update(answered);
      showButtons(parts);
      showSummary(summary, [...saved.values()]);
      // Signed off, the heading and the note say so instead (showSignedOff).
      if (notice.signedOff) return;
      const title = noticeHeading(notice, saved.size > 0);
      if (heading && heading.textContent !== title) heading.textContent = title;
      const said = changeNote(notice, saved.size > 0);
      if (note && note.textContent !== said) note.textContent = said;
    },
  };
  // Who answers is asked where the answers are sent, after the stories.
  form.append(storyLists(notice, answers, parts.refresh), nameField, bar);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submitResults(parts, context);
  });
  signOff.addEventListener('click', () => void signOffNotice(parts, context));
  root.setAttribute('aria-labelledby', 'review-title');
  root.replaceChildren(intro, signedOffNote, form);
  parts.refresh();
  if (notice.signedOff) showSignedOff(parts);
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
 * The bar's buttons for the answers as they stand: `Submit results` until the first submit (unavailable
 * while no story has a verdict, which the line above it says); after it, `Update results` only once an
 * answer changed; `Sign off` once the server holds an answer for every story and nothing is left to send,
 * its line naming the failed stories first where there are any (signing off still ends the testing).
 * With neither offered (some answers sent, others not given yet), the line says how many stories are left.
 * While the team holds the answers as shown, the bar keeps thanking the client (after a reload too).
 */
function showButtons(parts: NoticeForm): void {
  const { notice, answers, saved, submit, submitHint, signOff, signOffHint, status } = parts;
  const submitted = saved.size > 0;
  const changed = changedSinceSaved(parts);
  const unanswered = [...answers.values()].filter((answer) => answer.verdict === null).length;
  submit.textContent = say(submitted ? 'update' : 'submit');
  submit.disabled = unanswered === notice.stories.length;
  submit.hidden = submitted && !changed;
  signOff.hidden =
    notice.signedOff !== null || changed || notice.stories.some((story) => !saved.has(story.key));
  signOffHint.hidden = signOff.hidden;
  const hint = submit.disabled
    ? say('submitNeedsAnswer')
    : submit.hidden && signOff.hidden && unanswered > 0
      ? say('leftToAnswer', { count: unanswered })
      : '';
  // Written only when it changes, so a screen reader is not told the same line again.
  if (submitHint.textContent !== hint) submitHint.textContent = hint;
  const signOffLine = say('signOffHint');
  if (signOffHint.textContent !== signOffLine) signOffHint.textContent = signOffLine;
  const thanked = status.classList.contains('review__status--done');
  if (submitted && !changed && !thanked && !notice.signedOff && status.textContent === '')
    showStatus(status, 'done', say('thanks'));
  // An answer changed since: the team does not have what the page shows, until it is sent again.
  if (changed && thanked) showStatus(status, 'busy', '');
}

/**
 * Signed off: a heading that says so with the count of each verdict (passed green, failed red, each with its
 * icon and its word), who and when in place of the note that answers can change, with the same thanks
 * whether the sign-off was just sent or the page was opened again, and what happens next; and nothing left
 * to change (no name to give, no comment to add, no bar).
 */
function showSignedOff(parts: NoticeForm): void {
  const { notice, form, name, signedOffNote, answers, summary } = parts;
  if (!notice.signedOff) return;
  for (const [index, story] of notice.stories.entries()) {
    const item = form.querySelector<HTMLElement>(`#story-${index}`)?.closest('li');
    const answer = answers.get(story.key);
    if (item && answer) showFinalAnswer(item, answer);
  }
  const bar = form.querySelector<HTMLElement>('.review__bar');
  if (bar) bar.hidden = true;
  const verdicts = [...answers.values()].map((answer) => answer.verdict);
  const count = (verdict: ReviewVerdict) => verdicts.filter((given) => given === verdict).length;
  const heading = document.getElementById('review-title');
  if (heading) heading.textContent = say('headingSignedOff');
  showSummary(summary, [...answers.values()]);
  const by = say('signedOffBy', { name: notice.signedOff.by, date: new Date(notice.signedOff.at) });
  const failed = count('failed');
  const next = failed > 0 ? say('followUpFailed', { count: failed }) : say('followUpNone');
  signedOffNote.replaceChildren(el('strong', undefined, by), ` ${say('answersFinal')} ${next}`);
  signedOffNote.parentElement?.querySelector('.review__change-note')?.remove();
  for (const control of form.querySelectorAll('button, textarea, input')) {
    control.setAttribute('aria-disabled', 'true');
    if (control instanceof HTMLTextAreaElement || control instanceof HTMLInputElement)
      control.readOnly = true;
  }
  for (const opener of form.querySelectorAll<HTMLElement>('.review-story__add-comment')) opener.hidden = true;
  const nameField = name.closest<HTMLElement>('.review__name');
  if (nameField) nameField.hidden = true;
  foldPassed(form, notice, answers);
}

/**
 * Signed off: the passed stories fold behind one `Show the 4 passed stories` button after the others, so
 * the failed ones, which the team follows up, are what the page shows; a group whose stories are all folded
 * folds with them.
 */
function foldPassed(form: HTMLFormElement, notice: Notice, answers: Map<string, Answer>): void {
  const passed: HTMLElement[] = [];
  for (const [index, story] of notice.stories.entries()) {
    const item = form.querySelector(`#story-${index}`)?.closest<HTMLElement>('li');
    if (item && answers.get(story.key)?.verdict === 'passed') passed.push(item);
  }
  if (passed.length === 0 || form.querySelector('.review__passed-toggle')) return;
  const toggle = el('button', 'review__passed-toggle');
  toggle.type = 'button';
  const label = el('span');
  toggle.append(verdictIcon('passed'), label);
  const show = (open: boolean) => {
    for (const item of passed) item.hidden = !open;
    for (const group of form.querySelectorAll<HTMLElement>('.review__group'))
      group.hidden = [...group.querySelectorAll<HTMLElement>('.review-story')].every((item) => item.hidden);
    toggle.setAttribute('aria-expanded', String(open));
    label.textContent = say(open ? 'hidePassed' : 'showPassed', { count: passed.length });
  };
  toggle.addEventListener('click', () => show(toggle.getAttribute('aria-expanded') !== 'true'));
  show(false);
  form.querySelector('.review__bar')?.before(toggle);
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
    parts.settleName(reviewer);
    for (const { key, verdict, comment } of verdicts) saved.set(key, { verdict, comment: comment ?? '' });
    parts.refresh();
  } catch (error) {
    if (isClosedLink(error)) return closed();
    showStatus(status, 'error', say('notSent', { reason: failureText(error) }));
  } finally {
    submit.removeAttribute('aria-disabled');
  }
}

async function signOffNotice(parts: NoticeForm, { token, closed }: NoticeContext): Promise<void> {
  const { answers, notice, status, signOff, signedOffNote } = parts;
  if (signOff.getAttribute('aria-disabled') === 'true') return;
  const reviewer = reviewerName(parts);
  if (!reviewer) return;
  signOff.setAttribute('aria-disabled', 'true');
  showStatus(status, 'busy', say('sendingSignOff'));
  try {
    await callReview<SignOffAnswer>('/jira/review/signOff', { token, reviewer });
    const conditional = [...answers.values()].some((answer) => answer.verdict === 'failed');
    notice.signedOff = { by: reviewer, at: new Date().toISOString(), conditional };
    showStatus(status, 'busy', '');
    // The note above the stories says it (a live region): the page's heading takes the focus there.
    signedOffNote.setAttribute('role', 'status');
    showSignedOff(parts);
    document.getElementById('review-title')?.focus();
  } catch (error) {
    if (isClosedLink(error)) return closed();
    showStatus(status, 'error', say('signOffNotSent', { reason: failureText(error) }));
    signOff.removeAttribute('aria-disabled');
  }
}
