// `npm run backup -- FILE` and `npm run restore -- FILE`: see backup.ts.
import path from 'node:path';
import { backupDataDir, restoreDataDir } from './backup.ts';
import { loadConfig } from './config.ts';

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new Error(
      'Usage: npm run backup -- FILE   or   npm run restore -- FILE   (DATA_DIR as for the server)',
    );
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README, "Backups").');
  }
  if (command === 'backup') {
    await backupDataDir(config.dataDir, path.resolve(file));
    console.log(`Backed up ${config.dataDir} to ${path.resolve(file)}.`);
  } else {
    await restoreDataDir(path.resolve(file), config.dataDir);
    console.log(`Restored ${path.resolve(file)} into ${config.dataDir}. Start the server to use it.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
