import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// A project's `Group stories by`: 'nothing' (one flat list, as before), 'epic' or 'type'. The kept review
// status entries are marked stale, so the next read builds them again with each story's epic and type.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('group_by', 'text', (column) =>
      column.notNull().defaultTo('nothing').check(sql`group_by in ('nothing', 'epic', 'type')`),
    )
    .execute();
  await sql`insert into story_status_stale (project_id, issue_key)
    select project_id, issue_key from story_statuses`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('projects').dropColumn('group_by').execute();
}
