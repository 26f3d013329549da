// Calls started before the component that shows their answer has mounted. When the user is loaded, the
// admin layout asks at once for what the first screen and the top bar show, in parallel, instead of one
// render and its effects later. Each answer is taken once, and only while fresh;
// otherwise the component calls again as it always did.
import type { ApiClient } from '@/lib/api-client';

/** An answer older than this is not used: the component asks again. */
const FRESH_MS = 10_000;

const started = new WeakMap<ApiClient, Map<string, { answer: Promise<unknown>; at: number }>>();

/**
 * Starts `load` now, unless a call for `key` is already waiting to be taken (a render React started again
 * asks twice); the first `prefetched(api, key, …)` within FRESH_MS gets its answer.
 */
function prefetch(api: ApiClient, key: string, load: () => Promise<unknown>): void {
  const waiting = started.get(api)?.get(key);
  if (waiting && Date.now() - waiting.at < FRESH_MS) return;
  const answer = load();
  // The component that takes it handles a failure; until then it is not an unhandled rejection.
  answer.catch(() => undefined);
  let calls = started.get(api);
  if (!calls) {
    calls = new Map();
    started.set(api, calls);
  }
  calls.set(key, { answer, at: Date.now() });
}

/** The answer prefetched under `key` (once), or a new call of `load`. */
function prefetched<T>(api: ApiClient, key: string, load: () => Promise<T>): Promise<T> {
  const calls = started.get(api);
  const entry = calls?.get(key);
  calls?.delete(key);
  return entry && Date.now() - entry.at < FRESH_MS ? (entry.answer as Promise<T>) : load();
}

/**
 * The API call `call` (named `name`, for one user or e-mail `arg`) as one that can be started early:
 * `start` asks now, `take` gets that answer once while fresh, or calls again.
 */
export function prefetchable<T>(name: string, call: (api: ApiClient, arg: string) => Promise<T>) {
  const key = (arg: string) => `${name}:${arg}`;
  return {
    start: (api: ApiClient, arg: string): void => prefetch(api, key(arg), () => call(api, arg)),
    take: (api: ApiClient, arg: string): Promise<T> => prefetched(api, key(arg), () => call(api, arg)),
  };
}
