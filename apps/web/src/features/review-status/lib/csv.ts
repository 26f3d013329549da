// The review status as CSV (RFC 4180, https://www.rfc-editor.org/rfc/rfc4180): UTF-8 with a byte order
// mark (so spreadsheets read it as UTF-8), CRLF line ends, every field quoted, quotes doubled. A cell a
// spreadsheet would read as a formula (starting with =, +, -, @, a tab or a carriage return) gets a
// leading apostrophe, so a client's comment cannot smuggle one in (OWASP "CSV Injection").
import type { StoryStatus } from '@handoff/core/api';

const HEADER = [
  'Key',
  'Summary',
  'State',
  'Reviewer',
  'Comment',
  'Answered at',
  'Rounds',
  'Last sent at',
  'Signed off',
  'Answer by',
  'Overdue',
  'Release',
];

/** One cell, neutralised and quoted. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function reviewStatusCsv(stories: readonly StoryStatus[]): string {
  const rows = stories.map((story) => [
    story.key,
    story.summary,
    story.state,
    story.reviewer ?? '',
    story.comment ?? '',
    story.answeredAt ?? '',
    String(story.rounds),
    story.lastSentAt,
    story.signedOff ? 'yes' : 'no',
    story.answerBy ?? '',
    story.overdue ? 'yes' : 'no',
    story.release ?? '',
  ]);
  return `\uFEFF${[HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
