// The language a project's client reads (its `Client language` setting): the languages offered, and the
// translator that formats a catalogue's ICU messages (https://formatjs.github.io/docs/intl-messageformat)
// with that language's plural rules, dates and numbers. The catalogues themselves are in catalogues/:
// the server and the send screen load them all (catalogues/index.ts); the review page is handed only
// its language's messages by the server, so it never bundles the others.
import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageKey } from './catalogues/en.ts';

export type { MessageKey } from './catalogues/en.ts';

export const CLIENT_LANGUAGES = ['en', 'de', 'fr', 'es', 'nl', 'pt', 'it'] as const;
export type ClientLanguage = (typeof CLIENT_LANGUAGES)[number];

/** Each language by its own name, as the `Client language` select lists it. */
export const CLIENT_LANGUAGE_NAMES: Readonly<Record<ClientLanguage, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  nl: 'Nederlands',
  pt: 'Português',
  it: 'Italiano',
};

/**
 * The locale each language's dates and numbers are written in. English is British so the answer-by date
 * reads `27 November 2026` as it always has; Portuguese is Brazilian, as its catalogue is.
 */
const LOCALES: Readonly<Record<ClientLanguage, string>> = {
  en: 'en-GB',
  de: 'de-DE',
  fr: 'fr-FR',
  es: 'es-ES',
  nl: 'nl-NL',
  pt: 'pt-BR',
  it: 'it-IT',
};

/** A stored language code as a ClientLanguage; English for anything else (a row older than the setting). */
export function clientLanguageOf(value: unknown): ClientLanguage {
  return (CLIENT_LANGUAGES as readonly unknown[]).includes(value) ? (value as ClientLanguage) : 'en';
}

/** The named date formats the catalogues use: `{date, date, day}` (a calendar day) and `dayAndTime`. */
const FORMATS = {
  date: {
    // A calendar day (an answer-by date) is stored as midnight UTC: written in UTC, it is the same day everywhere.
    day: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
    dayAndTime: { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  },
} as const;

type MessageValues = Record<string, string | number | Date>;

/** A message of one language's catalogue, formatted with `values`. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

/**
 * The translator of `messages` (one language's catalogue, or the part of it a page was handed). A key
 * missing from `messages` is shown as the key, so a page handed too few messages still reads, visibly wrong.
 */
export function translator(
  language: ClientLanguage,
  messages: Readonly<Partial<Record<MessageKey, string>>>,
): Translate {
  const compiled = new Map<MessageKey, IntlMessageFormat>();
  return (key, values) => {
    let format = compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(messages[key] ?? key, LOCALES[language], FORMATS, {
        ignoreTag: true,
      });
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}

/** A calendar day (midnight UTC, as calendarDay gives it) written in `language`, as `{date, date, day}` writes it. */
export function formatClientDay(language: ClientLanguage, day: Date): string {
  return new Intl.DateTimeFormat(LOCALES[language], FORMATS.date.day).format(day);
}
