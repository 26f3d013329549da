import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// The release a notice is of (`Stories of: Release`, or the current sprint's name), kept with its send:
// its review page's heading, the status screen's `Release` column and the CSV read it. Every kept status
// entry is marked stale, so the next read builds it again with its release.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sends').addColumn('release_name', 'text').execute();
  await sql`insert into story_status_stale (project_id, issue_key)
            select project_id, issue_key from story_statuses`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sends').dropColumn('release_name').execute();
}
