import pino from 'pino';

/** Log lines wait at most this long for others to share a write. */
const LOG_FLUSH_MS = 1_000;
/** A write carries at least this many bytes of lines (about 35 request lines), unless LOG_FLUSH_MS passed first. */
const LOG_BATCH_BYTES = 8 * 1024;

/**
 * Standard output for the server's log, written in batches: pino's default writes every line on its own
 * through the thread pool, and at one info line per request that cost a sixth of a simple call's
 * throughput (bench/load.bench.ts). Lines are held until 8 kB are waiting or a second has passed; on
 * exit, including after an uncaught error, pino writes what is held (https://getpino.io/#/docs/asynchronous).
 */
export function batchedStdout(): { stream: pino.DestinationStream; close: () => void } {
  const stream = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES });
  const timer = setInterval(() => stream.flush(), LOG_FLUSH_MS).unref();
  return {
    stream,
    close() {
      clearInterval(timer);
      stream.flushSync();
    },
  };
}
