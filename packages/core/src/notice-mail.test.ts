// The notice's HTML part: Passed and Failed links beside each story, each opening the review page with
// that verdict chosen (the page records nothing until Submit results).
import { describe, expect, it } from 'vitest';
import { clientTexts } from './catalogues/index.ts';
import { reviewNoticeHtml } from './notice-mail.ts';

const ENGLISH = { language: 'en', t: clientTexts('en') } as const;

const LINK = 'https://handoff.example.test/review/abcDEF123_abcDEF123_abcDEF123';
const DRAFT =
  'Dear customer,\n\nThe following features are finished:\n- Guest <checkout>\n- Saved cards (re-test)\n\n' +
  'Please test the following:\nGuest <checkout>:\n- Open the basket\n\nRegards,';

describe('the HTML part of a notice', () => {
  it('shows Passed and Failed links beside each finished feature, in the order of its keys', () => {
    const html = reviewNoticeHtml(DRAFT, LINK, ['SHOP-1', 'SHOP-2'], {}, ENGLISH);
    const links = [...html.matchAll(/<a href="([^"]+)"[^>]*>(Passed|Failed)<\/a>/g)].map((m) => [
      m[1]!.replaceAll('&amp;', '&'),
      m[2],
    ]);
    expect(links).toEqual([
      [`${LINK}?story=SHOP-1&verdict=passed`, 'Passed'],
      [`${LINK}?story=SHOP-1&verdict=failed`, 'Failed'],
      [`${LINK}?story=SHOP-2&verdict=passed`, 'Passed'],
      [`${LINK}?story=SHOP-2&verdict=failed`, 'Failed'],
    ]);
    expect(html).toContain('<li>Guest &lt;checkout&gt; &nbsp;<a href=');
    // The test steps' list gets none.
    expect(html).toContain('<li>Open the basket</li>');
  });

  it('adds no verdict links when the edited draft no longer lists one line per story', () => {
    const html = reviewNoticeHtml(DRAFT, LINK, ['SHOP-1'], {}, ENGLISH);
    expect(html).not.toMatch(/>Passed<\/a>/);
    expect(html).toContain('Review and report results');
  });

  it('names the release on a line of its own, escaped, in the client’s language', () => {
    const html = reviewNoticeHtml(DRAFT, LINK, ['SHOP-1'], { release: 'Winter <2026>' }, ENGLISH);
    expect(html).toContain('Release: Winter &lt;2026&gt;');
    const german = reviewNoticeHtml(
      DRAFT,
      LINK,
      ['SHOP-1'],
      { release: 'Winter\n2026' },
      {
        language: 'de',
        t: clientTexts('de'),
      },
    );
    expect(german).toContain('Release: Winter 2026');
  });
});
