import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// A workspace's tracker sites beside the site `default` (JIRA_BASE_URL or the demo tracker, which has no
// row): each with its kind and base URL, and each member's own credential for it, sealed. A project names
// its site (null: `default`), so one key may live on two sites; it may also choose the statuses its send
// screen offers (null: Done and Testing).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tracker_sites')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('jira-cloud', 'jira-datacenter')`))
    .addColumn('base_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('tracker_sites_workspace_id_name', ['workspace_id', 'name'])
    .execute();
  await db.schema
    .createTable('tracker_site_credentials')
    .addColumn('site_id', 'uuid', (c) => c.notNull().references('tracker_sites.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('token_encrypted', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('tracker_site_credentials_pkey', ['site_id', 'user_id'])
    .execute();
  await db.schema
    .alterTable('projects')
    .addColumn('site_id', 'uuid', (c) => c.references('tracker_sites.id'))
    .addColumn('statuses_offered', sql`text[]`)
    .execute();
  await db.schema.alterTable('projects').dropConstraint('projects_workspace_id_project_key').execute();
  // One key per site of a workspace; the site `default` (null) counts as one site.
  await sql`create unique index projects_workspace_site_key on projects
    (workspace_id, coalesce(site_id, '00000000-0000-0000-0000-000000000000'::uuid), project_key)`.execute(db);
  await sql`create index projects_site_id on projects (site_id) where site_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from projects where site_id is not null`.execute(db);
  await sql`drop index projects_site_id`.execute(db);
  await sql`drop index projects_workspace_site_key`.execute(db);
  await db.schema
    .alterTable('projects')
    .addUniqueConstraint('projects_workspace_id_project_key', ['workspace_id', 'project_key'])
    .execute();
  await db.schema.alterTable('projects').dropColumn('statuses_offered').dropColumn('site_id').execute();
  await db.schema.dropTable('tracker_site_credentials').execute();
  await db.schema.dropTable('tracker_sites').execute();
}
