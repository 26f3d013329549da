import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';

/**
 * PostgreSQL's memory settings for the embedded database. PGlite's defaults are a server's
 * (shared_buffers 128 MB, work_mem 4 MB); Handoff's data is small, and a 1 GB machine must hold the
 * whole product, so the buffer cache is 16 MB. See
 * https://www.postgresql.org/docs/current/runtime-config-resource.html
 */
const MEMORY_SETTINGS = {
  shared_buffers: '16MB',
  wal_buffers: '1MB',
  work_mem: '2MB',
  temp_buffers: '2MB',
  maintenance_work_mem: '16MB',
};

const startParams = [
  ...PGlite.defaultStartParams,
  ...Object.entries(MEMORY_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
];

const runFile = promisify(execFile);

/**
 * Opens PGlite in `dataDir`, or in memory (from the dumped data directory `loadDataDir` when given,
 * see https://pglite.dev/docs/api#options), small enough for a 1 GB machine. A new data directory is first created (initdb) in a
 * short-lived child process: initdb runs a second WebAssembly instance whose memory the process would
 * otherwise keep (about 500 MB resident after start, against about 130 MB when the directory exists).
 */
export async function openPGlite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  // PostgreSQL-in-WebAssembly is compiled by V8's baseline compiler only: the optimising tier's code
  // for it took about 40 MB more, for little speed that Handoff's few statements per request notice
  // (bench/load.bench.ts measured both). Set before PGlite compiles its module; not for the in-memory
  // databases of the tests, which run many more statements.
  if (dataDir) v8.setFlagsFromString('--liftoff-only');
  if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await initDataDir(dataDir);
  return PGlite.create(dataDir ? { dataDir, startParams } : { loadDataDir, startParams });
}

async function initDataDir(dataDir: string): Promise<void> {
  const script =
    'const { PGlite } = await import(process.argv[1]);' +
    'const db = await PGlite.create({ dataDir: process.argv[2] }); await db.close();';
  await runFile(
    process.execPath,
    ['--input-type=module', '-e', script, import.meta.resolve('@electric-sql/pglite'), dataDir],
    { timeout: 120_000 },
  );
}
