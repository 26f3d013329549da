import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../db/database.ts';

/**
 * On PostgreSQL (TEST_DATABASE_URL), every server test file gets a database of its own. Migrating each
 * takes a second or more; the run migrates one template database once, here (Vitest's globalSetup), and
 * each test file's database is created as a copy of it (CREATE DATABASE … TEMPLATE, see
 * https://www.postgresql.org/docs/current/manage-ag-templatedbs.html). Its name reaches the test
 * processes in their environment.
 */
const TEMPLATE_NAME = 'HANDOFF_TEST_PG_TEMPLATE';

export default async function makePostgresTemplate(): Promise<(() => Promise<void>) | undefined> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return undefined;
  const name = `handoff_template_${randomBytes(6).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  // Opening the database migrates it; closing it leaves no connection, which a template must not have.
  const db = await openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) });
  await db.destroy();
  process.env[TEMPLATE_NAME] = name;
  return async () => {
    await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  };
}

/** The migrated database to copy, or undefined outside a test run with TEST_DATABASE_URL. */
export function postgresTemplate(): string | undefined {
  return process.env[TEMPLATE_NAME];
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}
