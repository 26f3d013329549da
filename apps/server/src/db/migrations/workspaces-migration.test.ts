import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlitePool } from '../pglite-pool.ts';
import type { Database } from '../schema.ts';
import { migrations } from './index.ts';

// The move of existing accounts' projects into workspaces of their own loses nothing.
let db: Kysely<Database>;
let migrator: Migrator;
beforeAll(async () => {
  db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new PGlitePool(await PGlite.create()) }),
  });
  migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.migrateTo('2026-11-23T2000-open-sends');
  expect(before.error).toBeUndefined();
});
afterAll(() => db.destroy());

describe('the workspaces migration', () => {
  it('gives every existing account a workspace of its own holding its projects and sends', async () => {
    const users = await sql<{ id: string }>`insert into users (identity_uid, email, apikey_encrypted)
      values ('uid-a', 'a@example.test', 'x'), ('uid-b', 'b@example.test', 'y') returning id`.execute(db);
    const [a, b] = users.rows.map((row) => row.id);
    const projects = await sql<{ id: string }>`insert into projects
      (user_id, project_key, project_name, client_emails, autosend, sent_issue_keys)
      values (${a}, 'SHOP', 'Shop', '{c@x.example}', true, '{SHOP-1}'),
             (${b}, 'SHOP', 'Shop too', '{d@x.example}', false, '{}') returning id`.execute(db);
    await sql`insert into sends (project_id, trigger, status, issue_keys)
      values (${projects.rows[0]?.id}, 'manual', 'sent', '{SHOP-1}')`.execute(db);

    const after = await migrator.migrateToLatest();
    expect(after.error).toBeUndefined();

    const members = await db.selectFrom('workspace_members').selectAll().orderBy('role').execute();
    expect(members.map((m) => [m.workspace_id === m.user_id, m.role]).sort()).toEqual([
      [true, 'owner'],
      [true, 'owner'],
    ]);
    // The sent list and auto-send's bookkeeping have since moved to their modules' tables (2026-11-28T2310).
    const moved = await db
      .selectFrom('projects')
      .leftJoin('sent_lists', 'sent_lists.project_id', 'projects.id')
      .leftJoin('autosend_schedules', 'autosend_schedules.project_id', 'projects.id')
      .select([
        'user_id',
        'workspace_id',
        'project_key',
        sql<boolean>`coalesce(autosend_schedules.switched_on, false)`.as('autosend'),
        'autosend_schedules.switched_on_by as autosend_user_id',
        'sent_lists.issue_keys as sent_issue_keys',
      ])
      .orderBy('project_name')
      .execute();
    expect(moved).toEqual([
      {
        user_id: a,
        workspace_id: a,
        project_key: 'SHOP',
        autosend: true,
        autosend_user_id: a,
        sent_issue_keys: ['SHOP-1'],
      },
      {
        user_id: b,
        workspace_id: b,
        project_key: 'SHOP',
        autosend: false,
        autosend_user_id: null,
        sent_issue_keys: [],
      },
    ]);
    const current = await db.selectFrom('users').select(['id', 'current_workspace_id']).execute();
    expect(current.every((user) => user.current_workspace_id === user.id)).toBe(true);
    const send = await db.selectFrom('sends').select('sent_by_user_id').executeTakeFirstOrThrow();
    expect(send.sent_by_user_id).toBe(a);
    // Named by their owner's e-mail at first, the workspaces now carry a team's name.
    const names = await db.selectFrom('workspaces').select('name').orderBy('name').execute();
    expect(names.map((row) => row.name)).toEqual(["a's team", "b's team"]);
  });
});
