import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// The review status entries gain `lastVerdict`, the client's latest answer to a story in any of its notices (a
// story that failed counts as Failed while its re-test waits): the kept entries are marked stale, so the next
// read builds them again with it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into story_status_stale (project_id, issue_key)
    select project_id, issue_key from story_statuses`.execute(db);
}

export async function down(): Promise<void> {}
