import type { Clock } from '../autosend/scheduler.ts';

/** A clock that only moves when the test says so; timers fire as it passes them. */
export class ManualClock implements Clock {
  private time: number;
  private timers: Array<{ at: number; callback: () => void; id: number }> = [];
  private nextId = 1;

  constructor(start = new Date('2026-11-22T09:00:00Z')) {
    this.time = start.getTime();
  }

  now(): Date {
    return new Date(this.time);
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.timers.push({ at: this.time + ms, callback, id });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.timers = this.timers.filter((timer) => timer.id !== handle);
  }

  /** Moves time forward, firing each due timer in order and letting its work settle. */
  async advance(ms: number): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      await settle();
      const due = this.timers.filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((timer) => timer !== due);
      this.time = Math.max(this.time, due.at);
      due.callback();
    }
    this.time = end;
    await settle();
  }
}

/** Lets pending promise chains (database calls included) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
}
