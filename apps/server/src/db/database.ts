import { Kysely, Migrator, PostgresDialect } from 'kysely';
import pg from 'pg';
import { migrations } from './migrations/index.ts';
import { openPGlite } from './pglite-open.ts';
import { PGlitePool } from './pglite-pool.ts';
import { PreparedStatementPool } from './prepared-pool.ts';
import { cacheReadsOf } from './read-cache.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

/** How often the embedded database checks whether it needs a VACUUM, and after how many writes it does. */
const PGLITE_VACUUM = { intervalMs: 10 * 60_000, afterWrites: 2_000 };

export type DatabaseTarget =
  /** A PostgreSQL server. */
  | { kind: 'postgres'; url: string }
  /**
   * Embedded PGlite: in a directory, or in memory when `dataDir` is omitted, then starting from
   * `loadDataDir` (a data directory PGlite dumped) when given.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/**
 * Opens the database and brings its schema up to date; the same queries run on either kind.
 * `onIdleError` hears about idle PostgreSQL connections that broke (a server restart, an
 * administrator ending them): the pool drops such a connection and opens a new one when needed, so
 * this is news, not a failure. On PGlite it hears about a regular VACUUM that failed (tried again later).
 */
export async function openDatabase(
  target: DatabaseTarget,
  onIdleError: (error: Error) => void = () => {},
): Promise<Db> {
  const pool =
    target.kind === 'postgres'
      ? new PreparedStatementPool(
          new pg.Pool({ connectionString: target.url, max: 10 }).on('error', onIdleError),
        )
      : new PGlitePool(await openPGlite(target.dataDir, target.loadDataDir));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  if (pool instanceof PGlitePool) {
    // Only this process writes to PGlite (the data-directory lock), so its answers can be reused.
    cacheReadsOf(db, pool);
    pool.vacuumRegularly(PGLITE_VACUUM.intervalMs, PGLITE_VACUUM.afterWrites, onIdleError);
  }
  try {
    await migrate(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/** Brings the schema up to date: the migrations not yet applied, in order. */
export async function migrate(db: Kysely<Database>): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`.trim());
  }
}
