// Text the team wrote, as the client's review page shows it: a test step's web addresses as links, its
// e-mail addresses and long URLs breakable only between their parts on a phone, a number written in groups
// (a test card's "4242 4242 4242 4242") on one line, and a tracker's status lozenge (`[READY]`, as @handoff/core's adfTextPieces writes it) as a small badge. DOM calls and
// textContent only: nothing is parsed as HTML.
import { el } from './review-view';

/**
 * What a step's text is scanned for, earliest first: an http(s) URL, an e-mail address, a status lozenge
 * (capitals and digits in brackets, standing alone: "[READY]", "[IN REVIEW]"), or a number of three or more
 * space-separated digit groups (a card's "4242 4242 4242 4242", a phone's "+1 555 123 4567"), or an issue
 * key ("DEMO-2", kept on one line).
 */
const PIECES =
  /\b[Hh][Tt][Tt][Pp][Ss]?:\/\/[^\s<>"]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|(?<![\w\]])\[(\p{Lu}[\p{Lu}\p{N} ./&_-]{0,39})\](?![\w[])|(?<![\w+])(\+?\d{1,6}(?:[ \u00a0]\d{2,6}){2,})(?!\w)|(?<![\w-])(\p{Lu}[\p{Lu}\d_]*-\d+)(?![\w-])/gu;
/** What usually ends a sentence after a link rather than the link itself. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}'"]+$/;

/**
 * A test step's text: each http(s) URL a link that opens in a new tab (the client keeps their answers),
 * without the referrer or a handle on this page; each e-mail address one unit; each status lozenge a
 * badge; each grouped number one line. Any other text (another scheme included) stays text.
 */
export function stepParts(text: string): Array<string | HTMLElement> {
  const parts: Array<string | HTMLElement> = [];
  let rest = 0;
  for (const match of text.matchAll(PIECES)) {
    const [found, status, digits, key] = match;
    let piece: HTMLElement | null;
    let length = found.length;
    if (status !== undefined) {
      piece = el('span', 'review-story__status', status);
    } else if (key !== undefined) {
      // An issue key ("DEMO-2") is one word: a phone never splits it at its hyphen.
      piece = el('span', 'review__unbroken', key);
    } else if (digits !== undefined) {
      // Kept whole where it fits a phone's line; a longer run of digits may still wrap at its spaces.
      piece = digits.length <= UNBROKEN_PART ? el('span', 'review__unbroken', digits) : null;
    } else if (found.includes('://')) {
      const candidate = found.replace(TRAILING_PUNCTUATION, '');
      piece = link(candidate);
      length = candidate.length;
    } else {
      piece = address(found);
    }
    if (!piece) continue;
    if (match.index > rest) parts.push(text.slice(rest, match.index));
    parts.push(piece);
    rest = match.index + length;
  }
  if (rest < text.length) parts.push(text.slice(rest));
  return parts;
}

/**
 * A web address in a step as a link, or as plain (breakable) text when it points into the team's
 * Atlassian site (`*.atlassian.net`), which a client has no account to open; issue links there already
 * read as their key (@handoff/core's clientStepText).
 */
function link(candidate: string): HTMLElement | null {
  const url = safeUrl(candidate);
  if (!url) return null;
  if (INTERNAL_HOST.test(new URL(url).hostname)) {
    const text = el('span', 'review__address');
    text.append(...breakable(candidate));
    return text;
  }
  const anchor = el('a', 'review-story__link');
  anchor.append(...breakable(candidate));
  anchor.href = url;
  anchor.target = '_blank';
  anchor.rel = 'noopener noreferrer';
  return anchor;
}

/** The team's own Atlassian site: Jira and Confluence pages a client cannot open. */
const INTERNAL_HOST = /(?:^|\.)atlassian\.net$/i;

function safeUrl(candidate: string): string | null {
  try {
    const url = new URL(candidate);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * An e-mail address as one unit that moves to the next line whole where the line has no room for it,
 * breaking only after its "@" and dots when it is longer than a whole line (never at a hyphen).
 */
export function address(text: string): HTMLElement {
  const unit = el('span', 'review__address');
  unit.append(...breakable(text));
  return unit;
}

/** A part of a token at most this long is kept on one line (a longer one still fits a 320 px phone line). */
const UNBROKEN_PART = 30;

/**
 * A long token with a line-break opportunity (<wbr>, which adds nothing to the text a screen reader reads or
 * a copy takes) after each "@", ".", ",", "?", "&", "=" and single "/" (not inside the "//" of a URL's
 * scheme), and none inside its parts, so "browse/DEMO-2" wraps after "browse/" and not at DEMO-2's
 * hyphen; only a part longer than a line breaks inside, as any word that long does.
 */
function breakable(text: string): Array<string | HTMLElement> {
  const parts: Array<string | HTMLElement> = [];
  for (const [index, part] of text.split(/(?<=(?<!\/)[@.,?&=/])(?!\/)/).entries()) {
    if (index > 0) parts.push(el('wbr'));
    parts.push(part.length <= UNBROKEN_PART ? el('span', 'review__unbroken', part) : part);
  }
  return parts;
}
