// Grouped stories: the draft and the HTML notice list the stories under their epic's or type's heading, the
// groups in the tracker's order, the stories without one last under `Other`.
import { describe, expect, it } from 'vitest';
import { clientTexts } from './catalogues/index.ts';
import { draftEmail, type Issue } from './draft.ts';
import { reviewNoticeHtml } from './notice-mail.ts';
import { storySections } from './story-groups.ts';

const checkout = { id: '10', name: 'Checkout', order: 2 };
const search = { id: '11', name: 'Search', order: 1 };
const story = { id: 's', name: 'Story', order: 1 };
const bug = { id: 'b', name: 'Bug', order: 0 };

const step = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const issues: Issue[] = [
  { key: 'SHOP-1', issueHeader: 'Pay by card', description: 'N/A', epic: checkout, type: story },
  {
    key: 'SHOP-2',
    issueHeader: 'Find by name',
    description: { type: 'doc', content: [step('#test#'), step('Search for "tea"')] },
    epic: search,
    type: bug,
  },
  { key: 'SHOP-3', issueHeader: 'Loose end', description: 'N/A', epic: null, type: story },
  { key: 'SHOP-4', issueHeader: 'Pay by invoice', description: 'N/A', epic: checkout, type: story },
];

describe('storySections', () => {
  it('orders the groups by the tracker, keeps each group’s stories in order, and puts Other last', () => {
    const sections = storySections(issues, 'epic', 'Other');
    expect(sections.map((section) => [section.heading, section.items.map((issue) => issue.key)])).toEqual([
      ['Search', ['SHOP-2']],
      ['Checkout', ['SHOP-1', 'SHOP-4']],
      ['Other', ['SHOP-3']],
    ]);
  });

  it('groups by type when asked, with no Other when every story has one', () => {
    expect(storySections(issues, 'type', 'Other').map((section) => section.heading)).toEqual([
      'Bug',
      'Story',
    ]);
  });

  it('is one list without a heading when grouping is off or no story has a group', () => {
    expect(storySections(issues, 'nothing', 'Other')).toEqual([
      { heading: null, groupId: null, items: issues },
    ]);
    const plain = issues.map(({ epic: _epic, ...rest }) => rest);
    expect(storySections(plain, 'epic', 'Other')).toEqual([{ heading: null, groupId: null, items: plain }]);
  });

  it('breaks ties of order by name', () => {
    const a = { id: '2', name: 'Alpha', order: 0 };
    const b = { id: '1', name: 'Beta', order: 0 };
    const sections = storySections([{ epic: b }, { epic: a }], 'epic', 'Other');
    expect(sections.map((section) => section.heading)).toEqual(['Alpha', 'Beta']);
  });
});

describe('a grouped draft', () => {
  it('lists the stories under underlined headings, Other last, and the test steps in the same order', () => {
    const draft = draftEmail(issues, [], undefined, { by: 'epic', other: 'Other' });
    expect(draft.includedKeys).toEqual(['SHOP-2', 'SHOP-1', 'SHOP-4', 'SHOP-3']);
    expect(draft.text).toBe(
      'Dear customer,\n\nThe following features are finished:\n\n' +
        'Search\n------\n- Find by name\n\n' +
        'Checkout\n--------\n- Pay by card\n- Pay by invoice\n\n' +
        'Other\n-----\n- Loose end\n\n' +
        'Please test the following:\nFind by name:\n- Search for "tea"\n\nRegards,',
    );
  });

  it('is the flat draft when grouping is off', () => {
    expect(draftEmail(issues, [], undefined, { by: 'nothing', other: 'Other' })).toEqual(
      draftEmail(issues, []),
    );
  });

  it('ignores a malformed group (no id or name) as none', () => {
    const odd = [{ ...issues[0], epic: { name: 7 } } as unknown as Issue, issues[1] as Issue];
    const draft = draftEmail(odd, [], undefined, { by: 'epic', other: 'Andere' });
    expect(draft.text).toContain('Search\n------\n- Find by name\n\nAndere\n------\n- Pay by card');
  });

  it('becomes HTML headings with each story’s Passed and Failed links beside it, in the draft’s order', () => {
    const draft = draftEmail(issues, [], undefined, { by: 'epic', other: 'Other' });
    const html = reviewNoticeHtml(
      draft.text,
      'https://h.test/review/x',
      draft.includedKeys,
      {},
      {
        language: 'en',
        t: clientTexts('en'),
      },
    );
    expect([...html.matchAll(/<h2[^>]*>([^<]+)<\/h2>/g)].map((m) => m[1])).toEqual([
      'Search',
      'Checkout',
      'Other',
    ]);
    expect(html).not.toContain('------');
    const linked = [...html.matchAll(/story=([A-Z]+-\d)&amp;verdict=passed/g)].map((m) => m[1]);
    expect(linked).toEqual(['SHOP-2', 'SHOP-1', 'SHOP-4', 'SHOP-3']);
    // The test steps' list is not a feature list: no verdict links there.
    expect(html).toMatch(/<li>Search for &quot;tea&quot;<\/li>/);
  });
});
