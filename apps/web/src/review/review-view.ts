// Parts of the client's review page: the band naming who sent it, the verdict icons, how many stories are
// answered, and test steps whose web addresses are links. DOM calls and textContent only: nothing is parsed as HTML.
import { say } from './review-messages';

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

/**
 * The band across the top of the page: the sending company's logo (or its initial on the brand colour),
 * its name and, where known, who sent the notice, put before `root` (the page's <main>), in place of any
 * earlier band.
 */
export function showBrandBand(
  root: HTMLElement,
  company: string,
  logoUrl: string | null,
  sender: string | null = null,
): void {
  const band = el('header', 'review-band');
  const inner = el('div', 'review-band__inner');
  const initial = el('span', 'review-band__initial', company.charAt(0).toUpperCase());
  initial.setAttribute('aria-hidden', 'true');
  if (logoUrl) {
    // Decorative: the name beside it says who sent the notice. A logo that fails to load gives way to the
    // initial.
    const logo = el('img', 'review-band__logo');
    logo.alt = '';
    logo.src = logoUrl;
    logo.addEventListener('error', () => logo.replaceWith(initial));
    inner.append(logo);
  } else {
    inner.append(initial);
  }
  const who = el('div', 'review-band__who');
  who.append(el('p', 'review-band__name', company));
  if (sender) who.append(el('p', 'review-band__sender', say('sentBy', { sender })));
  inner.append(who);
  band.append(inner);
  root.parentElement?.querySelector(':scope > .review-band')?.remove();
  root.before(band);
}

/** A check (passed) or a cross (failed), drawn in the text's colour; decorative (the button's text says it). */
export function verdictIcon(verdict: 'passed' | 'failed'): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'review-toggle__icon');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', verdict === 'passed' ? 'M3 8.5l3.2 3.2L13 4.8' : 'M4 4l8 8M12 4l-8 8');
  svg.append(path);
  return svg;
}
const SVG = 'http://www.w3.org/2000/svg';

/** "N of M answered", told to screen readers as it changes, with a bar that fills as verdicts are chosen. */
export function answeredProgress(total: number): {
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
      text.textContent = say('answered', { answered, total });
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
