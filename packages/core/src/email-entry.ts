// Client e-mail and Cc entries (docs/product.md §5) and the issue statuses offered (docs/product.md §9).

/** The issue statuses the send-stories screen offers, in order. */
export const ISSUE_STATUSES = Object.freeze(['Done', 'Testing'] as const);
export type IssueStatus = (typeof ISSUE_STATUSES)[number];

export function isIssueStatus(value: unknown): value is IssueStatus {
  return value === 'Done' || value === 'Testing';
}

// local@domain.tld, with no whitespace anywhere:
// - local part: dot-separated runs of RFC 5322 atext characters (or any non-ASCII character); no quoted forms;
// - domain: dot-separated labels of letters, digits and inner hyphens (or non-ASCII, for IDNs), at least two;
// - the last label (the TLD) is at least two characters and starts with a letter.
// Characters such as `,` `;` `<` `>` `"` `(` `)` and control characters are rejected, so one entry can never
// smuggle a second recipient into a mail header.
// Non-ASCII: any code point except controls, format characters (zero-width, bidi overrides), unassigned and
// private-use code points, and separators.
const NON_ASCII = '[^\\x00-\\x7F\\p{C}\\p{Z}]';
const LOCAL_CHAR = `(?:[A-Za-z0-9!#$%&'*+/=?^_\`{|}~\\-]|${NON_ASCII})`;
const LABEL_END = `(?:[A-Za-z0-9]|${NON_ASCII})`;
const LABEL_INNER = `(?:[A-Za-z0-9\\-]|${NON_ASCII})`;
const LABEL = `${LABEL_END}(?:${LABEL_INNER}*${LABEL_END})?`;
const TLD = `(?:[A-Za-z]|${NON_ASCII})${LABEL_INNER}*${LABEL_END}`;
const EMAIL_RE = new RegExp(`^${LOCAL_CHAR}+(?:\\.${LOCAL_CHAR}+)*@(?:${LABEL}\\.)+${TLD}$`, 'u');
// \s in a JavaScript RegExp covers Unicode white space (NBSP, U+2028, U+3000, BOM …); the character classes above
// would otherwise let non-ASCII white space through.
const WHITESPACE_RE = /\s/;

/** Longest address SMTP allows (RFC 5321 path limit minus the angle brackets). */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_LENGTH = 64;

/**
 * Whether a client e-mail / Cc entry is acceptable (docs/product.md §5): non-empty, of the form local@domain.tld,
 * with no whitespace anywhere. The caller does not trim first: an entry with surrounding spaces is invalid.
 * Never throws; a non-string is invalid.
 */
export function isValidEmailEntry(s: string): boolean {
  if (!isWellFormed(s)) return false;
  // Its one spelling (comparableEmail) must be an address too: NFKC turns a full-width ＠ or ／ into a
  // real one, which would change where the mail goes.
  return isAscii(s) || isWellFormed(comparableEmail(s));
}

const isAscii = (s: string) => !/[^\p{ASCII}]/u.test(s);

function isWellFormed(s: string): boolean {
  if (typeof s !== 'string' || s.length === 0 || s.length > MAX_EMAIL_LENGTH) return false;
  if (WHITESPACE_RE.test(s)) return false;
  if (s.indexOf('@') > MAX_LOCAL_LENGTH) return false;
  return EMAIL_RE.test(s);
}

/**
 * The one spelling of an e-mail address: how it is stored, compared for every rule (recipient checks,
 * owner-only address changes, invitations, sign-up domains) and mailed. Unicode NFKC, lower case, and the
 * domain in its IDNA (punycode) form. Look-alikes that fold to the same letters (U+212A KELVIN SIGN and
 * `k`, full-width letters) are then one address, so no rule can be passed by spelling an address
 * differently, and what was checked is what is sent. https://unicode.org/reports/tr15/,
 * https://url.spec.whatwg.org/#concept-domain-to-ascii
 */
export function comparableEmail(address: string): string {
  const folded = address.normalize('NFKC').toLowerCase();
  const at = folded.lastIndexOf('@');
  if (at < 0) return folded;
  return `${folded.slice(0, at)}@${asciiDomain(folded.slice(at + 1))}`;
}

/** A domain in its IDNA ASCII form (`bücher.example` → `xn--bcher-kva.example`), as URLs write hosts. */
function asciiDomain(domain: string): string {
  // ASCII needs no mapping (and the URL parser would read a numeric domain as an IPv4 address); a
  // domain with anything but letters, digits, marks, dots and hyphens is not parsed as a host at all.
  if (isAscii(domain) || !/^[\p{L}\p{N}\p{M}.-]+$/u.test(domain)) return domain;
  try {
    const host = new URL(`http://${domain}/`).hostname;
    return host || domain;
  } catch {
    return domain;
  }
}

/** Whether two addresses are the same for every rule (see comparableEmail). */
export function sameEmail(a: string, b: string): boolean {
  return comparableEmail(a) === comparableEmail(b);
}
