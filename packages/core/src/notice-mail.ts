// The review notice's two parts (main README, "The e-mail"): the text part is the draft exactly as the user left it
// (docs/product.md §4) plus what and where to test, by when, and the review link; the HTML part shows the
// same content, escaped, with a button-styled link that reads well without CSS (a table cell, inline
// styles; no images, no scripts). Pure functions: the server sends them (apps/server/src/messages/) and the
// send screen's Preview renders the same HTML.
// Every word the client reads comes from the client's language (a translator of its catalogue,
// client-language.ts); the draft is as the user left it.
import type { ClientLanguage, Translate } from './client-language.ts';
import { calendarDay } from './dates.ts';
import { HEADING_UNDERLINE } from './story-groups.ts';

/** The client's language: its code (the HTML part's `lang`) and its catalogue's translator. */
export interface ClientWords {
  language: ClientLanguage;
  t: Translate;
}

/** What the notice adds between the draft and the review line; nothing when neither is set. */
export interface NoticeDetails {
  /** The release the notice is of (a Jira fix version, a GitHub milestone, a Linear cycle); none when absent. */
  release?: string | null | undefined;
  /** The project's `Test environment` (free text; line breaks become spaces: it is one line). */
  testEnvironment?: string | null | undefined;
  /** The send's `Answer by` date, `YYYY-MM-DD`. */
  answerBy?: string | null | undefined;
  /**
   * Who sent it, for the HTML part's signature under the closing: the sender's display name (empty: none
   * given) and the company as clients see it (the workspace's name once named, else the e-mail's domain).
   */
  sender?: NoticeSender | null | undefined;
}

/** The person and the company that send a notice, as the client's e-mail signs it. */
export interface NoticeSender {
  name: string;
  company: string;
}

/** A notice's subject as it is sent: on one line (a CR or LF could otherwise start a new mail header). */
export function subjectLine(subject: string): string {
  return subject.replace(/[\r\n]+/g, ' ').trim();
}

/**
 * `Release: {name}`, `Test environment: {text}` and `Please answer by {date}.` (in the client's language),
 * each on its own line.
 */
export function noticeDetailLines(details: NoticeDetails, t: Translate): string[] {
  const oneLine = (value: string | null | undefined) => value?.replace(/\s*[\r\n]+\s*/g, ' ').trim();
  const environment = oneLine(details.testEnvironment);
  const release = oneLine(details.release);
  const answerBy = details.answerBy ? calendarDay(details.answerBy) : null;
  return [
    ...(release ? [t('notice.release', { release })] : []),
    ...(environment ? [t('notice.testEnvironment', { environment })] : []),
    ...(answerBy ? [t('notice.answerBy', { date: answerBy })] : []),
  ];
}

/** The text part: the draft as left, one blank line, the details' lines (if any) and a blank line, the link line. */
export function reviewNoticeText(
  draft: string,
  link: string,
  details: NoticeDetails,
  { t }: ClientWords,
): string {
  const lines = noticeDetailLines(details, t);
  const between = lines.length > 0 ? `${lines.join('\n')}\n\n` : '';
  return `${draft}\n\n${between}${t('notice.reviewLink')}: ${link}`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Every character a user typed, safe inside HTML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ESCAPES[ch] as string);
}

const FONT = 'font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5';

/** A piece of the draft as the HTML shows it: a paragraph (its lines), a group's heading, or a list. */
type DraftPiece =
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'heading'; text: string }
  | { kind: 'list'; items: string[] };

const isItem = (line: string | undefined) => line !== undefined && /^\s*- /.test(line);
const isUnderline = (line: string | undefined) => line !== undefined && HEADING_UNDERLINE.test(line);

/**
 * The draft's pieces: blocks are separated by blank lines; within a block, runs of "- " lines are a list,
 * a line underlined with dashes is a group's heading (story-groups.ts), and the other lines a paragraph
 * (line breaks kept), a line that introduces a list standing on its own.
 */
function draftPieces(draft: string): DraftPiece[] {
  const pieces: DraftPiece[] = [];
  for (const block of draft.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/)) {
    const lines = block.split('\n');
    let paragraph: string[] = [];
    let items: string[] = [];
    const flushParagraph = () => {
      if (paragraph.length > 0) pieces.push({ kind: 'paragraph', lines: paragraph });
      paragraph = [];
    };
    const flushList = () => {
      if (items.length > 0) pieces.push({ kind: 'list', items });
      items = [];
    };
    for (let i = 0; i < lines.length; i += 1) {
      const line = lines[i] as string;
      if (isItem(line)) {
        flushParagraph();
        items.push(line.replace(/^\s*- /, ''));
      } else if (line.trim() !== '' && isUnderline(lines[i + 1])) {
        flushParagraph();
        flushList();
        pieces.push({ kind: 'heading', text: line.trim() });
        i += 1;
      } else if (line.trim() !== '') {
        flushList();
        const introducesList = isItem(lines[i + 1]);
        if (introducesList) flushParagraph();
        paragraph.push(line);
        if (introducesList) flushParagraph();
      }
    }
    flushParagraph();
    flushList();
  }
  return pieces;
}

/**
 * The finished features: the first list, and the lists after it that each follow a group's heading (a
 * grouped draft); the indexes of those pieces.
 */
function featureLists(pieces: readonly DraftPiece[]): number[] {
  const first = pieces.findIndex((piece) => piece.kind === 'list');
  if (first < 0) return [];
  const lists = [first];
  for (let i = first + 1; pieces[i]?.kind === 'heading' && pieces[i + 1]?.kind === 'list'; i += 2) {
    lists.push(i + 1);
  }
  return lists;
}

/**
 * The draft as HTML: paragraphs, lists and group headings as the draft shows them, whatever the user
 * edited. The finished features' items get the story's Passed / Failed links (`verdictLinks`, by the
 * item's place among them) when there is one item per story of the notice.
 */
function draftToHtml(
  draft: string,
  keys: readonly string[],
  verdictLinks: (key: string) => string,
): { body: string; closing: string } {
  const pieces = draftPieces(draft);
  // The closing ("Regards,"): the draft's last paragraph after its lists, shown after the button, so the
  // call to action comes before the signature.
  const last = pieces.at(-1);
  const closingPiece =
    last?.kind === 'paragraph' && pieces.some((piece) => piece.kind === 'list') ? last : undefined;
  const closing = closingPiece ? paragraphHtml(closingPiece.lines) : '';
  if (closingPiece) pieces.pop();
  const features = featureLists(pieces);
  const featureCount = features.reduce((sum, index) => {
    const piece = pieces[index];
    return sum + (piece?.kind === 'list' ? piece.items.length : 0);
  }, 0);
  const linked = keys.length > 0 && featureCount === keys.length;
  let storyIndex = 0;
  let html = '';
  pieces.forEach((piece, index) => {
    if (piece.kind === 'paragraph') {
      html += paragraphHtml(piece.lines);
    } else if (piece.kind === 'heading') {
      html += `<h2 style="margin:16px 0 4px;font-size:16px;line-height:1.4">${escapeHtml(piece.text)}</h2>`;
    } else {
      const withLinks = linked && features.includes(index);
      const items = piece.items.map((item) => {
        const links = withLinks ? verdictLinks(keys[storyIndex++] as string) : '';
        return `<li>${escapeHtml(item)}${links}</li>`;
      });
      html += `<ul style="margin:0 0 12px;padding-left:24px">${items.join('')}</ul>`;
    }
  });
  return { body: html, closing };
}

/** A paragraph of the draft, its line breaks kept. */
const paragraphHtml = (lines: readonly string[]) =>
  `<p style="margin:0 0 12px">${lines.map(escapeHtml).join('<br>')}</p>`;

/** The sender's signature under the closing: the name (when given) in bold, the company under it. */
function signatureHtml(sender: NoticeSender | null | undefined): string {
  if (!sender) return '';
  const name = sender.name.trim();
  const lines = [
    ...(name ? [`<strong>${escapeHtml(name)}</strong>`] : []),
    `<span style="color:#52606d">${escapeHtml(sender.company)}</span>`,
  ];
  return `<p style="margin:0 0 16px">${lines.join('<br>')}</p>`;
}

/** The details' lines as one paragraph (none when unset, so the HTML is then as before). */
function detailsHtml(details: NoticeDetails, t: Translate): string {
  const lines = noticeDetailLines(details, t);
  return lines.length > 0 ? `<p style="margin:0 0 12px">${lines.map(escapeHtml).join('<br>')}</p>` : '';
}

/** A link to the review page with one story's verdict preselected (opening it records nothing). */
function verdictLink(link: string, key: string, verdict: 'passed' | 'failed', t: Translate): string {
  const href = escapeHtml(`${link}?${new URLSearchParams({ story: key, verdict })}`);
  const color = verdict === 'passed' ? '#15803d' : '#b91c1c';
  return `<a href="${href}" target="_blank" rel="noopener noreferrer" style="color:${color};font-weight:bold">${escapeHtml(t(verdict === 'passed' ? 'notice.passed' : 'notice.failed'))}</a>`;
}

/**
 * The HTML part: the draft (its group headings as headings), with `Passed` and `Failed` links beside each
 * finished feature when the features list one line per story of the notice (in the draft's order), then a button-styled link (a table cell,
 * so it shows without CSS support), then the draft's closing and the sender's signature (name, company).
 */
export function reviewNoticeHtml(
  draft: string,
  link: string,
  keys: readonly string[],
  details: NoticeDetails,
  { language, t }: ClientWords,
): string {
  const href = escapeHtml(link);
  const verdictLinks = (key: string) =>
    ` &nbsp;${verdictLink(link, key, 'passed', t)} · ${verdictLink(link, key, 'failed', t)}`;
  const { body, closing } = draftToHtml(draft, keys, verdictLinks);
  // The app's brand indigo (apps/web/src/styles/tokens.css, --color-primary): white on it is 10:1.
  const button =
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 16px"><tr>' +
    `<td bgcolor="#3730a3" style="border-radius:6px;background-color:#3730a3">` +
    `<a href="${href}" target="_blank" rel="noopener noreferrer" style="display:inline-block;padding:12px 20px;${FONT};color:#ffffff;font-weight:bold;text-decoration:none;border-radius:6px">` +
    `${escapeHtml(t('notice.reviewLink'))}</a></td></tr></table>`;
  return (
    `<!DOCTYPE html><html lang="${language}"><head>` +
    '<meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width,initial-scale=1"></head>' +
    `<body style="margin:0;padding:16px;${FONT};color:#1f2933"><div style="max-width:640px">` +
    `${body}${detailsHtml(details, t)}${button}${closing}${signatureHtml(details.sender)}` +
    `<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(t('notice.openAddress', { link }))}</p>` +
    '</div></body></html>'
  );
}
