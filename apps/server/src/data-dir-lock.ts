import { mkdir } from 'node:fs/promises';
import lockfile from 'proper-lockfile';

/**
 * PGlite has no cross-process locking: two servers on one directory would silently lose writes.
 * Holds a lock on the directory for this process's lifetime; a second process is refused.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
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
