import { describe, expect, it } from 'vitest';
import { formatRelative, formatRunTime, formatRunTimeFromNow } from './format';

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
