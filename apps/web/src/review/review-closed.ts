// The invalid-link page of the client's review page: why a link no longer works (expired, revoked, unknown,
// as POST /jira/review/getLinkState says), under the sending company's band where the link is known, and
// whom to ask for a new one. DOM calls and textContent only: nothing is parsed as HTML.
import type { ReviewLinkStateAnswer } from '@handoff/core/api';
import { callReview } from './review-api';
import { say, speak } from './review-messages';
import { address } from './review-text';
import { around, el, mailIcon, personName, showBrandBand, warningIcon } from './review-view';

/**
 * Why the link no longer works: for an expired or revoked one, naming its project and when it ended where the
 * server says them.
 */
function closedReason(state: ReviewLinkStateAnswer['data'] | null): string {
  if (state?.state !== 'expired' && state?.state !== 'revoked') return say('linkUnknown');
  const expired = state.state === 'expired';
  if (state.projectName && state.endedAt) {
    const values = { project: state.projectName, date: new Date(state.endedAt) };
    return say(expired ? 'linkExpiredOn' : 'linkRevokedOn', values);
  }
  return say(expired ? 'linkExpired' : 'linkRevoked');
}

/**
 * The invalid-link page: the sending company's band where the link is known, why it no longer works
 * (expired, revoked, unknown), and a way to ask the sender for a new one.
 */
export async function showClosedLink(root: HTMLElement, token: string | null): Promise<void> {
  let state: ReviewLinkStateAnswer['data'] | null = null;
  if (token) {
    state = await callReview<ReviewLinkStateAnswer>('/jira/review/getLinkState', { token })
      .then((answer) => answer.data)
      .catch(() => null);
  }
  if (state) speak(state.language, state.messages);
  // A link that never existed names no company: the product's band stands in, as on the other states.
  showBrandBand(
    root,
    state?.workspaceName ?? null,
    state?.workspaceName ? state.logoUrl : null,
    state?.workspaceName ? (state.senderEmail ?? null) : null,
    state?.workspaceName ? (state.senderName ?? null) : null,
  );
  const known = state?.state === 'expired' || state?.state === 'revoked';
  const heading = el('h1', 'review__title', say(known ? 'linkInvalid' : 'linkNotValid'));
  const reason = el('p', 'review__note', closedReason(state));
  const card = el('section', 'review__closed');
  const head = el('div', 'review__closed-head');
  head.append(warningIcon(), heading);
  card.append(head, reason);
  const sender = state?.senderEmail;
  if (sender) {
    // By the name they gave (or the one their address spells), the address on its own line under it, to
    // write to from any mail app; the button writes to them.
    const name = state?.senderName || personName(sender);
    const ask = el('p', 'review__note review__ask');
    const whom = el('span', 'review__sender');
    whom.append(name ?? address(sender));
    ask.append(...around((value) => say('askSender', { sender: value }), whom));
    card.append(ask);
    if (name) {
      const line = el('p', 'review__sender-address');
      line.append(address(sender));
      card.append(line);
    }
    const write = el('a', 'review__button');
    write.append(
      mailIcon(),
      el('span', undefined, name ? say('writeToNamed', { sender: name }) : say('writeToSender')),
    );
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
