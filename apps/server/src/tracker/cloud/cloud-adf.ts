// What Handoff writes to and reads from Jira Cloud in Atlassian Document Format
// (https://developer.atlassian.com/cloud/jira/platform/apis/document/structure/): a verdict's comment, and a
// story's description as the draft reads it.
import type { AdfNode, Issue } from '@handoff/core';
import type { SearchIssue } from '../jira.schemas.ts';
import { commentLines, dateOf, reviewedBy, type VerdictComment, verdictMarker } from '../tracker.ts';

/** The ADF comment of a verdict: the verdict, the client's comment, and which notice it answers. */
export function verdictAdf(verdict: VerdictComment): object {
  const paragraph = (text: string, strong = false) => ({
    type: 'paragraph',
    content: [{ type: 'text', text, ...(strong ? { marks: [{ type: 'strong' }] } : {}) }],
  });
  const content: object[] = [
    paragraph(`Client review: ${verdict.verdict === 'passed' ? 'Passed' : 'Failed'}`, true),
  ];
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
  content.push(
    paragraph(
      `In answer to the notice of ${dateOf(verdict.sentAt)}${verdict.subject ? `: “${verdict.subject}”` : ''}.`,
    ),
  );
  content.push({
    type: 'paragraph',
    content: [{ type: 'text', text: verdictMarker(verdict.id), marks: [{ type: 'em' }] }],
  });
  return { type: 'doc', version: 1, content };
}

/** A Cloud search result as the product's story; description "N/A" when the story has none. */
export function cloudStory(issue: SearchIssue): Issue {
  return {
    key: issue.key,
    issueHeader: issue.fields.summary ?? '',
    description: descriptionOf(issue.fields.description),
  };
}

function descriptionOf(description: SearchIssue['fields']['description']): Issue['description'] {
  if (description === null || description === undefined) return 'N/A';
  if (typeof description === 'string') {
    // API v2-style plain text: one paragraph per line.
    const lines = description.split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
    if (lines.length === 0) return 'N/A';
    return {
      type: 'doc',
      version: 1,
      content: lines.map((line) => ({ type: 'paragraph', content: [{ type: 'text', text: line }] })),
    };
  }
  if (description.content.length === 0) return 'N/A';
  return description as AdfNode;
}
