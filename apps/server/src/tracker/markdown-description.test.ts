import { describe, expect, it } from 'vitest';
import { markdownTextPieces } from './markdown-description.ts';

describe('markdownTextPieces', () => {
  it('reads a Linear description: headings, lists, task boxes and the #test# marker', () => {
    const description = [
      '## What changed',
      '',
      'The **checkout** now shows the _total_ with `VAT`.',
      '',
      '#test#',
      '1. Open [the cart](https://shop.example/cart)',
      '2. Add ~~two~~ three items',
      '- [ ] Check the total',
      '* [x] Pay with <https://pay.example>',
      '> Quoted: see ![the mock-up](https://img.example/a.png)',
    ].join('\n');
    expect(markdownTextPieces(description)).toEqual([
      'What changed',
      'The checkout now shows the total with VAT.',
      '#test#',
      'Open the cart (https://shop.example/cart)',
      'Add two three items',
      'Check the total',
      'Pay with https://pay.example',
      'Quoted: see the mock-up',
    ]);
  });

  it('keeps fenced code as written and drops rules, table delimiters and HTML tags', () => {
    const description = [
      '```js',
      '  const a = **b**;',
      '```',
      '---',
      '| Step | Expect |',
      '| ---- | :----: |',
      '| Log in | Home page |',
      'Line<br>break <b>bold</b> snake_case_name 2 * 3 * 4',
      '\\#test\\#',
    ].join('\r\n');
    expect(markdownTextPieces(description)).toEqual([
      'const a = **b**;',
      'Step Expect',
      'Log in Home page',
      'Line',
      'break bold snake_case_name 2 * 3 * 4',
      '#test#',
    ]);
  });

  it('gives nothing for null, blank or markup-only descriptions', () => {
    expect(markdownTextPieces(null)).toEqual([]);
    expect(markdownTextPieces('  \n\n***\n')).toEqual([]);
    expect(markdownTextPieces(undefined)).toEqual([]);
  });
});
