// The page of every unknown, expired or revoked review link, in the client's language: the notice's when
// Handoff knows the link, else the first of the browser's languages (Accept-Language) it has a catalogue for.
import { CATALOGUES } from '@handoff/core/catalogues/index';
import { CLIENT_LANGUAGES, type ClientLanguage } from '@handoff/core/client-language';
import { escapeHtml } from '@handoff/core/notice-mail';

/** The review page's warning sign (review-view.ts draws the same), decorative beside the heading. */
const WARNING_ICON =
  '<svg class="review__warning-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M12 3.5 2.5 20h19L12 3.5zM12 10v4.5M12 17.2v.1"/></svg>';

/**
 * The page in each language: that sentence and whom to ask for a new link, on the card of the review
 * page's invalid-link view, styled by the review page's own stylesheets
 * (the links the built review.html names; no inline style, for the strict CSP).
 */
export function invalidLinkPages(reviewHtml: string | null): ReadonlyMap<ClientLanguage, string> {
  const stylesheets = (reviewHtml?.match(/<link\b[^>]*\brel="stylesheet"[^>]*>/g) ?? []).join('');
  return new Map(
    CLIENT_LANGUAGES.map((language) => {
      const sentence = escapeHtml(CATALOGUES[language]['review.linkInvalid']);
      const askTeam = escapeHtml(CATALOGUES[language]['review.askTeam']);
      return [
        language,
        `<!DOCTYPE html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${sentence}</title>${stylesheets}</head><body><main class="review review--invalid"><section class="review__closed"><div class="review__closed-head">${WARNING_ICON}<h1 class="review__title">${sentence}</h1></div><p class="review__note">${askTeam}</p></section></main></body></html>`,
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
