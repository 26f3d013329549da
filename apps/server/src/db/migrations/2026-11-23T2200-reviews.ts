import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// The client's review of a notice: one link per sent notice (its token stored only as a
// SHA-256), every verdict the client submits (history; the latest per story counts), a durable job
// queue shared by every server process, the project's optional Jira transitions, and the demo
// tracker's comments and status changes (so `npm start` can show the whole loop, across restarts).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('review_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('send_id', 'uuid', (c) => c.notNull().unique().references('sends.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    // [{ key, summary, testSteps }] as the notice listed them; null until fetched (manual sends).
    .addColumn('stories', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('review_verdicts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('link_id', 'uuid', (c) => c.notNull().references('review_links.id').onDelete('cascade'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull())
    .addColumn('issue_key', 'text', (c) => c.notNull())
    .addColumn('verdict', 'text', (c) => c.notNull().check(sql`verdict in ('passed', 'failed')`))
    .addColumn('comment', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('write_back', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql`write_back in ('pending', 'written', 'refused')`),
    )
    .addColumn('write_back_error', 'text')
    .addColumn('jira_comment_id', 'text')
    .execute();
  await db.schema
    .createIndex('review_verdicts_link_key')
    .on('review_verdicts')
    .columns(['link_id', 'issue_key', 'created_at'])
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('queued').check(sql`state in ('queued', 'running', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('jobs_open')
    .on('jobs')
    .columns(['run_after'])
    .where(sql.ref('state'), 'in', sql`('queued', 'running')`)
    .execute();

  await db.schema
    .alterTable('projects')
    .addColumn('review_on_failed', 'jsonb')
    .addColumn('review_on_passed', 'jsonb')
    .execute();

  await db.schema
    .createTable('demo_tracker_comments')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('issue_key', 'text', (c) => c.notNull())
    .addColumn('author_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('demo_tracker_comments_issue')
    .on('demo_tracker_comments')
    .columns(['issue_key', 'id'])
    .execute();
  await db.schema
    .createTable('demo_tracker_statuses')
    .addColumn('issue_key', 'text', (c) => c.primaryKey())
    .addColumn('status_id', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_tracker_statuses').execute();
  await db.schema.dropTable('demo_tracker_comments').execute();
  await db.schema
    .alterTable('projects')
    .dropColumn('review_on_failed')
    .dropColumn('review_on_passed')
    .execute();
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('review_verdicts').execute();
  await db.schema.dropTable('review_links').execute();
}
