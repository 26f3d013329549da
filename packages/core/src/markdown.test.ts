import { describe, expect, it } from 'vitest';
import { testStepsOf } from './draft.ts';
import { markdownToAdf } from './markdown.ts';

const steps = (markdown: string) => testStepsOf(markdownToAdf(markdown));
const stepText = (line: string) => steps(`#test#\n${line}`).join(' | ');

describe('Markdown descriptions', () => {
  it('reads list items after #test# as steps, markers removed', () => {
    expect(
      steps('As a user I want it.\n\n#test#\n1. Open the page\n- [ ] Check the total\n* [x] Pay\n+ Leave'),
    ).toEqual(['Open the page', 'Check the total', 'Pay', 'Leave']);
  });

  it('finds the marker in a heading or in bold, and not a heading without a space', () => {
    expect(steps('## #test#\nOne')).toEqual(['One']);
    expect(steps('**#test#**\r\nOne')).toEqual(['One']);
    expect(steps('\\#test\\#\nOne')).toEqual(['One']);
  });

  it('keeps links readable and reduces inline formatting to its words', () => {
    expect(stepText('Follow [the guide](https://x.example/guide "Guide") and **read** _it_')).toBe(
      'Follow the guide (https://x.example/guide) and read it',
    );
    expect(stepText('Open <https://x.example> or [https://y.example](https://y.example)')).toBe(
      'Open https://x.example or https://y.example',
    );
    expect(stepText('Run `npm *test*` then ~~skip~~ check ![shot](https://x.example/a.png)')).toBe(
      'Run npm *test* then skip check shot',
    );
    expect(stepText('a snake_case name, 2*3 and a ~ tilde')).toBe('a snake_case name, 2*3 and a ~ tilde');
  });

  it('reads headings, quotes and tables as words, drops rules, HTML and comments', () => {
    expect(
      steps(
        '#test#\n### Expected ###\n> quoted **line**\n\n| Field | Value |\n|---|:---:|\n| Total | 5 |\n---\n<details><summary>More</summary>\n\nHidden<br>Shown\n</details>\n<!-- note -->\nSetext\n===',
      ),
    ).toEqual(['Expected', 'quoted line', 'Field Value', 'Total 5', 'More', 'Hidden', 'Shown', 'Setext']);
  });

  it('keeps the lines of fenced code as written', () => {
    expect(steps('#test#\n```js\nrun(**x**)\n```\n~~~~\n# not a heading\n~~~~\nAfter')).toEqual([
      'run(**x**)',
      '# not a heading',
      'After',
    ]);
  });

  it('says N/A for no text', () => {
    expect(markdownToAdf(null)).toBe('N/A');
    expect(markdownToAdf('\n<!-- only a comment -->\n---\n')).toBe('N/A');
    expect(markdownToAdf('Plain')).toEqual({
      type: 'doc',
      version: 1,
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Plain' }] }],
    });
  });
});
