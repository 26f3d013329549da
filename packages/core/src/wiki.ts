// Jira wiki markup (Jira Data Center's description format) read as text, so its descriptions are drafted by
// the same `#test#` rules as ADF ones (README "E-mail draft"). The syntax:
// https://jira.atlassian.com/secure/WikiRendererHelpAction.jspa?section=all. A text piece is one line with
// its list and heading markers removed and its inline formatting reduced to its words.
import type { AdfDoc, AdfNode } from './adf.ts';

/** Lines longer than this are cut (a description is a few kB; this bounds the regular expressions' work). */
const MAX_LINE = 10_000;

const FENCE_RE = /^\{(?:code|noformat|quote|panel|color|section|column)(?::[^}]*)?\}/i;
const FENCE_END_RE = /\{(?:code|noformat|quote|panel|color|section|column)\}$/i;

/** One line of wiki markup as the words it shows. */
function wikiLineText(raw: string): string {
  let line = raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw;
  line = line.trim();
  // Block fences ({code}, {noformat}, {panel:title=…} …) open or close a block: their content is kept.
  line = line.replace(FENCE_RE, '').replace(FENCE_END_RE, '').trim();
  line = line.replace(/^h[1-6]\.\s+/i, ''); // heading
  line = line.replace(/^bq\.\s+/i, ''); // block quote
  line = line.replace(/^[*#-]+\s+/, ''); // list item (markers followed by a space: `#test#` is none)
  if (/^\|/.test(line)) {
    // A table row: its cells as words.
    line = line
      .split(/\|\|?/)
      .map((cell) => cell.trim())
      .filter((cell) => cell !== '')
      .join(' ');
  }
  line = line.replace(/\{\{([^{}]*)\}\}/g, '$1'); // monospace
  line = line.replace(/\{color(?::[^}]*)?\}/gi, ''); // inline colour
  line = line.replace(/![^!\s][^!]*!/g, ''); // images and attachments shown inline
  line = line.replace(/\[~([^\]]*)\]/g, '$1'); // mention
  line = line.replace(/\[([^|\]]*)\|[^\]]*\]/g, '$1'); // [text|url]
  line = line.replace(/\[([^|\]\s][^|\]]*)\]/g, '$1'); // [url]
  // Phrase formatting: *strong*, _emphasis_, +inserted+, -deleted-, ^sup^, ~sub~, ??citation??.
  line = line.replace(/(^|[^\w\\])\?\?(\S(?:.*?\S)?)\?\?(?=$|\W)/g, '$1$2');
  for (const mark of ['*', '_', '+', '-', '^', '~']) {
    const m = `\\${mark}`;
    const re = new RegExp(`(^|[^\\w\\\\${m}])${m}(\\S(?:[^${m}]*?\\S)?)${m}(?=$|[^\\w${m}])`, 'g');
    line = line.replace(re, '$1$2');
  }
  line = line.replace(/\\([-#*_+?^~|%{}[\]()!@\\])/g, '$1'); // escapes
  return line.trim();
}

/**
 * A wiki-markup description as an ADF document of one paragraph per text piece (so `#test#` then
 * `# Open the page` and `* Check the total` give the steps `Open the page` and `Check the total`);
 * "N/A" when it shows no text. `\\` is a line break; `\r\n` and `\r` are line ends.
 */
export function wikiToAdf(markup: string | null | undefined): AdfDoc | 'N/A' {
  if (typeof markup !== 'string') return 'N/A';
  const content: AdfNode[] = [];
  for (const raw of markup.split(/\r\n|[\n\r\u2028\u2029]|\\\\/)) {
    const text = wikiLineText(raw);
    if (text !== '') content.push({ type: 'paragraph', content: [{ type: 'text', text }] });
  }
  return content.length === 0 ? 'N/A' : { type: 'doc', version: 1, content };
}
