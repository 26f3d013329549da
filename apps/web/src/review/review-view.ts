// Parts of the client's review page: the band naming who sent it, the verdict icons, how many stories are
// answered. DOM calls and textContent only: nothing is parsed as HTML.
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
 * its name and, where known, who sent the notice, filled into the band before `root` (the page's <main>;
 * review.html holds it from the first paint so nothing moves) or put there. `company` null: a link no
 * company sent, under Handoff's own mark and name.
 */
export function showBrandBand(
  root: HTMLElement,
  company: string | null,
  logoUrl: string | null,
  sender: string | null = null,
  senderName: string | null = null,
): void {
  const previous = root.previousElementSibling;
  const band = previous?.classList.contains('review-band') ? previous : el('header', 'review-band');
  const inner = el('div', 'review-band__inner');
  const initial = company ? el('span', 'review-band__initial', company.charAt(0).toUpperCase()) : brandMark();
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
  who.append(el('p', 'review-band__name', company ?? PRODUCT_NAME));
  if (sender) who.append(sentBy(sender, senderName));
  inner.append(who);
  band.replaceChildren(inner);
  if (band !== previous) root.before(band);
}

/**
 * "Sent by {sender}": the sender by name, as a link that writes to them (its title shows the address; the
 * band's first line names the address's domain until the workspace is named).
 */
function sentBy(email: string, name: string | null): HTMLElement {
  const line = el('p', 'review-band__sender');
  const write = el('a', 'review-band__contact', name || personName(email) || localPart(email));
  write.href = `mailto:${email}`;
  write.title = email;
  line.append(...around((sender) => say('sentBy', { sender }), write));
  return line;
}

/** A message with an element in place of its one placeholder (`message` formats it with the value given). */
export function around(
  message: (value: string) => string,
  element: HTMLElement,
): Array<string | HTMLElement> {
  const slot = '\u0000';
  const [before = '', after = ''] = message(slot).split(slot);
  return [before, element, after];
}

/** The part of an address before its "@" and any "+tag". */
function localPart(email: string): string {
  return (email.split('@')[0] ?? '').split('+')[0] || email;
}

/**
 * The name a sender's address spells ("dana.smith@…" is Dana Smith), or null ("user-8a2@…" spells none):
 * for a sender who gave Handoff no display name.
 */
export function personName(email: string): string | null {
  const words = localPart(email).split(/[._-]/);
  const spellsName = words.length >= 2 && words.length <= 4 && words.every((word) => /^\p{L}+$/u.test(word));
  return spellsName
    ? words.map((word) => word.charAt(0).toLocaleUpperCase() + word.slice(1)).join(' ')
    : null;
}

/** The product's name (the admin app's logo says it too), on the band of a link no company sent. */
const PRODUCT_NAME = 'Handoff';

/** Handoff's mark (public/favicon.svg): a white check on the brand indigo. */
function brandMark(): SVGSVGElement {
  return svgIcon({ class: 'review-band__mark', viewBox: '0 0 32 32' }, [
    svgPart('rect', { width: '32', height: '32', rx: '7' }),
    svgPart('path', { d: 'M9 16.5l4.5 4.5L23 11.5' }),
  ]);
}

/** A warning triangle, 24 px, drawn in the text's colour; decorative (the heading beside it says it). */
export function warningIcon(): SVGSVGElement {
  return svgIcon({ class: 'review__warning-icon', viewBox: '0 0 24 24', 'aria-hidden': 'true' }, [
    svgPart('path', { d: 'M12 3.5 2.5 20h19L12 3.5zM12 10v4.5M12 17.2v.1' }),
  ]);
}

/** An envelope, 20 px, in the text's colour; decorative (the button beside it says whom it writes to). */
export function mailIcon(): SVGSVGElement {
  return svgIcon({ class: 'review__mail-icon', viewBox: '0 0 24 24', 'aria-hidden': 'true' }, [
    svgPart('rect', { x: '3', y: '5', width: '18', height: '14', rx: '2' }),
    svgPart('path', { d: 'm3.5 6.5 8.5 6.5 8.5-6.5' }),
  ]);
}

/** A check (passed) or a cross (failed), drawn in the text's colour; decorative (the button's text says it). */
export function verdictIcon(verdict: 'passed' | 'failed'): SVGSVGElement {
  return svgIcon({ class: 'review-toggle__icon', viewBox: '0 0 16 16', 'aria-hidden': 'true' }, [
    svgPart('path', { d: verdict === 'passed' ? 'M3 8.5l3.2 3.2L13 4.8' : 'M4 4l8 8M12 4l-8 8' }),
  ]);
}

const SVG = 'http://www.w3.org/2000/svg';

/** An SVG element with its attributes. */
function svgPart<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string>,
): SVGElementTagNameMap[K] {
  const part = document.createElementNS(SVG, name);
  for (const [attribute, value] of Object.entries(attributes)) part.setAttribute(attribute, value);
  return part;
}

/** An icon: an <svg> with its attributes, holding its parts. */
function svgIcon(attributes: Record<string, string>, parts: SVGElement[]): SVGSVGElement {
  const svg = svgPart('svg', attributes);
  svg.append(...parts);
  return svg;
}

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

/**
 * The summary under the heading: a green chip with the count passed and a red one with the count failed (a
 * count of none shows no chip), each with its icon and its word; hidden with no verdict to count. Rewritten
 * only when a count changes.
 */
export function showSummary(
  summary: HTMLElement,
  given: Array<{ verdict: 'passed' | 'failed' | null }>,
): void {
  const counts = { passed: 0, failed: 0 };
  for (const { verdict } of given) if (verdict) counts[verdict] += 1;
  const key = `${counts.passed}/${counts.failed}`;
  if (summary.dataset.counts === key) return;
  summary.dataset.counts = key;
  summary.hidden = counts.passed + counts.failed === 0;
  summary.replaceChildren();
  for (const verdict of ['passed', 'failed'] as const) {
    const counted = counts[verdict];
    if (counted === 0) continue;
    const label = say(verdict === 'passed' ? 'summaryPassed' : 'summaryFailed', { count: counted });
    const chip = el('span', `review__count review__count--${verdict}`);
    chip.append(verdictIcon(verdict), el('span', undefined, label));
    summary.append(chip, ' ');
  }
}
