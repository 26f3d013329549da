// Every language's catalogue, for the server (the notice, reminders, the review page's messages) and the
// send screen (the default draft). The review page does not import this: it is handed its own language's.
import { type ClientLanguage, type MessageKey, type Translate, translator } from '../client-language.ts';
import { de } from './de.ts';
import { type Catalogue, en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { it } from './it.ts';
import { nl } from './nl.ts';
import { pt } from './pt.ts';

export const CATALOGUES: Readonly<Record<ClientLanguage, Catalogue>> = { en, de, fr, es, nl, pt, it };

const translators = new Map<ClientLanguage, Translate>();

/** The translator of `language`'s catalogue (made once per language). */
export function clientTexts(language: ClientLanguage): Translate {
  let translate = translators.get(language);
  if (!translate) {
    translate = translator(language, CATALOGUES[language]);
    translators.set(language, translate);
  }
  return translate;
}

/** The review page's own messages (`review.*`), the notice's lines and the `Other` group it repeats, in one language. */
export function reviewPageMessages(language: ClientLanguage): Partial<Record<MessageKey, string>> {
  return Object.fromEntries(
    Object.entries(CATALOGUES[language]).filter(
      ([key]) =>
        key.startsWith('review.') ||
        key === 'group.other' ||
        key === 'notice.testEnvironment' ||
        key === 'notice.answerBy',
    ),
  );
}
