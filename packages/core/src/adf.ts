// Atlassian Document Format (ADF): the types we read and the text-piece flattening used by the e-mail draft.
// The format: https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/; how we read it: packages/core/README.md ("E-mail draft").

export interface AdfMark {
  type: string;
  attrs?: Record<string, unknown>;
}

export interface AdfNode {
  type: string;
  version?: number;
  text?: string;
  attrs?: Record<string, unknown>;
  marks?: AdfMark[];
  content?: AdfNode[];
}

export interface AdfDoc extends AdfNode {
  type: 'doc';
  version: 1;
  content: AdfNode[];
}

/**
 * Safety limit for malformed input: at most this many nodes of one document are visited. Real story
 * descriptions stay far below it (a few hundred nodes); a cyclic object graph stops here instead of looping.
 */
export const MAX_ADF_NODES = 100_000;

const LINE_BREAK_RE = /\r\n|[\n\r\u2028\u2029]/;
// Marks the end of a block on the traversal stack.
const END_OF_BLOCK = Symbol('end of block');

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringAttr(attrs: unknown, name: string): string {
  if (!isRecord(attrs)) return '';
  const value = attrs[name];
  return typeof value === 'string' ? value : '';
}

/**
 * ADF `date` nodes carry an epoch timestamp as a string (Jira writes milliseconds at UTC midnight; Atlassian's
 * own example uses seconds). Shown as YYYY-MM-DD (UTC); anything that is not a plain number is shown as-is.
 */
export function formatAdfDate(timestamp: unknown): string {
  const raw =
    typeof timestamp === 'number' ? String(timestamp) : typeof timestamp === 'string' ? timestamp : '';
  const trimmed = raw.trim();
  if (!/^\d{1,15}$/.test(trimmed)) return raw;
  let ms = Number(trimmed);
  if (ms < 1e11) ms *= 1000; // seconds
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  return year >= 1000 && year <= 9999 ? date.toISOString().slice(0, 10) : raw;
}

/** The text an inline node contributes to its line (the inline nodes of the ADF structure); `\n` for a hard break. */
function inlineText(node: Record<string, unknown>, type: string): string {
  switch (type) {
    case 'text':
      return typeof node.text === 'string' ? node.text : '';
    case 'hardBreak':
      return '\n';
    case 'mention':
      // The person's name as a client reads it: Jira writes "@Mia Krystof"; the "@" is the tracker's.
      return stringAttr(node.attrs, 'text').replace(/^@/, '');
    case 'status': {
      // A status lozenge: its words in capitals, as the tracker draws them, in brackets, so "see EX-42
      // [READY]" reads as a label and not as part of the sentence (the review page draws it as a badge).
      const words = stringAttr(node.attrs, 'text').trim();
      return words && `[${words.toUpperCase()}]`;
    }
    case 'emoji':
      return stringAttr(node.attrs, 'text') || stringAttr(node.attrs, 'shortName');
    case 'inlineCard':
      return cardUrl(node.attrs);
    case 'date':
      return isRecord(node.attrs) ? formatAdfDate(node.attrs.timestamp) : '';
    default:
      // placeholder (editor hint text), inlineExtension, mediaInline: no visible text of the document.
      return '';
  }
}

function cardUrl(attrs: unknown): string {
  const url = stringAttr(attrs, 'url');
  if (url) return url;
  // The JSON-LD form: attrs.data = { url, name, … }.
  return isRecord(attrs) ? stringAttr(attrs.data, 'url') || stringAttr(attrs.data, 'name') : '';
}

/** Text a block node carries in its attributes, shown as its own piece before its content. */
function blockOwnText(node: Record<string, unknown>, type: string): string {
  switch (type) {
    case 'blockCard':
    case 'embedCard':
      return cardUrl(node.attrs);
    case 'expand':
    case 'nestedExpand':
      return stringAttr(node.attrs, 'title');
    default:
      return '';
  }
}

function pushLines(text: string, out: string[]): void {
  if (LINE_BREAK_RE.test(text)) {
    for (const line of text.split(LINE_BREAK_RE)) {
      const piece = line.trim();
      if (piece !== '') out.push(piece);
    }
  } else {
    const piece = text.trim();
    if (piece !== '') out.push(piece);
  }
}

/**
 * Flattens an ADF tree into text pieces, in document order.
 *
 * A piece is one line of one block's inline text: the inline nodes of a paragraph, heading, code block,
 * list item paragraph, table cell paragraph, task item … are concatenated (so text split into several `text`
 * nodes by marks is joined again), then split at hard breaks and line breaks; each line is trimmed and
 * empty lines are dropped. Inline nodes contribute: text → `text`, mention → `attrs.text` without its `@`, status →
 * `[ATTRS.TEXT]` (capitals, in brackets), emoji → `attrs.text` or `attrs.shortName`, inlineCard →
 * `attrs.url`, date → YYYY-MM-DD. blockCard / embedCard URLs and expand titles are pieces of their own.
 *
 * Never throws: non-objects, unknown node types and missing or malformed `content` are skipped (unknown
 * nodes with `content` are walked as blocks), and at most MAX_ADF_NODES nodes are visited.
 */
export function adfTextPieces(root: unknown): string[] {
  const pieces: string[] = [];
  let line = '';
  // Iterative depth-first walk (no recursion, so any nesting depth is safe); END_OF_BLOCK closes a block.
  const stack: unknown[] = [root];
  let visited = 0;
  try {
    while (stack.length > 0) {
      const node = stack.pop();
      if (node === END_OF_BLOCK) {
        if (line !== '') {
          pushLines(line, pieces);
          line = '';
        }
        continue;
      }
      if (typeof node !== 'object' || node === null || ++visited > MAX_ADF_NODES) continue;
      const record = node as Record<string, unknown>;
      const type = record.type;
      switch (type) {
        case 'text': {
          const value = record.text;
          if (typeof value === 'string') line += value;
          continue;
        }
        case 'hardBreak':
          line += '\n';
          continue;
        case 'mention':
        case 'emoji':
        case 'inlineCard':
        case 'date':
        case 'status':
        case 'placeholder':
        case 'inlineExtension':
        case 'mediaInline':
          line += inlineText(record, type);
          continue;
      }
      // Any other node is a block: close the line before it, emit its own text, walk its children.
      const ownText = typeof type === 'string' ? blockOwnText(record, type) : '';
      const content = record.content;
      if (ownText === '' && !Array.isArray(content)) continue; // a leaf without text (rule, media, unknown)
      if (line !== '') {
        pushLines(line, pieces);
        line = '';
      }
      if (ownText !== '') pushLines(ownText, pieces);
      if (Array.isArray(content)) {
        stack.push(END_OF_BLOCK);
        for (let i = content.length - 1; i >= 0; i--) stack.push(content[i]);
      }
    }
  } catch {
    // Unreachable for JSON input; a hostile object (a throwing getter or proxy) yields the pieces found so far.
  }
  if (line !== '') pushLines(line, pieces);
  return pieces;
}
