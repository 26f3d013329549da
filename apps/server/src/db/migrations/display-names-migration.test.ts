import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlitePool } from '../pglite-pool.ts';
import type { Database } from '../schema.ts';
import { migrations } from './index.ts';

// Workspaces remember whether an owner named them: existing ones count as named unless their name is still
// a member's default "{local part}'s team".
let db: Kysely<Database>;
let migrator: Migrator;
beforeAll(async () => {
  db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new PGlitePool(await PGlite.create()) }),
  });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.migrateTo('2026-11-28T2320-group-stories-by');
  expect(before.error).toBeUndefined();
});
afterAll(() => db.destroy());

describe('the display names migration', () => {
  it('gives every user an empty name, and counts only renamed workspaces as named', async () => {
    const users = await sql<{ id: string }>`insert into users (identity_uid, email, apikey_encrypted)
      values ('uid-a', 'ann@example.test', 'x'), ('uid-b', 'bo@example.test', 'y') returning id`.execute(db);
    const [ann, bo] = users.rows.map((row) => row.id);
    const spaces = await sql<{ id: string }>`insert into workspaces (name)
      values ('ann''s team'), ('Acme Studio') returning id`.execute(db);
    const [defaulted, renamed] = spaces.rows.map((row) => row.id);
    await sql`insert into workspace_members (workspace_id, user_id, role)
      values (${defaulted}, ${ann}, 'owner'), (${renamed}, ${bo}, 'owner')`.execute(db);

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();

    const named = await db.selectFrom('workspaces').select(['name', 'named']).orderBy('name').execute();
    expect(named).toEqual([
      { name: 'Acme Studio', named: true },
      { name: "ann's team", named: false },
    ]);
    const names = await db.selectFrom('users').select(['email', 'display_name']).orderBy('email').execute();
    expect(names).toEqual([
      { email: 'ann@example.test', display_name: '' },
      { email: 'bo@example.test', display_name: '' },
    ]);
  });
});
