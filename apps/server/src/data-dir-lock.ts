import { chmod, mkdir } from 'node:fs/promises';
import lockfile from 'proper-lockfile';

/**
 * Creates DATA_DIR readable by its owner only (0700): it holds the database and generated secrets.
 * A directory that already exists is made private too.
 */
export async function createDataDir(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
}

/**
 * PGlite has no cross-process locking: two servers on one directory would silently lose writes.
 * Holds a lock on the directory for this process's lifetime; a second process is refused.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await createDataDir(dataDir);
  try {
    return await lockfile.lock(dataDir, {
      stale: 15_000,
      update: 5_000,
      realpath: false,
      lockfilePath: `${dataDir}/.lock`,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new Error(
        `Another Handoff server is already using the data directory ${dataDir}. Stop it, or set DATA_DIR to another directory (or DATABASE_URL to use PostgreSQL).`,
      );
    }
    throw error;
  }
}
