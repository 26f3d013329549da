// The client-facing catalogues (main README, "In the client's language, in the team's own words"): every language has exactly the English catalogue's messages,
// each with the same placeholders, each valid ICU; English keeps docs/product.md's words; every language
// addresses the client formally; plurals, dates and numbers follow the language.
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { CLIENT_LANGUAGES } from '../client-language.ts';
import { draftWording } from '../draft.ts';
import { texts } from '../texts.ts';
import { CATALOGUES, clientTexts, reviewPageMessages } from './index.ts';

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }> };

/** The argument names a message uses (`{count}`, `{date, date, day}`, `{n, plural, …}`), nested ones included. */
function placeholdersOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: Element[]) => {
    for (const element of elements) {
      // 0: literal, 7: the `#` of a plural; everything else names an argument.
      if (element.type !== 0 && element.type !== 7 && element.value) names.add(element.value);
      for (const option of Object.values(element.options ?? {})) walk(option.value);
    }
  };
  walk(new IntlMessageFormat(message, 'en', undefined, { ignoreTag: true }).getAst() as Element[]);
  return [...names].sort();
}

const english = CATALOGUES.en;

describe('the catalogues', () => {
  it.each(CLIENT_LANGUAGES)('%s has exactly the English keys', (language) => {
    expect(Object.keys(CATALOGUES[language]).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(CLIENT_LANGUAGES)("%s's messages are valid ICU with the English placeholders", (language) => {
    for (const [key, message] of Object.entries(CATALOGUES[language])) {
      const englishMessage = english[key as keyof typeof english];
      expect({ key, placeholders: placeholdersOf(message) }).toEqual({
        key,
        placeholders: placeholdersOf(englishMessage),
      });
      expect(message.trim(), key).not.toBe('');
    }
  });

  it("English keeps the spec's draft word for word, and the notice's English lines as they were", () => {
    expect(draftWording(clientTexts('en'))).toEqual({
      subject: texts.draft.subject,
      greeting: texts.draft.greeting,
      intro: texts.draft.intro,
      testStepsIntro: texts.draft.testStepsIntro,
      closing: texts.draft.closing,
      retest: texts.draft.retest,
    });
    const t = clientTexts('en');
    expect(t('notice.answerBy', { date: new Date(Date.UTC(2026, 10, 27)) })).toBe(
      'Please answer by 27 November 2026.',
    );
    expect(t('review.answered', { answered: 1, total: 3 })).toBe('1 of 3 answered');
    expect(t('review.heading', { count: 1, project: 'Shop' })).toBe('Please test 1 story of Shop');
    expect(t('review.heading', { count: 2, project: 'Shop' })).toBe('Please test 2 stories of Shop');
  });

  it('addresses the client formally in every language', () => {
    const informal: Partial<Record<(typeof CLIENT_LANGUAGES)[number], RegExp>> = {
      de: /\b(du|dich|dir|dein\w*|euch|euer)\b/i,
      fr: /\b(tu|toi|ton|tes)\b/i,
      es: /\b(tú|tu|tus|te|vosotros)\b/i,
      nl: /\b(je|jij|jou|jouw)\b/i,
      it: /\b(tu|ti|tuo|tua|tuoi)\b/i,
    };
    for (const [language, pattern] of Object.entries(informal)) {
      for (const [key, message] of Object.entries(CATALOGUES[language as keyof typeof CATALOGUES])) {
        expect({ language, key, informal: pattern.exec(message)?.[0] }).toEqual({
          language,
          key,
          informal: undefined,
        });
      }
    }
    expect(CATALOGUES.de['review.yourName']).toBe('Ihr Name');
    expect(CATALOGUES.fr['review.yourName']).toBe('Votre nom');
    expect(CATALOGUES.es['review.yourName']).toBe('Su nombre');
    expect(CATALOGUES.nl['review.yourName']).toBe('Uw naam');
  });

  it('writes plurals, dates and numbers as each language does', () => {
    const de = clientTexts('de');
    expect(de('review.answered', { answered: 0, total: 1 })).toBe('0 von 1 Funktion bewertet');
    expect(de('review.answered', { answered: 1, total: 2 })).toBe('1 von 2 Funktionen bewertet');
    expect(de('review.answered', { answered: 1200, total: 1500 })).toBe(
      '1.200 von 1.500 Funktionen bewertet',
    );
    expect(de('notice.answerBy', { date: new Date(Date.UTC(2026, 10, 27)) })).toBe(
      'Bitte antworten Sie bis zum 27. November 2026.',
    );
    // French counts 0 and 1 as one.
    expect(clientTexts('fr')('review.answered', { answered: 0, total: 2 })).toBe(
      '0 fonctionnalité évaluée sur 2',
    );
    expect(clientTexts('es')('notice.answerBy', { date: new Date(Date.UTC(2027, 0, 5)) })).toBe(
      'Le rogamos que nos responda antes del 5 de enero de 2027.',
    );
    expect(clientTexts('nl')('review.heading', { count: 3, project: 'Webshop' })).toBe(
      'Wilt u 3 functionaliteiten van Webshop testen?',
    );
    expect(clientTexts('de')('review.heading', { count: 1, project: 'Webshop' })).toBe(
      'Bitte testen Sie 1 Funktion von Webshop',
    );
    expect(clientTexts('en')('review.leftToAnswer', { count: 2 })).toBe('2 stories still need an answer.');
    expect(clientTexts('de')('review.leftToAnswer', { count: 1 })).toBe(
      '1 Funktion ist noch nicht bewertet.',
    );
  });

  it("hands the review page only its own messages and the notice's lines it repeats", () => {
    const messages = reviewPageMessages('pt');
    expect(messages['review.submit']).toBe('Enviar resultados');
    expect(messages['notice.answerBy']).toBe(CATALOGUES.pt['notice.answerBy']);
    expect(messages['draft.subject']).toBeUndefined();
    expect(messages['notice.reviewLink']).toBeUndefined();
  });
});
