// Backup and restore of the embedded database (PGlite) and the generated secrets, as one file.
// `npm run backup -- FILE` / `npm run restore -- FILE` (DATA_DIR as for the server; the server must be
// stopped: PGlite has one user at a time, and the data-directory lock enforces it). PostgreSQL
// deployments use pg_dump instead (README, "Backups").
//
// The file: a first line `HANDOFF-BACKUP 1`, a second line of JSON (when it was made, the contents of
// secrets.json if any), then PGlite's own data-directory dump (a gzip'd tarball, PGlite.dumpDataDir),
// which PGlite loads into a new directory with `loadDataDir`.
import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createDataDir, lockDataDir } from './data-dir-lock.ts';

const MAGIC = 'HANDOFF-BACKUP 1';

interface BackupHeader {
  createdAt: string;
  /** DATA_DIR/secrets.json as it was (the generated SECRET_KEY decrypts the stored Jira tokens). */
  secrets: string | null;
}

/** Writes DATA_DIR's database and secrets to `file`. */
export async function backupDataDir(dataDir: string, file: string): Promise<void> {
  const pgliteDir = path.join(dataDir, 'pglite');
  if (!existsSync(pgliteDir)) throw new Error(`There is no embedded database in ${dataDir} to back up.`);
  const unlock = await lockDataDir(dataDir);
  try {
    const db = await PGlite.create({ dataDir: pgliteDir });
    const dump = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
    await db.close();
    const secretsFile = path.join(dataDir, 'secrets.json');
    const header: BackupHeader = {
      createdAt: new Date().toISOString(),
      secrets: existsSync(secretsFile) ? await readFile(secretsFile, 'utf8') : null,
    };
    await writeFile(file, Buffer.concat([Buffer.from(`${MAGIC}\n${JSON.stringify(header)}\n`), dump]), {
      mode: 0o600,
    });
  } finally {
    await unlock();
  }
}

/** Restores a backup into `dataDir`, which must be empty or not exist yet. */
export async function restoreDataDir(file: string, dataDir: string): Promise<void> {
  const content = await readFile(file);
  const firstBreak = content.indexOf(0x0a);
  const secondBreak = content.indexOf(0x0a, firstBreak + 1);
  if (content.subarray(0, firstBreak).toString() !== MAGIC || secondBreak < 0) {
    throw new Error(`${file} is not a Handoff backup.`);
  }
  const header = JSON.parse(content.subarray(firstBreak + 1, secondBreak).toString()) as BackupHeader;
  if (existsSync(dataDir) && (await readdir(dataDir)).length > 0) {
    throw new Error(`${dataDir} is not empty: restore into an empty DATA_DIR.`);
  }
  await createDataDir(dataDir);
  const unlock = await lockDataDir(dataDir);
  try {
    if (header.secrets !== null) {
      await writeFile(path.join(dataDir, 'secrets.json'), header.secrets, { mode: 0o600, flag: 'wx' });
    }
    const dump = new Blob([content.subarray(secondBreak + 1)]);
    const db = await PGlite.create({ dataDir: path.join(dataDir, 'pglite'), loadDataDir: dump });
    await db.close();
  } finally {
    await unlock();
  }
}
