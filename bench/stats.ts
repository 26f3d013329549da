/** Summary statistics shared by the benchmarks. */

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value below which the fraction `p` of the values lie (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** Milliseconds of each of `runs` awaited calls, after `warmups` untimed ones. */
export async function sampleAsync(
  run: () => Promise<unknown>,
  { runs, warmups }: { runs: number; warmups: number },
): Promise<number[]> {
  for (let i = 0; i < warmups; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}
