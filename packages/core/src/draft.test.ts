import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdfNode } from './adf.ts';
import { clientStepText, draftEmail, type Issue, splitAtTestMarker, testStepsOf } from './draft.ts';
import {
  bulletList,
  codeBlock,
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
  strong,
  table,
  tableCell,
  text,
} from './testing/adf-builders.ts';
import { sampleDescriptionAdf } from './testing/reference-data.ts';

const sample = sampleDescriptionAdf() as unknown as AdfNode;

const SUBJECT = 'Request for Testing: User Stories for Review';
const issue = (key: string, issueHeader: string, description: Issue['description'] = 'N/A'): Issue => ({
  key,
  issueHeader,
  description,
});

/** The lines under "Please test the following:" and before the closing. */
function stepsSection(body: string): string {
  const start = body.indexOf('\n\nPlease test the following:\n');
  const end = body.lastIndexOf('\n\nRegards,');
  return body.slice(start + '\n\nPlease test the following:\n'.length, end);
}

describe('draftEmail', () => {
  it('builds the exact body for a small case', () => {
    const draft = draftEmail(
      [
        issue(
          'EX-1',
          'Reset password',
          doc(
            paragraph('Intro'),
            paragraph('#test#'),
            bulletList(listItem('Open login'), listItem('Click reset')),
          ),
        ),
        issue('EX-2', 'Profile page'),
        issue(
          'EX-3',
          'Export CSV',
          doc(paragraph('#TEST#'), paragraph('Export'), paragraph('Open the file')),
        ),
      ],
      [],
    );
    expect(draft).toEqual({
      subject: SUBJECT,
      text:
        'Dear customer,\n\nThe following features are finished:\n' +
        '- Reset password\n- Profile page\n- Export CSV' +
        '\n\nPlease test the following:\n' +
        'Reset password:\n- Open login\n- Click reset\n\nExport CSV:\n- Export\n- Open the file' +
        '\n\nRegards,',
      includedKeys: ['EX-1', 'EX-2', 'EX-3'],
    });
  });

  it('drafts the reference sample description', () => {
    const draft = draftEmail([issue('EX-42', 'Password reset', sample)], []);
    expect(draft.text).toBe(
      'Dear customer,\n\nThe following features are finished:\n- Password reset\n\nPlease test the following:\n' +
        'Password reset:\n' +
        '- Open https://app.example.com/login\n' +
        '- Click Forgot password and enter qa+1@example.com\n' +
        '- Check the inbox\n' +
        '- Expected: reset e-mail arrives within 1 minute ✅\n' +
        '- Ask Mia Krystof to verify; see EX-42 [READY]' +
        '\n\nRegards,',
    );
  });

  it('leaves out issues already sent and reports only the included keys', () => {
    const issues = [
      issue('EX-1', 'Old feature', doc(paragraph('#test#'), paragraph('old step'))),
      issue('EX-2', 'New feature', doc(paragraph('#test#'), paragraph('new step'))),
      issue('EX-3', 'Also old'),
    ];
    for (const sent of [['EX-1', 'EX-3'], new Set(['EX-1', 'EX-3'])]) {
      const draft = draftEmail(issues, sent);
      expect(draft.includedKeys).toEqual(['EX-2']);
      expect(draft.text).toContain('finished:\n- New feature\n\nPlease test');
      expect(draft.text).not.toContain('Old feature');
      expect(draft.text).not.toContain('old step');
      expect(draft.text).not.toContain('Also old');
    }
  });

  it('returns an empty draft when every issue was sent already or none were fetched', () => {
    expect(draftEmail([issue('EX-1', 'Done')], ['EX-1'])).toEqual({
      subject: '',
      text: '',
      includedKeys: [],
    });
    expect(draftEmail([], [])).toEqual({ subject: '', text: '', includedKeys: [] });
  });

  it('lists an issue without test steps as a feature only', () => {
    const draft = draftEmail(
      [
        issue('EX-1', 'No description'),
        issue('EX-2', 'No marker', doc(paragraph('Just a story'), bulletList(listItem('not a step')))),
        issue('EX-3', 'Empty doc', doc()),
        issue('EX-4', 'Marker at the end', doc(paragraph('text'), paragraph('#test#'))),
      ],
      [],
    );
    expect(draft.includedKeys).toEqual(['EX-1', 'EX-2', 'EX-3', 'EX-4']);
    expect(draft.text).toBe(
      'Dear customer,\n\nThe following features are finished:\n' +
        '- No description\n- No marker\n- Empty doc\n- Marker at the end' +
        '\n\nPlease test the following:\n\n\nRegards,',
    );
  });

  it('lists each key once, skips issues without a key and falls back to the key for a blank title', () => {
    const draft = draftEmail(
      [
        issue('EX-1', 'First'),
        issue('EX-1', 'First again'),
        { issueHeader: 'No key', description: 'N/A' } as unknown as Issue,
        issue('', 'Empty key'),
        issue('EX-2', '   '),
        issue('EX-3', 'Multi\nline\r\n title'),
      ],
      [],
    );
    expect(draft.includedKeys).toEqual(['EX-1', 'EX-2', 'EX-3']);
    expect(draft.text).toContain('finished:\n- First\n- EX-2\n- Multi line title\n\nPlease');
  });

  it('never throws on arbitrary JSON input', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (issues, sentKeys) => {
        const draft = draftEmail(issues as unknown as Issue[], sentKeys as unknown as string[]);
        expect(Array.isArray(draft.includedKeys)).toBe(true);
      }),
    );
    const looseIssue = fc.record({
      key: fc.oneof(fc.string(), fc.jsonValue()),
      issueHeader: fc.jsonValue(),
      description: fc.jsonValue(),
    });
    fc.assert(
      fc.property(fc.array(looseIssue), fc.array(fc.string()), (issues, sentKeys) => {
        const draft = draftEmail(issues as Issue[], sentKeys);
        expect(draft.includedKeys.every((k) => !sentKeys.includes(k))).toBe(true);
      }),
    );
  });
});

describe('test steps', () => {
  const steps = (description: AdfNode | 'N/A') => testStepsOf(description);

  it('finds a marker split across text nodes by marks', () => {
    const d = doc(paragraph(text('#te', strong), text('st'), text('#', em)), paragraph('step one'));
    expect(steps(d)).toEqual(['step one']);
  });

  it.each(['#test#', '#TEST#', '#Test#', '#tEsT#', '  #test#  ', '\u00a0#TEST#\t'])(
    'finds the marker %j',
    (marker) => {
      expect(steps(doc(paragraph(marker), paragraph('step')))).toEqual(['step']);
    },
  );

  it('does not treat a line that merely contains the marker as the marker', () => {
    expect(steps(doc(paragraph('#test# steps:'), paragraph('step')))).toEqual([]);
    expect(steps(doc(paragraph('# test #'), paragraph('step')))).toEqual([]);
  });

  it('finds the marker in a heading, and lists only the pieces after it', () => {
    expect(steps(doc(paragraph('before'), heading(3, '#Test#'), paragraph('after')))).toEqual(['after']);
  });

  it('takes bullet and ordered list items as steps, one per item', () => {
    const d = doc(
      paragraph('#test#'),
      bulletList(
        listItem('Open ', text('Settings', strong)),
        listItem('Click ', text('Save', link('https://x.io'))),
      ),
      orderedList(listItem('Log out'), listItem('Log in')),
    );
    expect(steps(d)).toEqual(['Open Settings', 'Click Save', 'Log out', 'Log in']);
  });

  it('takes lines separated by hard breaks as separate steps, and a marker on its own line', () => {
    const d = doc(paragraph('Intro', hardBreak, '#test#', hardBreak, 'Line one', hardBreak, 'Line two'));
    expect(steps(d)).toEqual(['Line one', 'Line two']);
  });

  it('keeps the text of mentions (as the name), emoji and inline cards; a tracker issue link becomes its key', () => {
    const d = doc(
      paragraph('#test#'),
      paragraph('Ask ', mention('5b10', 'Mia'), ' ', emoji(':thumbsup:', '👍')),
      paragraph('Compare with ', inlineCard('https://x.atlassian.net/browse/EX-1')),
      paragraph('Open ', inlineCard('https://shop.example.com/checkout')),
    );
    expect(steps(d)).toEqual(['Ask Mia 👍', 'Compare with EX-1', 'Open https://shop.example.com/checkout']);
  });

  it('gives the client an issue key for a link into the tracker, and leaves every other address as written', () => {
    expect(clientStepText('See https://acme.atlassian.net/browse/SHOP-12.')).toBe('See SHOP-12.');
    expect(clientStepText('(https://jira.acme.test/jira/browse/SHOP-2?focusedCommentId=7#c7) done')).toBe(
      '(SHOP-2) done',
    );
    expect(clientStepText('As in https://linear.app/acme/issue/ENG-42/fix-the-cart, then pay')).toBe(
      'As in ENG-42, then pay',
    );
    for (const kept of [
      'Open https://shop.example.com/browse/shoes and pick a pair',
      'Open https://shop.example.com/browse/SHOP-2x',
      'Write to qa+1@example.com',
      'Browse the SHOP-2 page',
    ])
      expect(clientStepText(kept)).toBe(kept);
  });

  it('keeps the #test# rule when a step holds a tracker link: the marker, the steps after it, nothing before', () => {
    const d = doc(
      paragraph('Built as https://acme.atlassian.net/browse/SHOP-1 asked'),
      paragraph('#TEST#'),
      paragraph('Log in as ', mention('5b10', 'Ann Lee'), ' (https://acme.atlassian.net/browse/SHOP-3)'),
      paragraph('#test#'),
    );
    expect(steps(d)).toEqual(['Log in as Ann Lee (SHOP-3)']);
    expect(splitAtTestMarker(['Built as https://acme.atlassian.net/browse/SHOP-1', '#test#', 'Pay'])).toEqual(
      { text: 'Built as https://acme.atlassian.net/browse/SHOP-1', testSteps: ['Pay'] },
    );
  });

  it('reads steps from code blocks and tables', () => {
    const d = doc(
      paragraph('#test#'),
      codeBlock('npm ci\nnpm test'),
      table([tableCell(paragraph('Case')), tableCell(paragraph('Expected'))]),
    );
    expect(steps(d)).toEqual(['npm ci', 'npm test', 'Case', 'Expected']);
  });

  it('starts at the first marker and never lists a marker as a step', () => {
    const d = doc(paragraph('#test#'), paragraph('a'), paragraph('#TEST#'), paragraph('b'));
    expect(steps(d)).toEqual(['a', 'b']);
  });

  it('returns no steps for "N/A", null, an empty doc or a doc without the marker', () => {
    expect(steps('N/A')).toEqual([]);
    expect(testStepsOf(null)).toEqual([]);
    expect(steps(doc())).toEqual([]);
    expect(steps(doc(paragraph('test'), paragraph('#test')))).toEqual([]);
  });

  it('reads a plain-text description line by line', () => {
    expect(testStepsOf('Story\n#test#\nstep 1\n\n step 2 ')).toEqual(['step 1', 'step 2']);
  });
});

describe('draftEmail properties', () => {
  const singleLine = (s: string) => !/[\n\r\u2028\u2029]/.test(s) && s.trim() !== '';
  const notMarker = (s: string) => s.trim().toLowerCase() !== '#test#';
  const lineText = fc
    .string({ minLength: 1, maxLength: 24, unit: 'grapheme' })
    .filter((s) => singleLine(s) && notMarker(s));

  const stories = fc
    .uniqueArray(fc.integer({ min: 1, max: 9999 }), { minLength: 0, maxLength: 12 })
    .chain((numbers) =>
      fc.tuple(
        fc.constant(numbers.map((n) => `EX-${n}`)),
        fc.array(lineText, { minLength: numbers.length, maxLength: numbers.length }),
        fc.array(fc.boolean(), { minLength: numbers.length, maxLength: numbers.length }),
      ),
    )
    .map(([keys, titles, sentFlags]) => ({
      issues: keys.map((key, i) => issue(key, `${key} ${titles[i]!.trim()}`)),
      sent: keys.filter((_, i) => sentFlags[i]),
    }));

  it('lists every unsent issue as a "- " line, in order, and never a sent one', () => {
    fc.assert(
      fc.property(stories, ({ issues, sent }) => {
        const draft = draftEmail(issues, sent);
        const unsent = issues.filter((i) => !sent.includes(i.key));
        expect(draft.includedKeys).toEqual(unsent.map((i) => i.key));
        if (unsent.length === 0) {
          expect(draft.text).toBe('');
          return;
        }
        const expected = unsent.map((i) => `- ${i.issueHeader}`).join('\n');
        expect(
          draft.text.startsWith(
            `Dear customer,\n\nThe following features are finished:\n${expected}\n\nPlease test the following:\n`,
          ),
        ).toBe(true);
        for (const key of sent) expect(draft.text).not.toContain(`${key} `);
      }),
    );
  });

  // A marker paragraph as Jira may store it: any casing, padding, split into several text nodes with marks.
  const markerParagraph = fc
    .tuple(
      fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
      fc.constantFrom('', ' ', '  ', '\u00a0'),
      fc.constantFrom('', ' ', '\t'),
      fc.uniqueArray(fc.integer({ min: 1, max: 5 }), { maxLength: 3 }),
    )
    .map(([upper, before, after, cuts]) => {
      const word = ['t', 'e', 's', 't'].map((c, i) => (upper[i] ? c.toUpperCase() : c)).join('');
      return paragraph(...splitIntoTextNodes(`${before}#${word}#${after}`, cuts));
    });

  function splitIntoTextNodes(s: string, cuts: number[]): AdfNode[] {
    const points = [...new Set(cuts.filter((c) => c > 0 && c < s.length))].sort((a, b) => a - b);
    const parts: string[] = [];
    let from = 0;
    for (const p of [...points, s.length]) {
      parts.push(s.slice(from, p));
      from = p;
    }
    return parts.filter((p) => p !== '').map((p, i) => (i % 2 === 1 ? text(p, strong) : text(p)));
  }

  const stepBlock = fc
    .tuple(
      lineText,
      fc.uniqueArray(fc.integer({ min: 1, max: 23 }), { maxLength: 3 }),
      fc.constantFrom('paragraph', 'bullet', 'ordered'),
    )
    .map(([step, cuts, shape]) => {
      const nodes = splitIntoTextNodes(step, cuts);
      const block =
        shape === 'paragraph'
          ? paragraph(...nodes)
          : shape === 'bullet'
            ? bulletList(listItem(...nodes))
            : orderedList(listItem(...nodes));
      return { step: step.trim(), block };
    });

  it('lists exactly the N steps after a marker paragraph under the issue heading', () => {
    fc.assert(
      fc.property(
        fc.array(lineText, { maxLength: 3 }),
        markerParagraph,
        fc.array(stepBlock, { maxLength: 8 }),
        (intro, marker, stepBlocks) => {
          const description = doc(
            ...intro.map((t) => paragraph(t)),
            marker,
            ...stepBlocks.map((s) => s.block),
          );
          const draft = draftEmail([issue('EX-7', 'Generated story', description)], []);
          const expectedSteps = stepBlocks.map((s) => s.step);
          expect(testStepsOf(description)).toEqual(expectedSteps);
          expect(stepsSection(draft.text)).toBe(
            expectedSteps.length === 0
              ? ''
              : `Generated story:\n${expectedSteps.map((s) => `- ${s}`).join('\n')}`,
          );
        },
      ),
    );
  });

  it('joins the step groups of several issues with one blank line, in issue order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(lineText, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (groups) => {
          const issues = groups.map((g, i) =>
            issue(`EX-${i + 1}`, `Story ${i + 1}`, doc(paragraph('#test#'), ...g.map((s) => paragraph(s)))),
          );
          const expected = groups
            .map((g, i) => `Story ${i + 1}:\n${g.map((s) => `- ${s.trim()}`).join('\n')}`)
            .join('\n\n');
          expect(stepsSection(draftEmail(issues, []).text)).toBe(expected);
        },
      ),
    );
  });
});

describe('re-tests', () => {
  it('drafts a re-test although its key was sent, as "- {issueHeader} (re-test)" with its test steps', () => {
    const issues: Issue[] = [
      { key: 'A-1', issueHeader: 'Checkout', description: 'N/A', retest: true },
      { key: 'A-2', issueHeader: 'Saved cards', description: 'N/A' },
      {
        key: 'A-3',
        issueHeader: 'Search',
        description: {
          type: 'doc',
          version: 1,
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: '#test#' }] },
            { type: 'paragraph', content: [{ type: 'text', text: 'Type a word' }] },
          ],
        },
        retest: true,
      },
    ];
    const draft = draftEmail(issues, ['A-1', 'A-2', 'A-3']);
    expect(draft.includedKeys).toEqual(['A-1', 'A-3']);
    expect(draft.text).toBe(
      'Dear customer,\n\nThe following features are finished:\n- Checkout (re-test)\n- Search (re-test)' +
        '\n\nPlease test the following:\nSearch:\n- Type a word\n\nRegards,',
    );
  });
});
