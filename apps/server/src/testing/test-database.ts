import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { type Db, openDatabase } from '../db/database.ts';
import { pgliteTemplate } from './pglite-template.ts';

/**
 * A fresh, migrated database for one test file: PGlite in memory (a copy of the run's template,
 * see pglite-template.ts), or, when TEST_DATABASE_URL
 * points at a PostgreSQL server, a new database created there and dropped afterwards.
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
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ kind: 'postgres', url: url.toString() });
  return {
    db,
    url: url.toString(),
    drop: async () => {
      await db.destroy();
      await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
