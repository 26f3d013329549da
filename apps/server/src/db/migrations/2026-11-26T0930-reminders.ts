import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// Reminders of unanswered notices: a project's interval (null: off, the setting of every project that
// existed before; new projects remind after 3 days), the project's test environment, a notice's
// answer-by date, and every reminder e-mailed (or tried) with the token of its own working link.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('reminder_days', 'numeric')
    .addColumn('test_environment', 'text')
    .execute();
  await sql`alter table projects alter column reminder_days set default 3`.execute(db);
  await db.schema.alterTable('review_links').addColumn('answer_by', 'date').execute();
  await db.schema
    .createTable('review_reminders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('link_id', 'uuid', (c) => c.notNull().references('review_links.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    // sending → sent | failed (the mail server refused: tried again next round).
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('sending', 'sent', 'failed')`))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('review_reminders_link')
    .on('review_reminders')
    .columns(['link_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('review_reminders').execute();
  await db.schema.alterTable('review_links').dropColumn('answer_by').execute();
  await db.schema.alterTable('projects').dropColumn('reminder_days').dropColumn('test_environment').execute();
}
