import { describe, expect, it } from 'vitest';
import { ManualClock } from '../testing/manual-clock.ts';
import { startScheduler } from './scheduler.ts';

describe('the auto-send scheduler', () => {
  it('runs a round at once and then every interval, reporting when the next one starts', async () => {
    const clock = new ManualClock();
    const rounds: string[] = [];
    const scheduler = startScheduler({
      intervalMs: 60_000,
      clock,
      round: async (now) => {
        rounds.push(now.toISOString());
      },
      onError: () => {},
    });
    await clock.advance(0);
    expect(rounds).toEqual(['2026-11-22T09:00:00.000Z']);
    expect(scheduler.nextRunAt()?.toISOString()).toBe('2026-11-22T09:01:00.000Z');
    await clock.advance(59_999);
    expect(rounds).toHaveLength(1);
    await clock.advance(1);
    await clock.advance(60_000);
    expect(rounds).toEqual([
      '2026-11-22T09:00:00.000Z',
      '2026-11-22T09:01:00.000Z',
      '2026-11-22T09:02:00.000Z',
    ]);
    await scheduler.stop();
    await clock.advance(600_000);
    expect(rounds).toHaveLength(3);
    expect(scheduler.nextRunAt()).toBeNull();
  });

  it('keeps going after a round that throws, and reports the error', async () => {
    const clock = new ManualClock();
    const errors: unknown[] = [];
    let calls = 0;
    const scheduler = startScheduler({
      intervalMs: 1_000,
      clock,
      round: async () => {
        calls += 1;
        if (calls === 1) throw new Error('tracker down');
      },
      onError: (error) => errors.push(error),
    });
    await clock.advance(1_000);
    expect(calls).toBe(2);
    expect(String(errors[0])).toMatch(/tracker down/);
    await scheduler.stop();
  });
});
