// The "Request for Testing" e-mail draft (docs/product.md §4 "E-mail draft"). Shared by the web (the user's draft)
// and the server (auto-send). The two choices the spec leaves open are documented in packages/core/README.md.

import { type AdfDoc, type AdfNode, adfTextPieces } from './adf.ts';
import type { Translate } from './client-language.ts';
import { type GroupBy, type Grouped, headingUnderline, storySections } from './story-groups.ts';
import { texts } from './texts.ts';

/** A user story as the product API returns it (docs/product.md §3), with its epic and type (story-groups.ts). */
export interface Issue extends Grouped {
  key: string;
  issueHeader: string;
  /** "N/A" when the story has no description, otherwise an ADF document. */
  description: 'N/A' | AdfNode;
  /** Sent before and offered again for re-test: drafted even though its key is in the sent list. */
  retest?: boolean;
  /** Its status in the tracker, when fetched by release or sprint (any status). */
  status?: string;
  /** Whether its status is one the project offers: a story not finished starts unchecked. */
  finished?: boolean;
}

export interface EmailDraft {
  /** "Request for Testing: User Stories for Review", or '' when no issue is unsent. */
  subject: string;
  /** The message body, or '' when no issue is unsent. */
  text: string;
  /**
   * The keys of the issues listed in the draft, in order, each once. After a successful send the caller
   * appends exactly these to the project's sentProjectIssuesList.
   */
  includedKeys: string[];
}

/** The words of a draft around its stories: the client's language's, or the project's own template. */
export interface DraftWording {
  subject: string;
  greeting: string;
  intro: string;
  testStepsIntro: string;
  closing: string;
  /** After the title of a story offered again for re-test. */
  retest: string;
}

/** The default draft's words in a client language (English: docs/product.md §4, word for word). */
export function draftWording(t: Translate): DraftWording {
  return {
    subject: t('draft.subject'),
    greeting: t('draft.greeting'),
    intro: t('draft.intro'),
    testStepsIntro: t('draft.testStepsIntro'),
    closing: t('draft.closing'),
    retest: t('draft.retest'),
  };
}

/** docs/product.md §4's draft, which the catalogue's English words make too (draft.test.ts checks both agree). */
const SPEC_WORDING: DraftWording = texts.draft;

const MARKER = texts.draft.testMarker.toLowerCase();

function isMarker(piece: string): boolean {
  // Pieces are already trimmed; compare case-insensitively ("#TEST#", "#Test#" …).
  return piece.length === MARKER.length && piece.toLowerCase() === MARKER;
}

/** A title on one line: line breaks (never sent by Jira, but possible in malformed data) become spaces. */
function oneLine(s: string): string {
  return s.replace(/\s*(?:\r\n|[\n\r\u2028\u2029])\s*/g, ' ').trim();
}

/** A description split at its first `#test#` piece: the text before it and the test steps after it. */
export interface SplitDescription {
  /** The pieces before the marker, one per line; '' when there are none. */
  text: string;
  /** The pieces after the marker, further markers left out; [] without a marker. */
  testSteps: string[];
}

/**
 * Splits a description's text pieces (each one trimmed line, as adfTextPieces gives them) at the first
 * "#test#" piece (case-insensitive): every tracker adapter reads its format into pieces and calls this, so
 * every tracker's stories are drafted by the same rule.
 */
export function splitAtTestMarker(pieces: readonly string[]): SplitDescription {
  const start = pieces.findIndex(isMarker);
  if (start < 0) return { text: pieces.join('\n'), testSteps: [] };
  return {
    text: pieces.slice(0, start).join('\n'),
    testSteps: pieces
      .slice(start + 1)
      .filter((piece) => !isMarker(piece))
      .map(clientStepText),
  };
}

/**
 * A link to an issue in the team's tracker, which a client has no account to open: Jira's
 * `…/browse/KEY-12` (a site's or an inline card's) and Linear's `linear.app/{team}/issue/KEY-12/{slug}`, with
 * any query or fragment; the key is group 1 or 2.
 */
const TRACKER_ISSUE_URL =
  /\b[Hh][Tt][Tt][Pp][Ss]?:\/\/(?:[^\s<>"/]+(?:\/[^\s<>"/]+)*?\/browse\/([A-Z][A-Z0-9_]*-\d+)|linear\.app\/[^\s<>"/]+\/issue\/([A-Z][A-Z0-9]*-\d+)(?:\/[\w-]*)?)(?:[?#][^\s<>"()]*[^\s<>"().,;:!?\]}'])?(?![\w/-])/g;

/**
 * A test step as the client reads it (in the e-mail and on the review page): a link to an issue of the
 * team's tracker becomes the issue's key ("see https://acme.atlassian.net/browse/SHOP-2" reads "see SHOP-2"),
 * since the client cannot open it. Mentions already read as the person's name (adfTextPieces).
 */
export function clientStepText(step: string): string {
  return step.replace(
    TRACKER_ISSUE_URL,
    (_url, jiraKey?: string, linearKey?: string) => jiraKey ?? linearKey ?? '',
  );
}

/**
 * The test steps of one description: every text piece after the first "#test#" piece (case-insensitive),
 * further "#test#" pieces left out. [] for "N/A", null, a description without the marker, or a marker with
 * nothing after it. A plain-string description (other than "N/A") is read line by line. Never throws.
 */
export function testStepsOf(description: unknown): string[] {
  if (description === texts.draft.notAvailable || description == null) return [];
  const pieces =
    typeof description === 'string'
      ? adfTextPieces({ type: 'paragraph', content: [{ type: 'text', text: description }] })
      : adfTextPieces(description);
  return splitAtTestMarker(pieces).testSteps;
}

/**
 * A story's description as the product API sends it (docs/product.md §3): "N/A" when it has no text and no
 * steps, else a rich-text document of one paragraph per line of its text, then a "#test#" paragraph and
 * one paragraph per step when it has steps, so testStepsOf reads the same steps back.
 */
export function descriptionDocument(description: SplitDescription): 'N/A' | AdfDoc {
  const paragraph = (text: string): AdfNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
  const lines = description.text.split('\n').filter((line) => line.trim() !== '');
  const steps = description.testSteps.filter((step) => step.trim() !== '');
  if (lines.length === 0 && steps.length === 0) return texts.draft.notAvailable as 'N/A';
  const content = lines.map(paragraph);
  if (steps.length > 0) content.push(paragraph(texts.draft.testMarker), ...steps.map(paragraph));
  return { type: 'doc', version: 1, content };
}

/** How a draft groups its stories: the project's `Group stories by`, and the `Other` heading in the client's language. */
export interface DraftGrouping {
  by: GroupBy;
  other: string;
}

/** A story the draft lists, as it lists it. */
interface DraftedStory extends Grouped {
  key: string;
  header: string;
  feature: string;
  description: unknown;
}

/** An epic or type as the draft trusts it: an object with a string id and name (anything else: none). */
function groupField(value: unknown): Grouped['epic'] {
  if (typeof value !== 'object' || value === null) return null;
  const { id, name, order } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof name !== 'string' || oneLine(name) === '') return null;
  return { id, name, order: typeof order === 'number' && Number.isFinite(order) ? order : 0 };
}

function toKeySet(sentKeys: unknown): Set<string> {
  const set = new Set<string>();
  if (Array.isArray(sentKeys) || sentKeys instanceof Set) {
    for (const key of sentKeys) if (typeof key === 'string') set.add(key);
  }
  return set;
}

/**
 * Drafts the "Request for Testing" e-mail (docs/product.md §4) for the issues whose key is not in `sentKeys`:
 *
 *   Dear customer,⏎⏎The following features are finished:⏎
 *   - {issueHeader}          (one line per unsent issue, joined by ⏎; "- {issueHeader} (re-test)" for a re-test)
 *   ⏎⏎Please test the following:⏎
 *   {issueHeader}:⏎- {step}⏎- {step}   (one group per unsent issue with steps; groups joined by ⏎⏎)
 *   ⏎⏎Regards,
 *
 * A missing or blank issueHeader falls back to the key. Issues without a string key, and repeats of a key
 * already listed, are skipped. When no issue is unsent, subject and text are '' (nothing to request) and
 * includedKeys is []. Never throws, whatever it is given. See packages/core/README.md for the rules.
 * `wording` puts the client's language (draftWording) or the project's template (templateWording, given the
 * number of stories listed) in place of §4's words. `grouping` lists the stories under their epic's or
 * type's heading (a line underlined with dashes, after a blank line), groups in the tracker's order, the
 * stories without one last under `Other`; the test steps follow the same order.
 */
export function draftEmail(
  issues: readonly Issue[],
  sentKeys: readonly string[] | ReadonlySet<string>,
  wording: DraftWording | ((count: number) => DraftWording) = SPEC_WORDING,
  grouping?: DraftGrouping,
): EmailDraft {
  // The words may depend on how many stories the draft lists (a template's {count}); the re-test mark does not.
  const wordingFor = typeof wording === 'function' ? wording : () => wording;
  const retestMark = wordingFor(0).retest;
  const sent = toKeySet(sentKeys);
  const listed = new Set<string>();
  const drafted: DraftedStory[] = [];
  if (Array.isArray(issues)) {
    for (const issue of issues as unknown[]) {
      if (typeof issue !== 'object' || issue === null) continue;
      const { key, issueHeader, description, retest, epic, type } = issue as Record<string, unknown>;
      if (typeof key !== 'string' || key === '' || listed.has(key)) continue;
      // A re-test is drafted again although it was sent; any other sent story is not.
      if (retest !== true && sent.has(key)) continue;
      listed.add(key); // list each key once
      const header = (typeof issueHeader === 'string' ? oneLine(issueHeader) : '') || key;
      drafted.push({
        key,
        header,
        feature: retest === true ? `${header} ${retestMark}` : header,
        description,
        ...(grouping ? { epic: groupField(epic), type: groupField(type) } : {}),
      });
    }
  }
  const sections = storySections(drafted, grouping?.by ?? 'nothing', grouping?.other ?? '');
  const includedKeys: string[] = [];
  // Built with += rather than arrays and join: V8 concatenates these ropes faster for large drafts.
  let features = '';
  let steps = '';
  for (const section of sections) {
    let lineStart = features === '';
    if (section.heading !== null) {
      const heading = oneLine(section.heading);
      // A blank line before each heading: after the intro's line too.
      features += `${features === '' ? '\n' : '\n\n'}${heading}\n${headingUnderline(heading)}\n`;
      lineStart = true;
    }
    for (const story of section.items) {
      features += lineStart ? `- ${story.feature}` : `\n- ${story.feature}`;
      lineStart = false;
      includedKeys.push(story.key);
      const issueSteps = testStepsOf(story.description);
      if (issueSteps.length === 0) continue;
      steps += steps === '' ? `${story.header}:` : `\n\n${story.header}:`;
      for (const step of issueSteps) steps += `\n- ${step}`;
    }
  }
  if (includedKeys.length === 0) return { subject: '', text: '', includedKeys };
  const words = wordingFor(includedKeys.length);
  const text = `${words.greeting}\n\n${words.intro}\n${features}\n\n${words.testStepsIntro}\n${steps}\n\n${words.closing}`;
  return { subject: words.subject, text, includedKeys };
}
