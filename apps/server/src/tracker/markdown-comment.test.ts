import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownCodeBlock, markdownCodeSpan, verdictMarkdown } from './markdown-comment.ts';

const verdict = {
  id: '7b4c2f1e-0000-4000-8000-000000000001',
  verdict: 'failed' as const,
  sentAt: new Date('2026-11-20T09:00:00Z'),
  subject: 'Sprint 12',
};

/** The body of the first fenced code block of a Markdown text, read as CommonMark closes it. */
function fencedBody(markdown: string): { fence: string; body: string[] } {
  const lines = markdown.split('\n');
  const open = lines.findIndex((line) => /^`{3,}/.test(line));
  const fence = /^`+/.exec(lines[open]!)![0];
  const body: string[] = [];
  for (const line of lines.slice(open + 1)) {
    // A closing fence: at least as many backticks as the opening one, and nothing else but spaces.
    if (new RegExp(`^ {0,3}\`{${fence.length},}\\s*$`).test(line)) return { fence, body };
    body.push(line);
  }
  throw new Error('the block is never closed');
}

describe('verdictMarkdown', () => {
  it('writes the verdict, the comment in a fenced block, the notice and the marker', () => {
    const markdown = verdictMarkdown({
      ...verdict,
      comment: 'The total is wrong.\nSee the cart.',
      reviewer: 'Ann',
    });
    expect(markdown).toBe(
      [
        '**Client review: Failed**',
        'Reviewed by ` Ann `',
        '```text\nThe total is wrong.\nSee the cart.\n```',
        'In answer to the notice of 2026-11-20: ` Sprint 12 `.',
        `_Handoff verdict ${verdict.id}_`,
      ].join('\n\n'),
    );
  });

  it('keeps hostile Markdown inside a block it cannot close: mentions, images, fences and HTML stay text', () => {
    const comment =
      '@someone look\n![x](http://evil)\n```\n````js\n<script>alert(1)</script>\n[link](http://evil)';
    const markdown = verdictMarkdown({ ...verdict, comment, reviewer: '@boss ![y](http://evil) `x`' });
    const { fence, body } = fencedBody(markdown);
    expect(fence.length).toBe(5);
    expect(body).toEqual(comment.split('\n'));
    const after = markdown.slice(markdown.indexOf(body.at(-1)!) + body.at(-1)!.length);
    expect(after).not.toMatch(/@|!\[|<script|\]\(/);
    expect(markdown).toContain('Reviewed by `` @boss ![y](http://evil) `x` ``');
  });

  it('leaves out the comment block and the reviewer when there are none', () => {
    const markdown = verdictMarkdown({ ...verdict, verdict: 'passed', comment: '  \n', subject: null });
    expect(markdown).toBe(
      `**Client review: Passed**\n\nIn answer to the notice of 2026-11-20.\n\n_Handoff verdict ${verdict.id}_`,
    );
  });
});

describe('markdown code blocks and spans', () => {
  it('no text can close its fenced block early', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[`~a-z <>@![\]()]{0,12}$/), { minLength: 1, maxLength: 6 }),
        (lines) => {
          const { body } = fencedBody(`${markdownCodeBlock(lines)}\n\nafter`);
          expect(body).toEqual(lines);
        },
      ),
    );
  });

  it('a code span is fenced by more backticks than any run inside it', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[`a-z ]{0,12}$/), (text) => {
        const span = markdownCodeSpan(text);
        const fence = /^`+/.exec(span)![0];
        expect(span.endsWith(fence)).toBe(true);
        expect(span.slice(fence.length + 1, -fence.length - 1)).toBe(text);
        for (const run of text.match(/`+/g) ?? []) expect(run.length).toBeLessThan(fence.length);
      }),
    );
  });

  it('puts a name typed over several lines on one line', () => {
    expect(markdownCodeSpan('Ann\n# Heading')).toBe('` Ann # Heading `');
  });
});
