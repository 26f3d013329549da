/** Time as the scheduler sees it; tests pass a clock they move by hand. */
export interface Clock {
  now(): Date;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  setTimeout: (callback, ms) => {
    const timer = setTimeout(callback, ms);
    timer.unref();
    return timer;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface Scheduler {
  /** When the next round starts, or null once stopped. */
  nextRunAt(): Date | null;
  /** Stops the timer and waits for a round in progress to finish. */
  stop(): Promise<void>;
}

/**
 * Runs `round` now and then every `intervalMs`, never two rounds at once. A round that throws is
 * reported and the schedule goes on.
 */
export function startScheduler(options: {
  intervalMs: number;
  clock: Clock;
  round: (now: Date) => Promise<unknown>;
  onError: (error: unknown) => void;
}): Scheduler {
  const { intervalMs, clock, round, onError } = options;
  let stopped = false;
  let timer: unknown;
  let next: Date | null = clock.now();
  let running: Promise<void> = Promise.resolve();

  const tick = () => {
    running = (async () => {
      try {
        await round(clock.now());
      } catch (error) {
        onError(error);
      }
      if (stopped) return;
      next = new Date(clock.now().getTime() + intervalMs);
      timer = clock.setTimeout(tick, intervalMs);
    })();
  };
  timer = clock.setTimeout(tick, 0);

  return {
    nextRunAt: () => (stopped ? null : next),
    stop: async () => {
      stopped = true;
      next = null;
      clock.clearTimeout(timer);
      await running;
    },
  };
}
