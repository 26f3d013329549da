// What Handoff writes to and reads from Jira Cloud in Atlassian Document Format
// (https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/): a verdict's comment, and a
// story's description as the draft reads it.
import { adfTextPieces } from '@handoff/core/adf';
import type { SearchIssue } from '../jira.schemas.ts';
import { jiraStory } from '../jira-stories.ts';
import {
  commentLines,
  inAnswerTo,
  reviewedBy,
  type Story,
  type VerdictComment,
  verdictHeadline,
  verdictMarker,
} from '../tracker.ts';

/** The ADF comment of a verdict: the verdict, the client's comment, and which notice it answers. */
export function verdictAdf(verdict: VerdictComment): object {
  const paragraph = (text: string, strong = false) => ({
    type: 'paragraph',
    content: [{ type: 'text', text, ...(strong ? { marks: [{ type: 'strong' }] } : {}) }],
  });
  const content: object[] = [paragraph(verdictHeadline(verdict.verdict), true)];
  if (verdict.reviewer) content.push(paragraph(reviewedBy(verdict.reviewer)));
  const lines = commentLines(verdict.comment);
  if (lines.length > 0) {
    content.push({
      type: 'paragraph',
      content: lines.flatMap((line, i) => [
        ...(i > 0 ? [{ type: 'hardBreak' }] : []),
        { type: 'text', text: line },
      ]),
    });
  }
  content.push(paragraph(inAnswerTo(verdict.sentAt, verdict.subject)));
  content.push({
    type: 'paragraph',
    content: [{ type: 'text', text: verdictMarker(verdict.id), marks: [{ type: 'em' }] }],
  });
  return { type: 'doc', version: 1, content };
}

/** A Cloud search result as the neutral story: its ADF description read into text and test steps. */
export function cloudStory(issue: SearchIssue, browseBase: string | null): Story {
  const { description } = issue.fields;
  const pieces =
    typeof description === 'string'
      ? // API v2-style plain text: one piece per line.
        description
          .split(/\r\n|\n|\r/)
          .map((line) => line.trim())
          .filter((line) => line !== '')
      : adfTextPieces(description ?? null);
  return jiraStory(issue.key, issue.fields, pieces, browseBase);
}
