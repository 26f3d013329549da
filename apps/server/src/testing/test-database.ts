import { randomBytes } from 'node:crypto';
import { type Db, openDatabase } from '../db/database.ts';
import { pgliteTemplate } from './pglite-template.ts';
import { databaseUrl, postgresTemplate, withAdmin } from './postgres-template.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory (a copy of the run's template,
 * see pglite-template.ts), or, when TEST_DATABASE_URL
 * points at a PostgreSQL server, a new database created there (a copy of the run's migrated template,
 * see postgres-template.ts) and dropped afterwards.
 */
export async function createTestDatabase(): Promise<{
  db: Db;
  url: string | undefined;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const db = await openDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplate('migrated') });
    return { db, url: undefined, drop: () => db.destroy() };
  }
  const name = `handoff_test_${randomBytes(6).toString('hex')}`;
  const template = postgresTemplate();
  await withAdmin(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  const url = databaseUrl(serverUrl, name);
  const db = await openDatabase({ kind: 'postgres', url });
  return {
    db,
    url,
    drop: async () => {
      await db.destroy();
      await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
