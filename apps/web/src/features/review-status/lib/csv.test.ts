import type { StoryStatus } from '@handoff/core/api';
import { describe, expect, it } from 'vitest';
import { csvCell, reviewStatusCsv } from './csv';

const story: StoryStatus = {
  key: 'SHOP-1',
  summary: 'Pay "by" card, fast',
  state: 'failed',
  rounds: 2,
  lastSentAt: '2026-03-13T09:00:00.000Z',
  answeredAt: '2026-03-13T10:00:00.000Z',
  reviewer: 'Ann Client',
  comment: '=HYPERLINK("http://evil.example","x")\nsecond line',
  signedOff: true,
  answerBy: '2026-03-14',
  release: 'Spring',
  overdue: false,
};

describe('the review status CSV', () => {
  it('is RFC 4180 with a header row, UTF-8 with a BOM, CRLF line ends and quoted fields', () => {
    const csv = reviewStatusCsv([story]);
    expect(csv.startsWith('\uFEFF"Key","Summary","State","Reviewer","Comment","Answered at","Rounds"')).toBe(
      true,
    );
    const [, row] = csv.slice(1).split('\r\n');
    expect(row).toBe(
      '"SHOP-1","Pay ""by"" card, fast","failed","Ann Client","\'=HYPERLINK(""http://evil.example"",""x"")\nsecond line","2026-03-13T10:00:00.000Z","2","2026-03-13T09:00:00.000Z","yes","2026-03-14","no","Spring"',
    );
    expect(csv.endsWith('\r\n')).toBe(true);
  });

  it('neutralises every cell a spreadsheet would read as a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    }
    expect(csvCell('1+1')).toBe('"1+1"');
  });
});
