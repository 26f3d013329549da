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

  it('puts the button before the closing, then signs with the sender and the company, escaped', () => {
    const sender = { name: 'Olivia <Owner>', company: 'example.test' };
    const html = reviewNoticeHtml(DRAFT, LINK, ['SHOP-1', 'SHOP-2'], { sender }, ENGLISH);
    const at = (text: string) => html.indexOf(text);
    expect(at('Open the basket')).toBeLessThan(at('Review and report results'));
    expect(at('Review and report results')).toBeLessThan(at('<p style="margin:0 0 12px">Regards,</p>'));
    expect(html).toContain(
      '<p style="margin:0 0 12px">Regards,</p><p style="margin:0 0 16px"><strong>Olivia &lt;Owner&gt;</strong><br><span style="color:#52606d">example.test</span></p>',
    );
    // Without a display name, the company alone; without a sender, no signature (the closing still after the button).
    const unnamed = reviewNoticeHtml(
      DRAFT,
      LINK,
      [],
      { sender: { name: ' ', company: 'example.test' } },
      ENGLISH,
    );
    expect(unnamed).toContain(
      'Regards,</p><p style="margin:0 0 16px"><span style="color:#52606d">example.test</span></p>',
    );
    const unsigned = reviewNoticeHtml(DRAFT, LINK, [], {}, ENGLISH);
    expect(unsigned).not.toContain('<strong>');
    expect(unsigned.indexOf('Review and report results')).toBeLessThan(unsigned.indexOf('Regards,'));
  });
});
