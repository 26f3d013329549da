// A project's notice template (main README, "In the client's language, in the team's own words"): the subject, greeting, intro and
// closing of its notices' default draft, in the team's words, with the placeholders {project}, {release},
// {count} and {answerBy}. Unset (null), the draft is the client language's default. The text is the
// team's, not a catalogue message: only the four placeholders are read, everything else stays as typed.
import type { DraftWording } from './draft.ts';

const TEMPLATE_PLACEHOLDERS = ['project', 'release', 'count', 'answerBy'] as const;
type Placeholder = (typeof TEMPLATE_PLACEHOLDERS)[number];

export interface NoticeTemplate {
  subject: string;
  greeting: string;
  intro: string;
  closing: string;
}

export const TEMPLATE_FIELDS = ['subject', 'greeting', 'intro', 'closing'] as const;

/** What the placeholders stand for in one draft: `answerBy` already written in the client's language. */
export type TemplateValues = Record<Placeholder, string | number>;

const PLACEHOLDER = /\{([^{}\s]*)\}/g;

/** The placeholders of `text` that are none of the four, each once, in the order they appear. */
export function unknownPlaceholders(texts: readonly string[]): string[] {
  const unknown = new Set<string>();
  for (const text of texts) {
    for (const [, name = ''] of text.matchAll(PLACEHOLDER)) {
      if (!(TEMPLATE_PLACEHOLDERS as readonly string[]).includes(name)) unknown.add(`{${name}}`);
    }
  }
  return [...unknown];
}

/** The refusal of a template with unknown placeholders, naming them and the four there are. */
export function unknownPlaceholdersMessage(unknown: readonly string[]): string {
  return `${unknown.length === 1 ? 'Unknown placeholder' : 'Unknown placeholders'}: ${unknown.join(', ')}. Use {project}, {release}, {count} or {answerBy}.`;
}

/** `text` with each of the four placeholders replaced by its value; nothing else changes. */
function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    name in values ? String(values[name as Placeholder]) : whole,
  );
}

/**
 * The draft's words from the project's template (or the language's default where it has none), filled in
 * for `values`; the test-steps line and the re-test mark stay the language's.
 */
export function templateWording(
  template: NoticeTemplate | null,
  languageDefault: DraftWording,
  values: TemplateValues,
): DraftWording {
  const words = template ?? languageDefault;
  return {
    ...languageDefault,
    subject: fillTemplate(words.subject, values),
    greeting: fillTemplate(words.greeting, values),
    intro: fillTemplate(words.intro, values),
    closing: fillTemplate(words.closing, values),
  };
}
