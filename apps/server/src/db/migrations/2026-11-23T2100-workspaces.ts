import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// Projects move from a person to a workspace. Every existing account gets a workspace of its own,
// with the same id as the user (so the move needs no lookup table), owning the account's projects.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('owner', 'member')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('workspace_members_pkey', ['workspace_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('workspace_members_user_id')
    .on('workspace_members')
    .column('user_id')
    .execute();

  // Invitations by e-mail: the token is stored hashed, valid until expires_at, used once.
  await db.schema
    .createTable('workspace_invites')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('used_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('workspace_invites_workspace_id')
    .on('workspace_invites')
    .column('workspace_id')
    .execute();

  // The workspace the spec's calls (which name none) act in; set by the Workspace switch and by joining.
  await db.schema
    .alterTable('users')
    .addColumn('current_workspace_id', 'uuid', (c) => c.references('workspaces.id').onDelete('set null'))
    .execute();

  await sql`insert into workspaces (id, name, created_at) select id, email, created_at from users`.execute(
    db,
  );
  await sql`insert into workspace_members (workspace_id, user_id, role, created_at)
    select id, id, 'owner', created_at from users`.execute(db);
  await sql`update users set current_workspace_id = id`.execute(db);

  await db.schema
    .alterTable('projects')
    .addColumn('workspace_id', 'uuid', (c) => c.references('workspaces.id').onDelete('cascade'))
    // Whose Jira token auto-send uses: the member who switched it on.
    .addColumn('autosend_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`update projects set workspace_id = user_id, autosend_user_id = case when autosend then user_id end`.execute(
    db,
  );
  await db.schema
    .alterTable('projects')
    .alterColumn('workspace_id', (c) => c.setNotNull())
    .execute();
  await db.schema.alterTable('projects').dropConstraint('projects_user_id_project_key').execute();
  await db.schema
    .alterTable('projects')
    .addUniqueConstraint('projects_workspace_id_project_key', ['workspace_id', 'project_key'])
    .execute();

  // Who sent each e-mail of stories (null for auto-send).
  await db.schema
    .alterTable('sends')
    .addColumn('sent_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`update sends set sent_by_user_id = projects.user_id from projects
    where projects.id = sends.project_id and sends.trigger = 'manual'`.execute(db);

  // The project list is the workspace's now, so its version (see 2026-11-23T1900) moves from the user
  // to the workspace: any member's write changes what every member's list shows.
  await db.schema
    .alterTable('workspaces')
    .addColumn('projects_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    create or replace function bump_projects_version_of_project() returns trigger language plpgsql as $$
    begin
      update workspaces set projects_version = projects_version + 1
        where id in (new.workspace_id, old.workspace_id);
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function bump_projects_version_of_send() returns trigger language plpgsql as $$
    begin
      update workspaces set projects_version = projects_version + 1
        where id in (select workspace_id from projects where id in (new.project_id, old.project_id));
      return null;
    end $$`.execute(db);
  await db.schema.alterTable('users').dropColumn('projects_version').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('projects_version', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    create or replace function bump_projects_version_of_project() returns trigger language plpgsql as $$
    begin
      update users set projects_version = projects_version + 1
        where id in (new.user_id, old.user_id);
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function bump_projects_version_of_send() returns trigger language plpgsql as $$
    begin
      update users set projects_version = projects_version + 1
        where id in (select user_id from projects where id in (new.project_id, old.project_id));
      return null;
    end $$`.execute(db);
  await db.schema.alterTable('sends').dropColumn('sent_by_user_id').execute();
  await db.schema.alterTable('projects').dropConstraint('projects_workspace_id_project_key').execute();
  await db.schema
    .alterTable('projects')
    .addUniqueConstraint('projects_user_id_project_key', ['user_id', 'project_key'])
    .execute();
  await db.schema.alterTable('projects').dropColumn('workspace_id').dropColumn('autosend_user_id').execute();
  await db.schema.alterTable('users').dropColumn('current_workspace_id').execute();
  await db.schema.dropTable('workspace_invites').execute();
  await db.schema.dropTable('workspace_members').execute();
  await db.schema.dropTable('workspaces').execute();
}
