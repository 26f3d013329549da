import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// The demo tracker keeps each workspace's comments and status changes to that workspace: a comment
// belongs to the workspaces of its author that hold a project of its issue's key (a story key's project
// is what comes before its last '-'), a status change is kept per workspace. Comments made before are
// given the workspaces their author's now hold; status changes made before belonged to nobody in
// particular and are dropped (the demo's issues go back to their seeded status).
const PROJECT_OF_KEY = sql.raw(`regexp_replace(c.issue_key, '-[^-]*$', '')`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table demo_tracker_comments add column workspace_ids uuid[] not null default '{}'`.execute(
    db,
  );
  await sql`
    update demo_tracker_comments c set workspace_ids = array(
      select p.workspace_id from projects p
        join workspace_members m on m.workspace_id = p.workspace_id and m.user_id = c.author_user_id
      where p.project_key = ${PROJECT_OF_KEY})`.execute(db);
  await sql`drop table demo_tracker_statuses`.execute(db);
  await sql`
    create table demo_tracker_statuses (
      workspace_id uuid not null references workspaces(id) on delete cascade,
      issue_key text not null,
      status_id text not null,
      changed_at timestamptz not null default now(),
      primary key (workspace_id, issue_key)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table demo_tracker_statuses`.execute(db);
  await sql`create table demo_tracker_statuses (issue_key text primary key, status_id text not null)`.execute(
    db,
  );
  await sql`alter table demo_tracker_comments drop column workspace_ids`.execute(db);
}
