// Parts of the client's review page built from the notice: who sent it, how many stories are answered, and
// test steps whose web addresses are links. DOM calls and textContent only: nothing is parsed as HTML.
import type { ReviewNoticeAnswer } from '@handoff/core/api';
import type { Translate } from '@handoff/core/client-language';

/** A DOM element with a class and text, nothing parsed as HTML. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className?: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
}

/** "from {workspace}" with the workspace's logo, above the project's name; null when the name is unknown. */
export function senderHeader(notice: ReviewNoticeAnswer['data'], t: Translate): HTMLElement | null {
  if (!notice.workspaceName) return null;
  const header = el('header', 'review__brand');
  if (notice.logoUrl) {
    // Decorative: the name beside it says who sent the notice. A logo that fails to load is left out.
    const logo = el('img', 'review__logo');
    logo.alt = '';
    logo.src = notice.logoUrl;
    logo.addEventListener('error', () => logo.remove());
    header.append(logo);
  }
  // The sentence around the name in the notice's language (`from {workspace}`, `von {workspace}`), the name bold.
  const MARK = '\u0000';
  const [before = '', after = ''] = t('review.from', { workspace: MARK }).split(MARK);
  const from = el('p', 'review__from', before);
  from.append(el('strong', undefined, notice.workspaceName), after);
  header.append(from);
  return header;
}

/** "N of M answered", told to screen readers as it changes, with a bar that fills as verdicts are chosen. */
export function answeredProgress(
  total: number,
  t: Translate,
): {
  element: HTMLElement;
  update: (answered: number) => void;
} {
  const element = el('div', 'review__progress');
  const text = el('p', 'review__progress-text');
  text.setAttribute('aria-live', 'polite');
  const bar = el('progress', 'review__progress-bar');
  bar.max = Math.max(total, 1);
  bar.setAttribute('aria-hidden', 'true');
  element.append(text, bar);
  return {
    element,
    update(answered) {
      text.textContent = t('review.answered', { answered, total });
      bar.value = answered;
    },
  };
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"]+/gi;
/** What usually ends a sentence after a link rather than the link itself. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/**
 * A test step's text with each http(s) URL in it as a link that opens in a new tab (the client keeps
 * their answers), without the referrer or a handle on this page; any other text (another scheme
 * included) stays text.
 */
export function withLinks(text: string): Array<string | HTMLAnchorElement> {
  const parts: Array<string | HTMLAnchorElement> = [];
  let rest = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const candidate = match[0].replace(TRAILING_PUNCTUATION, '');
    const url = safeUrl(candidate);
    if (!url) continue;
    if (match.index > rest) parts.push(text.slice(rest, match.index));
    const link = el('a', 'review-story__link', candidate);
    link.href = url;
    link.target = '_blank';
    link.rel = 'noopener noreferrer';
    parts.push(link);
    rest = match.index + candidate.length;
  }
  if (rest < text.length) parts.push(text.slice(rest));
  return parts;
}

function safeUrl(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
