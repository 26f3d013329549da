// The reviewer's name on the client's review page, where the answers are sent: the `Your name` box, or the
// name this browser remembers from an earlier notice (local storage; asked again when storage is off).
import { say } from './review-messages';
import { around, el } from './review-view';

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

/**
 * Who answers, just above the bar where the client submits: a browser that remembers the name says
 * `Answering as {name}` with `Change name` (which opens the box); otherwise the `Your name` box, and why it
 * is asked. Nothing blocks the stories: the name is asked for when the answers are sent without one.
 * `sentWith` (the name the team has with the answers sent so far) reads as that line too on a device that
 * remembers none, so the page looks the same on a phone and a laptop. `settle` shows the name given as
 * that line once the team has it.
 */
export function reviewerNameField(sentWith: string | null = null): {
  field: HTMLElement;
  input: HTMLInputElement;
  settle: (name: string) => void;
} {
  const field = el('div', 'review__name');
  const input = el('input');
  input.id = 'reviewer-name';
  input.type = 'text';
  input.name = 'reviewer';
  input.required = true;
  input.maxLength = 200;
  input.autocomplete = 'name';
  const label = el('label', 'review__name-label', say('yourName'));
  label.htmlFor = input.id;
  const hint = el('p', 'review__name-hint', say('nameHint'));
  hint.id = 'reviewer-name-hint';
  input.setAttribute('aria-describedby', hint.id);
  const box = el('div', 'review__name-box');
  box.append(label, hint, input);
  const known = el('p', 'review__name-known');
  const change = el('button', 'review__name-change', say('changeName'));
  change.type = 'button';
  change.addEventListener('click', () => {
    known.hidden = true;
    box.hidden = false;
    input.focus();
    input.select();
  });
  const settle = (name: string) => {
    const moveFocus = document.activeElement === input;
    input.value = name;
    const who = el('strong', undefined, name);
    known.replaceChildren(...around((value) => say('answeringAs', { name: value }), who), ' ', change);
    known.hidden = false;
    box.hidden = true;
    if (moveFocus) change.focus();
  };
  field.append(known, box);
  const remembered = rememberedName() || sentWith;
  if (remembered) settle(remembered);
  else known.hidden = true;
  return { field, input, settle };
}
