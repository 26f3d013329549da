// A Markdown description (Linear's and GitHub's format: https://spec.commonmark.org/ with GitHub's tables,
// task lists and strike-through) read as text pieces, so it is drafted by the same `#test#` rules as ADF and
// wiki markup. A piece is one line with its block markers (heading, quote, list, task box, table pipes)
// removed and its inline markup reduced to what a reader sees: a link as `text (url)`, an image as its alt
// text, code and emphasis as their words. Fenced code keeps its lines as written.

/** Lines longer than this are cut (a description is a few kB; this bounds the regular expressions' work). */
const MAX_LINE = 10_000;

const FENCE_RE = /^ {0,3}(`{3,}|~{3,})/;
const RULE_RE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const SETEXT_RE = /^ {0,3}=+[ \t]*$/;
const TABLE_DELIMITER_RE = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const BLOCK_MARKER_RE = /^(?:>\s?|#{1,6}(?:\s+|$)|[-*+]\s+|\d{1,9}[.)]\s+|\[[ xX]\]\s+)/;

/** One line of Markdown as the words it shows. */
function markdownLineText(raw: string): string {
  let line = (raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw).trim();
  if (RULE_RE.test(line) || SETEXT_RE.test(line) || (line.includes('-') && TABLE_DELIMITER_RE.test(line))) {
    return '';
  }
  for (let marker = BLOCK_MARKER_RE.exec(line); marker; marker = BLOCK_MARKER_RE.exec(line)) {
    line = line.slice(marker[0].length).trimStart();
  }
  line = line.replace(/\s+#+\s*$/, ''); // a closing heading sequence
  if (line.startsWith('|')) {
    line = line
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim())
      .filter((cell) => cell !== '')
      .join(' ');
  }
  return inlineText(line).trim();
}

/** Inline Markdown reduced to what it shows. */
function inlineText(line: string): string {
  return (
    line
      .replace(/`+([^`]+?)`+/g, '$1') // code spans
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: their alt text
      .replace(/\[([^\]]+)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, (_all, text: string, url: string) =>
        text === url ? url : `${text} (${url})`,
      )
      .replace(/<((?:https?|mailto):[^>\s]+)>/gi, '$1') // autolinks
      .replace(/<\/?[a-z][^>]*>/gi, '') // HTML tags
      // Emphasis and strike-through (`**`, `__`, `*`, `_`, `~~`), not inside words for underscores.
      .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
      .replace(/(^|[^\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?!\*)/g, '$1$2')
      .replace(/(^|\W)_(?=\S)([^_]+?)(?<=\S)_(?!\w)/g, '$1$2')
      .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
      .replace(/\\([!-/:-@[-`{-~])/g, '$1') // backslash escapes
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
  );
}

/**
 * A Markdown description as its text pieces, in order: one per non-empty line (`<br>` breaks a line too),
 * so `#test#` then `1. Open the page` and `- [ ] Check the total` give the pieces `#test#`, `Open the page`
 * and `Check the total`. [] for null or a description that shows no text.
 */
export function markdownTextPieces(markdown: string | null | undefined): string[] {
  if (typeof markdown !== 'string') return [];
  const pieces: string[] = [];
  let fence: string | undefined;
  for (const raw of markdown.replace(/<br\s*\/?>/gi, '\n').split(/\r\n|[\n\r\u2028\u2029]/)) {
    const opening = FENCE_RE.exec(raw);
    if (fence !== undefined) {
      if (opening && opening[1]!.startsWith(fence) && raw.trim() === opening[1]) fence = undefined;
      else if (raw.trim() !== '') pieces.push(raw.slice(0, MAX_LINE).trim());
      continue;
    }
    if (opening) {
      fence = opening[1]!;
      continue;
    }
    const text = markdownLineText(raw);
    if (text !== '') pieces.push(text);
  }
  return pieces;
}
