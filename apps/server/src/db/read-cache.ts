import { LRUCache } from 'lru-cache';

/** Counts the statements that may have changed data; see PGlitePool. */
export interface WriteClock {
  /** Changes whenever a statement other than a plain SELECT has run. */
  generation(): number;
}

interface Entry {
  /** The write clock's generation, or the version the database reported, when the read began. */
  version: string;
  answer: Promise<unknown>;
}

interface Cache {
  /** Set where only this process writes to the database (embedded PGlite). */
  clock?: WriteClock;
  // A few MB: a user's project list is about 20 kB for 50 projects.
  entries: LRUCache<string, Entry>;
}

const caches = new WeakMap<object, Cache>();

function cacheOf(db: object): Cache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new LRUCache<string, Entry>({ max: 500 }) };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Lets reads of a database that only this process writes to (embedded PGlite: a lock file keeps other
 * processes off its directory, and every statement passes through its pool) be checked against the
 * pool's write clock instead of the database.
 */
export function cacheReadsOf(db: object, clock: WriteClock): void {
  cacheOf(db).clock = clock;
}

/**
 * A read whose answer (JSON text) is reused while it is current. Where only this process writes, it is
 * current until any statement that may write has run; elsewhere (PostgreSQL, shared by processes) while
 * `version()` (one cheap read of a version the database keeps with the data) is unchanged. Callers
 * asking for the same key at the same version share one read. An answer is never older than the version
 * it is kept under: the version is taken before the read begins.
 */
export async function cachedRead(
  db: object,
  key: string,
  read: () => Promise<string>,
  version: () => Promise<string>,
): Promise<string> {
  const { clock } = cacheOf(db);
  return reuse(db, key, read, clock ? String(clock.generation()) : await version());
}

/**
 * A read reused only where this process is the only writer (embedded PGlite), until any statement that
 * may write has run; elsewhere it is read every time. For what must be current on the very next call in
 * every process (a member's admission), where the database keeps no version to check cheaply.
 */
export async function cachedValue<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  const { clock } = cacheOf(db);
  return clock ? reuse(db, key, read, String(clock.generation())) : read();
}

function reuse<T>(db: object, key: string, read: () => Promise<T>, current: string): Promise<T> {
  const cache = cacheOf(db);
  const { clock } = cache;
  const known = cache.entries.get(key);
  if (known && known.version === current) return known.answer as Promise<T>;
  const answer = read();
  const forget = () => {
    if (cache.entries.peek(key)?.answer === answer) cache.entries.delete(key);
  };
  cache.entries.set(key, { version: current, answer });
  answer.then(
    // Written to while it was read (this process's clock moved): right for this caller, not worth keeping.
    () => {
      if (clock && String(clock.generation()) !== current) forget();
    },
    forget,
  );
  return answer;
}
