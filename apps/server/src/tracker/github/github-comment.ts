// A verdict's comment in GitHub Flavored Markdown (https://github.github.com/gfm/). The client's words, and
// the name they gave, go into fenced code blocks whose fence is longer than any backtick run in them, so
// nothing in them can end the block, and GitHub renders nothing inside as markup: no @mention, link,
// image, HTML or formatting. Text of our own is escaped.
import { commentLines, dateOf, reviewedBy, type VerdictComment, verdictMarker } from '../tracker.ts';

/** Characters GFM treats as markup, escaped with a backslash in text of our own. */
const MARKDOWN_SPECIAL = /[\\`*_{}[\]()#+\-.!<>|~@:]/g;

function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_SPECIAL, (ch) => `\\${ch}`);
}

/** Lines as a fenced code block that nothing in them can close. */
export function fencedBlock(lines: readonly string[]): string[] {
  const longestRun = Math.max(
    0,
    ...lines.map((line) => Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length))),
  );
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  return [fence, ...lines, fence];
}

export function verdictMarkdown(verdict: VerdictComment): string {
  const lines = [`**Client review: ${verdict.verdict === 'passed' ? 'Passed' : 'Failed'}**`, ''];
  const said = commentLines(verdict.comment);
  if (said.length > 0) lines.push(...fencedBlock(said), '');
  const name = verdict.reviewer?.replace(/\s+/g, ' ').trim();
  if (name) lines.push(...fencedBlock([reviewedBy(name)]), '');
  lines.push(
    escapeMarkdown(
      `In answer to the notice of ${dateOf(verdict.sentAt)}${verdict.subject ? `: “${verdict.subject}”` : ''}.`,
    ),
    '',
    `_${verdictMarker(verdict.id)}_`,
  );
  return lines.join('\n');
}
