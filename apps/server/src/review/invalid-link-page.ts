// The page of every unknown, expired or revoked review link, in the client's language: the notice's when
// Handoff knows the link, else the first of the browser's languages (Accept-Language) it has a catalogue for.
import { CATALOGUES } from '@handoff/core/catalogues/index';
import { CLIENT_LANGUAGES, type ClientLanguage } from '@handoff/core/client-language';
import { escapeHtml } from '@handoff/core/notice-mail';

/**
 * The page in each language: that sentence and nothing else, styled by the review page's own stylesheets
 * (the links the built review.html names; no inline style, for the strict CSP).
 */
export function invalidLinkPages(reviewHtml: string | null): ReadonlyMap<ClientLanguage, string> {
  const stylesheets = (reviewHtml?.match(/<link\b[^>]*\brel="stylesheet"[^>]*>/g) ?? []).join('');
  return new Map(
    CLIENT_LANGUAGES.map((language) => {
      const sentence = escapeHtml(CATALOGUES[language]['review.linkInvalid']);
      return [
        language,
        `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${sentence}</title>${stylesheets}</head><body><main class="review review--invalid"><h1 class="review__title">${sentence}</h1></main></body></html>`,
      ];
    }),
  );
}

/** The client language a browser asks for first, by q-value (`de-CH` counts as `de`); English when none. */
export function acceptedLanguage(header: string | undefined): ClientLanguage {
  const asked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = Number(
        params
          .find((param) => param.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { language: tag.split('-')[0], q: Number.isFinite(q) ? q : 0 };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q);
  const found = asked.find((entry) => (CLIENT_LANGUAGES as readonly unknown[]).includes(entry.language));
  return (found?.language as ClientLanguage | undefined) ?? 'en';
}
