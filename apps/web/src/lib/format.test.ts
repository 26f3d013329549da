import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatRelative,
  formatRunTime,
  formatRunTimeFromNow,
  formatShortDate,
  formatShortDateTime,
} from './format';

describe('relative times beside absolute ones', () => {
  const now = new Date('2026-03-12T06:43:00');
  const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();

  it('says how far a time is, in minutes, hours or days', () => {
    expect(formatRelative(at(14), now)).toBe('in 14 min');
    expect(formatRelative(at(-5), now)).toBe('5 min ago');
    expect(formatRelative(at(0.2), now)).toBe('in less than a minute');
    expect(formatRelative(at(-180), now)).toBe('3 h ago');
    expect(formatRelative(at(3 * 24 * 60), now)).toBe('in 3 days');
    expect(formatRelative(null, now)).toBe('');
    expect(formatRelative('not a time', now)).toBe('');
  });

  it('puts it after the run time, e.g. "06:57 (in 14 min)"', () => {
    expect(formatRunTimeFromNow(at(14), now)).toBe(`${formatRunTime(at(14), now)} (in 14 min)`);
    expect(formatRunTimeFromNow(null, now)).toBe('');
  });
});

describe('the one short date of staff screens', () => {
  const now = new Date('2026-11-29T09:00:00');

  it('writes "29 Nov, 08:53": day, short month, 24-hour time, whatever the locale', () => {
    expect(formatShortDateTime(new Date('2026-11-29T08:53:00').toISOString(), now)).toBe('29 Nov, 08:53');
    expect(formatShortDateTime(new Date('2026-09-06T17:05:00').toISOString(), now)).toBe('6 Sep, 17:05');
    expect(formatShortDate(new Date('2026-12-06T10:00:00').toISOString(), now)).toBe('6 Dec');
  });

  it('adds the year of another year, and gives the full date for the tooltip', () => {
    expect(formatShortDateTime(new Date('2025-03-12T14:05:00').toISOString(), now)).toBe(
      '12 Mar 2025, 14:05',
    );
    expect(formatShortDate(new Date('2025-03-12T14:05:00').toISOString(), now)).toBe('12 Mar 2025');
    expect(formatDateTime(new Date('2026-11-29T08:53:00').toISOString())).toBe('29 November 2026, 08:53');
  });

  it('shows a run time today as its time alone', () => {
    expect(formatRunTime(new Date('2026-11-29T14:05:00').toISOString(), now)).toBe('14:05');
    expect(formatRunTime(new Date('2026-11-30T06:57:00').toISOString(), now)).toBe('30 Nov, 06:57');
    expect(formatShortDate('not a date', now)).toBe('');
  });
});
