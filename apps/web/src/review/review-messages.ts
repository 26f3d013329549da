// Every text the client reads on the review page, in the notice's language: the page is handed its
// language's messages (ICU, @handoff/core/catalogues) with the notice (getNotice) or the closed link's
// state (getLinkState), so it carries no catalogue but English, which it speaks until one of them answers.
import { en } from '@handoff/core/catalogues/en';
import {
  type ClientLanguage,
  type MessageKey,
  type Translate,
  translator,
} from '@handoff/core/client-language';

type ReviewKey = Extract<MessageKey, `review.${string}`>;
/** A review page message by its id: `review.{id}` in the catalogues. */
export type MessageId = ReviewKey extends `review.${infer Id}` ? Id : never;

let current: Translate = translator('en', en);

/** From now on the page speaks `language` (its `lang` too), with the messages the server handed it. */
export function speak(language: ClientLanguage, messages: Readonly<Record<string, string>>): void {
  current = translator(language, messages);
  document.documentElement.lang = language;
}

/** The page's translator as it stands: for the notice's lines the e-mail shares (@handoff/core/notice-mail). */
export const translate: Translate = (key, values) => current(key, values);

/**
 * The message `id` in the page's language, formatted with `values` (dates as Date, counts as numbers). A
 * date is one unit ("29 December 2026 at 08:53" never splits across lines): its spaces do not break.
 */
export function say(id: MessageId, values?: Record<string, string | number | Date>): string {
  let text = current(`review.${id}` as ReviewKey, values);
  for (const value of Object.values(values ?? {})) {
    if (!(value instanceof Date)) continue;
    const date = current('review.when', { date: value });
    text = text.replace(date, date.replace(/\s/g, '\u00a0'));
  }
  return text;
}
