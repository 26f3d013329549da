// A verdict's comment in Jira wiki markup (Data Center's comment format,
// https://jira.atlassian.com/secure/WikiRendererHelpAction.jspa?section=all). The client's words go into a
// {noformat} block, where Jira renders nothing as markup (no mentions, links, images, macros or
// formatting); a `{noformat}` inside them is broken up so it cannot end the block.
import {
  commentLines,
  inAnswerTo,
  reviewedBy,
  type VerdictComment,
  verdictHeadline,
  verdictMarker,
} from '../tracker.ts';

/** Characters Jira's wiki renderer treats as markup, escaped with a backslash in text of our own. */
const WIKI_SPECIAL = /[-#*_+?^~|%{}[\]()!@\\]/g;

/** Text shown as itself in running wiki markup. */
function escapeWikiText(text: string): string {
  return text.replace(WIKI_SPECIAL, (ch) => `\\${ch}`);
}

/** The client's lines for a {noformat} block: nothing in them can close it. */
function inert(line: string): string {
  // A zero-width space after the brace: the text reads the same, but is no macro name.
  return line.replace(/\{(\s*noformat)/gi, '{\u200b$1');
}

export function verdictWiki(verdict: VerdictComment): string {
  const lines = [`*${verdictHeadline(verdict.verdict)}*`];
  const said = commentLines(verdict.comment);
  if (said.length > 0) lines.push('{noformat}', ...said.map(inert), '{noformat}');
  // The client's name is theirs too: in a block of its own, it stays text.
  const name = verdict.reviewer?.replace(/\s+/g, ' ').trim();
  if (name) lines.push('{noformat}', inert(reviewedBy(name)), '{noformat}');
  lines.push(escapeWikiText(inAnswerTo(verdict.sentAt, verdict.subject)), `_${verdictMarker(verdict.id)}_`);
  return lines.join('\n');
}
