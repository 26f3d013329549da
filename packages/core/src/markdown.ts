// Markdown (GitHub's and Linear's description format) read as text, so its descriptions are drafted by the
// same `#test#` rules as ADF and wiki-markup ones (README "E-mail draft"). The syntax is GitHub Flavored
// Markdown (https://github.github.com/gfm/). A text piece is one line with its block markers (list item,
// heading, quote, table pipes) removed, links kept readable as `text (url)`, and its inline formatting
// reduced to its words; fenced code keeps its lines, HTML tags and comments are dropped.
import type { AdfDoc, AdfNode } from './adf.ts';

/** Lines longer than this are cut (a description is a few kB; this bounds the regular expressions' work). */
const MAX_LINE = 10_000;

const FENCE_RE = /^(`{3,}|~{3,})/;
const RULE_RE = /^(?:[-*_]\s*){3,}$/; // thematic break (and a setext heading's underline of -)
const SETEXT_RE = /^=+$/;
const TABLE_DELIMITER_RE = /^\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?$/;

/** The inline Markdown of one line as the words it shows. */
function inlineText(raw: string): string {
  // Code spans first: their content is shown as is, held out of the rest under a private-use mark.
  let line = raw.replaceAll('\uE000', '');
  const spans: string[] = [];
  line = line.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_m, _ticks, code: string) => {
    spans.push(code.trim());
    return `\uE000${spans.length - 1}\uE000`;
  });
  line = line.replace(/<!--.*?-->/g, '');
  line = line.replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1'); // image: its alt text
  line = line.replace(
    /\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g,
    (_m, text: string, url: string) => (text.trim() === '' || text.trim() === url ? url : `${text} (${url})`),
  );
  line = line.replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1'); // reference link
  line = line.replace(/<((?:https?|mailto):[^>\s]+)>/gi, '$1'); // autolink
  line = line.replace(/<br\s*\/?>/gi, '\n');
  line = line.replace(/<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>/g, ''); // HTML tags
  // Emphasis and strikethrough: **x**, __x__, *x*, _x_, ~~x~~ (intraword _ stays, as GFM says).
  line = line.replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2');
  line = line.replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, '$1$2');
  line = line.replace(/(^|[^\w_])_(?=\S)([^_]*?\S)_(?![\w_])/g, '$1$2');
  line = line.replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1');
  line = line.replace(/\\([!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~])/g, '$1'); // escapes
  return line.replace(/\uE000(\d+)\uE000/g, (_m, n: string) => spans[Number(n)] ?? '').trim();
}

/** One line of block-level Markdown as its text, or '' when it shows none. */
function blockLineText(raw: string): string {
  let line = (raw.length > MAX_LINE ? raw.slice(0, MAX_LINE) : raw).trim();
  line = line.replace(/^(?:>\s?)+/, ''); // block quote
  if (RULE_RE.test(line) || SETEXT_RE.test(line) || TABLE_DELIMITER_RE.test(line)) return '';
  line = line.replace(/^#{1,6}(?:\s+|$)/, '').replace(/\s+#+$/, ''); // ATX heading (`#test#` is none)
  line = line.replace(/^(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/, ''); // list item, task box
  if (line.startsWith('|') || / \| /.test(line)) {
    line = line
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim())
      .filter((cell) => cell !== '')
      .join(' ');
  }
  return inlineText(line);
}

/**
 * A Markdown description as an ADF document of one paragraph per text piece (so `#test#` then `1. Open the
 * page` and `- [ ] Check the total` give the steps `Open the page` and `Check the total`); "N/A" when it
 * shows no text. Lines inside a code fence are kept as written.
 */
export function markdownToAdf(markdown: string | null | undefined): AdfDoc | 'N/A' {
  if (typeof markdown !== 'string') return 'N/A';
  const content: AdfNode[] = [];
  let fence: string | undefined;
  for (const raw of markdown.split(/\r\n|[\n\r\u2028\u2029]/)) {
    const trimmed = raw.trim();
    const opens = FENCE_RE.exec(trimmed)?.[1];
    if (fence === undefined && opens) {
      fence = opens;
      continue;
    }
    if (
      fence !== undefined &&
      trimmed.startsWith(fence[0]!.repeat(fence.length)) &&
      /^[`~]+$/.test(trimmed)
    ) {
      fence = undefined;
      continue;
    }
    const lines = fence !== undefined ? [trimmed.slice(0, MAX_LINE)] : blockLineText(raw).split('\n');
    for (const line of lines) {
      const text = line.trim();
      if (text !== '') content.push({ type: 'paragraph', content: [{ type: 'text', text }] });
    }
  }
  return content.length === 0 ? 'N/A' : { type: 'doc', version: 1, content };
}
