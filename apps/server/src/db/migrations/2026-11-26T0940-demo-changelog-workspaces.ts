import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// The demo tracker's changelog is kept per workspace, like its statuses: each workspace sees only the
// status changes made in it. Changes recorded before belonged to nobody in particular and are dropped
// (as the statuses they led to were).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from demo_tracker_status_changes`.execute(db);
  await sql`drop index demo_tracker_status_changes_issue`.execute(db);
  await sql`
    alter table demo_tracker_status_changes
      add column workspace_id uuid not null references workspaces(id) on delete cascade`.execute(db);
  await sql`
    create index demo_tracker_status_changes_issue
      on demo_tracker_status_changes (workspace_id, issue_key, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index demo_tracker_status_changes_issue`.execute(db);
  await sql`alter table demo_tracker_status_changes drop column workspace_id`.execute(db);
  await sql`create index demo_tracker_status_changes_issue on demo_tracker_status_changes (issue_key, id)`.execute(
    db,
  );
}
