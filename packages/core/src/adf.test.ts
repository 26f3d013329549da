import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AdfNode, adfTextPieces, formatAdfDate, MAX_ADF_NODES } from './adf.ts';
import {
  bulletList,
  code,
  codeBlock,
  date,
  doc,
  em,
  emoji,
  hardBreak,
  heading,
  inlineCard,
  link,
  listItem,
  mention,
  orderedList,
  paragraph,
  status,
  strong,
  table,
  tableCell,
  text,
} from './testing/adf-builders.ts';
import { adfJsonSchema, sampleDescriptionAdf } from './testing/reference-data.ts';

const sample = sampleDescriptionAdf();
// Atlassian's ADF JSON schema, as published in @atlaskit/adf-schema.
const validateAdf = new Ajv({ strict: false, allErrors: true }).compile(adfJsonSchema());

describe('the test fixtures are valid ADF', () => {
  it('accepts the reference sample and rejects an unknown node type', () => {
    expect(validateAdf(sample)).toBe(true);
    expect(validateAdf(doc(paragraph({ type: 'sparkle' })))).toBe(false);
  });

  it.each([
    [
      'marks',
      doc(paragraph(text('Click '), text('Save', strong), text(' then '), text('Close', em, link('x:y')))),
    ],
    ['lists', doc(bulletList(listItem('a'), listItem('b')), orderedList(listItem('c')))],
    [
      'inline nodes',
      doc(paragraph(mention('abc', 'Ann'), emoji(':smile:', '😄'), inlineCard('https://x.io'), status('OK'))),
    ],
    ['hard breaks and dates', doc(paragraph('a', hardBreak, 'b', date('1704067200000')))],
    ['code and tables', doc(codeBlock('npm test'), table([tableCell(paragraph('cell'))]))],
    ['a heading', doc(heading(2, 'Title'), paragraph(text('x', code)))],
  ])('builds valid %s', (_name, fixture) => {
    expect(validateAdf(fixture), JSON.stringify(validateAdf.errors?.slice(0, 3))).toBe(true);
  });
});

describe('adfTextPieces', () => {
  it('flattens the reference sample into one piece per block line', () => {
    expect(adfTextPieces(sample)).toEqual([
      'As a registered user I want to reset my password so that I can regain access.',
      'Acceptance criteria',
      '#test#',
      'Open https://app.example.com/login',
      'Click Forgot password and enter qa+1@example.com',
      'Check the inbox',
      'Expected: reset e-mail arrives within 1 minute ✅',
      'Ask Mia Krystof to verify; see https://your-domain.atlassian.net/browse/EX-42 [READY]',
    ]);
  });

  it('joins the text nodes of one paragraph that marks split apart', () => {
    const d = doc(
      paragraph(text('#te'), text('st', strong), text('#', em)),
      paragraph(text('Open '), text('Settings', strong, link('https://a.b/settings'))),
    );
    expect(adfTextPieces(d)).toEqual(['#test#', 'Open Settings']);
  });

  it('splits a block at hard breaks and line breaks, trims lines and drops blank ones', () => {
    const d = doc(
      paragraph('  first ', hardBreak, hardBreak, '\tsecond', hardBreak, '   '),
      paragraph('third\r\nfourth\n\nfifth'),
    );
    expect(adfTextPieces(d)).toEqual(['first', 'second', 'third', 'fourth', 'fifth']);
  });

  it('treats a hardBreak with attrs.text "\\n" the same as a bare one', () => {
    expect(adfTextPieces(doc(paragraph('a', { type: 'hardBreak', attrs: { text: '\n' } }, 'b')))).toEqual([
      'a',
      'b',
    ]);
  });

  it('reads mention, emoji, inlineCard, status and date text', () => {
    const d = doc(
      paragraph('Ping ', mention('5b10', 'Mia Krystof'), ' ', emoji(':tada:', '🎉'), ' ', emoji(':custom:')),
      paragraph('See ', inlineCard('https://x.atlassian.net/browse/EX-1'), ' — ', status('In review')),
      paragraph('Due ', date('1704067200000'), ', or ', date('1582152559')),
      paragraph({
        type: 'inlineCard',
        attrs: { data: { '@type': 'Document', url: 'https://json-ld.example' } },
      }),
    );
    expect(adfTextPieces(d)).toEqual([
      'Ping Mia Krystof 🎉 :custom:',
      'See https://x.atlassian.net/browse/EX-1 — [IN REVIEW]',
      'Due 2024-01-01, or 2020-02-19',
      'https://json-ld.example',
    ]);
  });

  it('gives each list item, heading, code line and table cell its own piece', () => {
    const d = doc(
      heading(3, 'Steps'),
      orderedList(listItem('one'), listItem('two', hardBreak, 'two b')),
      bulletList(listItem('nested parent'), {
        type: 'listItem',
        content: [paragraph('outer'), bulletList(listItem('inner'))],
      }),
      codeBlock('npm ci\nnpm test'),
      table(
        [tableCell(paragraph('A1')), tableCell(paragraph('B1'))],
        [tableCell(paragraph('A2')), tableCell()],
      ),
    );
    expect(adfTextPieces(d)).toEqual([
      'Steps',
      'one',
      'two',
      'two b',
      'nested parent',
      'outer',
      'inner',
      'npm ci',
      'npm test',
      'A1',
      'B1',
      'A2',
    ]);
  });

  it('reads task items, panels, expands (title first), blockquotes and block cards', () => {
    const d = doc(
      {
        type: 'taskList',
        attrs: { localId: 't' },
        content: [{ type: 'taskItem', attrs: { localId: 'i', state: 'TODO' }, content: [text('task')] }],
      },
      { type: 'panel', attrs: { panelType: 'info' }, content: [paragraph('in panel')] },
      { type: 'expand', attrs: { title: 'More' }, content: [paragraph('hidden')] },
      { type: 'blockquote', content: [paragraph('quoted')] },
      { type: 'blockCard', attrs: { url: 'https://card.example' } },
      { type: 'rule' },
    );
    expect(adfTextPieces(d)).toEqual([
      'task',
      'in panel',
      'More',
      'hidden',
      'quoted',
      'https://card.example',
    ]);
  });

  it('ignores placeholders, media and unknown leaf nodes, and walks unknown containers as blocks', () => {
    const d = doc(
      paragraph(
        'a',
        { type: 'placeholder', attrs: { text: 'Type here' } },
        { type: 'futureInline', attrs: { text: 'x' } },
        'b',
      ),
      { type: 'mediaSingle', content: [{ type: 'media', attrs: { id: 'm', type: 'file', collection: '' } }] },
      { type: 'futureBlock', content: [paragraph('inside')] },
    );
    expect(adfTextPieces(d)).toEqual(['ab', 'inside']);
  });

  it('survives malformed input without throwing', () => {
    const malformed: unknown[] = [
      null,
      undefined,
      42,
      'doc',
      [],
      {},
      { type: 'doc' },
      { type: 'doc', content: 'nope' },
      {
        type: 'doc',
        content: [null, 1, 'x', [], { content: null }, { type: 7, content: [text('typeless')] }],
      },
      {
        type: 'paragraph',
        content: [
          { type: 'text' },
          { type: 'text', text: 5 },
          { type: 'mention' },
          { type: 'emoji', attrs: 3 },
        ],
      },
    ];
    for (const input of malformed) expect(() => adfTextPieces(input)).not.toThrow();
    expect(adfTextPieces(malformed[8])).toEqual(['typeless']);
    expect(adfTextPieces(malformed[9])).toEqual([]);
  });

  it('handles very deep nesting without recursion', () => {
    let node: AdfNode = paragraph('deep');
    for (let i = 0; i < 50_000; i++) node = { type: 'blockquote', content: [node] };
    expect(adfTextPieces(doc(node))).toEqual(['deep']);
  });

  it('stops on a cyclic object graph and on a throwing getter', () => {
    const cyclic: { type: string; content: unknown[] } = { type: 'doc', content: [paragraph('loop')] };
    cyclic.content.push(cyclic);
    const pieces = adfTextPieces(cyclic);
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.length).toBeLessThanOrEqual(MAX_ADF_NODES);
    expect(pieces.every((p) => p === 'loop')).toBe(true);

    const hostile = doc(paragraph('before'), paragraph('x'));
    Object.defineProperty(hostile.content[1], 'content', {
      get() {
        throw new Error('boom');
      },
    });
    expect(adfTextPieces(hostile)).toEqual(['before']);
  });

  it('never throws on arbitrary JSON and yields trimmed, non-empty, single-line pieces', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const pieces = adfTextPieces(value);
        for (const piece of pieces) {
          expect(piece).toBe(piece.trim());
          expect(piece).not.toBe('');
          expect(piece).not.toMatch(/[\n\r\u2028\u2029]/);
        }
      }),
    );
  });
});

describe('formatAdfDate', () => {
  it('formats millisecond and second epoch timestamps as UTC dates and passes other values through', () => {
    expect(formatAdfDate('1704067200000')).toBe('2024-01-01');
    expect(formatAdfDate(1704067200000)).toBe('2024-01-01');
    expect(formatAdfDate('1582152559')).toBe('2020-02-19');
    expect(formatAdfDate('tomorrow')).toBe('tomorrow');
    expect(formatAdfDate(undefined)).toBe('');
    expect(formatAdfDate('9'.repeat(15))).toBe('9'.repeat(15)); // beyond the Date range
  });
});
