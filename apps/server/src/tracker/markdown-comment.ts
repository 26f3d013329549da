// A verdict's comment in Markdown (GitHub-flavoured Markdown, https://github.github.com/gfm/, which Linear
// renders too), shared by the Markdown trackers' adapters. Nothing the client typed becomes active: their
// comment goes into a fenced code block whose fence is longer than any run of backticks in it (so no line
// of it can close the block, https://github.github.com/gfm/#fenced-code-blocks), and their name and the
// notice's subject into code spans built the same way; inside either, no @mention, link, image, HTML or
// formatting is rendered.
import {
  commentLines,
  dateOf,
  reviewedBy,
  type VerdictComment,
  verdictHeadline,
  verdictMarker,
} from './tracker.ts';

/** The longest run of backticks in the text. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/** One line of text as an inline code span (https://github.github.com/gfm/#code-spans). */
export function markdownCodeSpan(text: string): string {
  const line = text.replace(/[\r\n\u2028\u2029]+/g, ' ');
  const fence = '`'.repeat(longestBacktickRun(line) + 1);
  // A space on each side keeps a backtick at either end from joining the fence (the spaces are stripped).
  return `${fence} ${line} ${fence}`;
}

/** Lines of text as a fenced code block that nothing in them can close. */
export function markdownCodeBlock(lines: readonly string[]): string {
  const body = lines.join('\n');
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(body) + 1));
  return `${fence}text\n${body}\n${fence}`;
}

/** The Markdown comment of a verdict: the verdict, who gave it, their comment, and the notice it answers. */
export function verdictMarkdown(verdict: VerdictComment): string {
  const blocks = [`**${verdictHeadline(verdict.verdict)}**`];
  if (verdict.reviewer) {
    // reviewedBy's words, with the name as a code span.
    blocks.push(`${reviewedBy('').trimEnd()} ${markdownCodeSpan(verdict.reviewer)}`);
  }
  const lines = commentLines(verdict.comment);
  if (lines.length > 0) blocks.push(markdownCodeBlock(lines));
  blocks.push(
    `In answer to the notice of ${dateOf(verdict.sentAt)}${verdict.subject ? `: ${markdownCodeSpan(verdict.subject)}` : ''}.`,
  );
  blocks.push(`_${verdictMarker(verdict.id)}_`);
  return blocks.join('\n\n');
}
