import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import { migrate } from '../db/database.ts';
import { openPGlite } from '../db/pglite-open.ts';
import { PGlitePool } from '../db/pglite-pool.ts';
import type { Database } from '../db/schema.ts';

/**
 * A new PGlite spends seconds creating its cluster (initdb in WebAssembly) and then migrating it;
 * every server test file needs one or more. The test run does that once, here (Vitest's globalSetup,
 * see vitest.config.ts), dumps the data directories (https://pglite.dev/docs/api#dumpdatadir) to
 * files, and each test's database starts from a copy (PGlite's `loadDataDir` option).
 * The paths reach the test processes, which Vitest starts after this, in their environment.
 */
const templateFiles = {
  /** A new cluster, as PGlite.create() makes it. */
  empty: 'HANDOFF_TEST_PGLITE_EMPTY',
  /** The same with every migration applied. */
  migrated: 'HANDOFF_TEST_PGLITE_MIGRATED',
} as const;

export default async function makePGliteTemplates(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'handoff-pglite-'));
  const pglite = await openPGlite(undefined);
  const dump = async (kind: keyof typeof templateFiles) => {
    const file = path.join(dir, `${kind}.tar`);
    await writeFile(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    process.env[templateFiles[kind]] = file;
  };
  await dump('empty');
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
  try {
    await migrate(db);
    await dump('migrated');
  } finally {
    await db.destroy();
  }
  return () => rm(dir, { recursive: true, force: true });
}

const loaded = new Map<keyof typeof templateFiles, Promise<Blob | undefined>>();

/**
 * The data directory to start a test's PGlite from, or undefined outside a test run (a benchmark,
 * say), where PGlite creates its own.
 */
export function pgliteTemplate(kind: keyof typeof templateFiles): Promise<Blob | undefined> {
  let template = loaded.get(kind);
  if (!template) {
    const file = process.env[templateFiles[kind]];
    template = file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
    loaded.set(kind, template);
  }
  return template;
}
