// The review notice's two parts (main README, "The e-mail"): the text part is the draft exactly as the user left it
// (docs/product.md §4) plus what and where to test, by when, and the review link; the HTML part shows the
// same content, escaped, with a button-styled link that reads well without CSS (a table cell, inline
// styles; no images, no scripts). Pure functions: the server sends them (apps/server/src/messages/) and the
// send screen's Preview renders the same HTML.
// Every word the client reads comes from the client's language (a translator of its catalogue,
// client-language.ts); the draft is as the user left it.
import type { ClientLanguage, Translate } from './client-language.ts';
import { calendarDay } from './dates.ts';

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

/**
 * The draft as HTML: blocks are separated by blank lines; within a block, runs of "- " lines become a
 * list and the other lines a paragraph (line breaks kept). So the greeting, the finished features, each
 * story's test steps and the closing come out as the draft shows them, whatever the user edited.
 */
function draftToHtml(draft: string, verdictLinks: (index: number) => string = () => ''): string {
  const blocks = draft.replace(/\r\n?/g, '\n').split(/\n[ \t]*\n/);
  let html = '';
  let lists = 0;
  for (const block of blocks) {
    const lines = block.split('\n');
    let paragraph: string[] = [];
    let items: string[] = [];
    const flushParagraph = () => {
      if (paragraph.length > 0) html += `<p style="margin:0 0 12px">${paragraph.join('<br>')}</p>`;
      paragraph = [];
    };
    const flushList = () => {
      if (items.length > 0) {
        // The first list is the finished features: each gets the story's Passed / Failed links.
        const first = lists === 0;
        lists += 1;
        html += `<ul style="margin:0 0 12px;padding-left:24px">${items.map((item, index) => `<li>${item}${first ? verdictLinks(index) : ''}</li>`).join('')}</ul>`;
      }
      items = [];
    };
    const isItem = (line: string | undefined) => line !== undefined && /^\s*- /.test(line);
    lines.forEach((line, i) => {
      if (isItem(line)) {
        flushParagraph();
        items.push(escapeHtml(line.replace(/^\s*- /, '')));
      } else if (line.trim() !== '') {
        flushList();
        // The line that introduces a list (a story's name before its test steps) stands on its own.
        const introducesList = isItem(lines[i + 1]);
        if (introducesList) flushParagraph();
        paragraph.push(escapeHtml(line));
        if (introducesList) flushParagraph();
      }
    });
    flushParagraph();
    flushList();
  }
  return html;
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
 * The HTML part: the draft, with `Passed` and `Failed` links beside each finished feature when the list
 * has one line per story of the notice (in the draft's order), then a button-styled link (a table cell,
 * so it shows without CSS support).
 */
export function reviewNoticeHtml(
  draft: string,
  link: string,
  keys: readonly string[],
  details: NoticeDetails,
  { language, t }: ClientWords,
): string {
  const href = escapeHtml(link);
  const firstList = /(?:^|\n)((?:[ \t]*- [^\n]*(?:\n|$))+)/.exec(draft.replace(/\r\n?/g, '\n'))?.[1];
  const features = firstList ? firstList.split('\n').filter((line) => line.trim() !== '').length : 0;
  const verdictLinks =
    keys.length > 0 && features === keys.length
      ? (index: number) =>
          ` &nbsp;${verdictLink(link, keys[index] as string, 'passed', t)} · ${verdictLink(link, keys[index] as string, 'failed', t)}`
      : undefined;
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
    `${draftToHtml(draft, verdictLinks)}${detailsHtml(details, t)}${button}` +
    `<p style="margin:0;font-size:13px;color:#52606d">${escapeHtml(t('notice.openAddress', { link }))}</p>` +
    '</div></body></html>'
  );
}
