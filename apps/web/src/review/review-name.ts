// The reviewer's name on the client's review page: the `Your name` box, and the name this browser remembers
// for the next notice (local storage; asked again when storage is off).
import { say } from './review-messages';
import { el } from './review-view';

/** Where the browser remembers the reviewer's name for the next notice. */
export const REVIEWER_STORAGE_KEY = 'handoff.reviewer';

/** The reviewer's name this browser remembers ('' when none, or when storage is off). */
function rememberedName(): string {
  try {
    return window.localStorage.getItem(REVIEWER_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberName(name: string): void {
  try {
    window.localStorage.setItem(REVIEWER_STORAGE_KEY, name);
  } catch {
    // Storage off: the name is asked again next time.
  }
}

/** The `Your name` box, holding the name this browser remembers, and why it is asked. */
export function reviewerNameField(): { field: HTMLElement; input: HTMLInputElement } {
  const field = el('div', 'review__name');
  const input = el('input');
  input.id = 'reviewer-name';
  input.type = 'text';
  input.name = 'reviewer';
  input.required = true;
  input.maxLength = 200;
  input.autocomplete = 'name';
  input.value = rememberedName();
  const label = el('label', 'review__name-label', say('yourName'));
  label.htmlFor = input.id;
  const hint = el('p', 'review__name-hint', say('nameHint'));
  hint.id = 'reviewer-name-hint';
  input.setAttribute('aria-describedby', hint.id);
  field.append(label, hint, input);
  return { field, input };
}
