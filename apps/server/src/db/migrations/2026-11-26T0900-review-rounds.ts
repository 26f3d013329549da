import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// Review rounds: a story offered again for re-test (after a Failed verdict and a status change in Jira,
// or when a member asks), each offer used by exactly one send; the reviewer's name on a verdict and a
// notice's sign-off; and the demo tracker's changelog of status changes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retest_offers')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('issue_key', 'text', (c) => c.notNull())
    // 'failed': a Failed verdict and a status change since; 'asked': a member's "Offer again".
    .addColumn('reason', 'text', (c) => c.notNull().check(sql`reason in ('failed', 'asked')`))
    // The Failed verdict it answers: one offer per verdict, whatever happens to it.
    .addColumn('verdict_id', 'uuid', (c) => c.unique().references('review_verdicts.id').onDelete('cascade'))
    .addColumn('asked_by_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // The send that carried it; null while it is offered.
    .addColumn('used_by_send_id', 'uuid', (c) => c.references('sends.id').onDelete('set null'))
    .addColumn('used_at', 'timestamptz')
    .execute();
  // At most one open offer per story: the send that uses it is the only one that may carry the story.
  await sql`create unique index retest_offers_open on retest_offers (project_id, issue_key) where used_at is null`.execute(
    db,
  );

  await db.schema.alterTable('review_verdicts').addColumn('reviewer', 'text').execute();
  await db.schema
    .alterTable('review_links')
    .addColumn('signed_off_at', 'timestamptz')
    .addColumn('signed_off_by', 'text')
    // [{ key, verdict }] at the moment of the sign-off.
    .addColumn('signed_off_verdicts', 'jsonb')
    .execute();

  await db.schema
    .createTable('demo_tracker_status_changes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('issue_key', 'text', (c) => c.notNull())
    .addColumn('from_status_id', 'text', (c) => c.notNull())
    .addColumn('to_status_id', 'text', (c) => c.notNull())
    .addColumn('author_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('demo_tracker_status_changes_issue')
    .on('demo_tracker_status_changes')
    .columns(['issue_key', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_tracker_status_changes').execute();
  await db.schema
    .alterTable('review_links')
    .dropColumn('signed_off_at')
    .dropColumn('signed_off_by')
    .dropColumn('signed_off_verdicts')
    .execute();
  await db.schema.alterTable('review_verdicts').dropColumn('reviewer').execute();
  await db.schema.dropTable('retest_offers').execute();
}
