// Test-only builders for ADF documents in the shapes Jira Cloud produces (https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/).

import type { AdfDoc, AdfMark, AdfNode } from '../adf.ts';

export const text = (value: string, ...marks: AdfMark[]): AdfNode =>
  marks.length > 0 ? { type: 'text', text: value, marks } : { type: 'text', text: value };
export const strong: AdfMark = { type: 'strong' };
export const em: AdfMark = { type: 'em' };
export const code: AdfMark = { type: 'code' };
export const link = (href: string): AdfMark => ({ type: 'link', attrs: { href } });

/** A paragraph; plain strings become text nodes. */
export const paragraph = (...content: (AdfNode | string)[]): AdfNode => ({
  type: 'paragraph',
  content: content.map((c) => (typeof c === 'string' ? text(c) : c)),
});
export const heading = (level: number, ...content: (AdfNode | string)[]): AdfNode => ({
  type: 'heading',
  attrs: { level },
  content: content.map((c) => (typeof c === 'string' ? text(c) : c)),
});
export const hardBreak: AdfNode = { type: 'hardBreak' };
/** A list item holding one paragraph (Jira always wraps list text in a paragraph). */
export const listItem = (...content: (AdfNode | string)[]): AdfNode => ({
  type: 'listItem',
  content: [paragraph(...content)],
});
export const bulletList = (...items: AdfNode[]): AdfNode => ({ type: 'bulletList', content: items });
export const orderedList = (...items: AdfNode[]): AdfNode => ({
  type: 'orderedList',
  attrs: { order: 1 },
  content: items,
});
export const mention = (id: string, name: string): AdfNode => ({
  type: 'mention',
  attrs: { id, text: `@${name}`, accessLevel: '' },
});
export const emoji = (shortName: string, value?: string): AdfNode => ({
  type: 'emoji',
  attrs: value === undefined ? { shortName } : { shortName, id: '1f600', text: value },
});
export const inlineCard = (url: string): AdfNode => ({ type: 'inlineCard', attrs: { url } });
export const status = (value: string): AdfNode => ({
  type: 'status',
  attrs: { text: value, color: 'green' },
});
export const date = (timestamp: string): AdfNode => ({ type: 'date', attrs: { timestamp } });
export const codeBlock = (source: string): AdfNode => ({
  type: 'codeBlock',
  attrs: { language: 'bash' },
  content: [text(source)],
});
export const tableCell = (...content: AdfNode[]): AdfNode => ({ type: 'tableCell', attrs: {}, content });
export const table = (...rows: AdfNode[][]): AdfNode => ({
  type: 'table',
  attrs: { isNumberColumnEnabled: false, layout: 'default' },
  content: rows.map((cells) => ({ type: 'tableRow', content: cells })),
});
export const doc = (...content: AdfNode[]): AdfDoc => ({ type: 'doc', version: 1, content });
