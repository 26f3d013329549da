import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per e-mail of stories to a client, from the moment its issue keys are claimed
  // (status 'pending') until it is sent, fails, or is abandoned and its keys given back.
  await db.schema
    .createTable('sends')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('project_id', 'uuid', (c) => c.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('issue_keys', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('to_addresses', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('cc_addresses', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('subject', 'text')
    .addColumn('text_body', 'text')
    .addColumn('attachment_name', 'text')
    .addColumn('attachment_size', 'integer')
    .addColumn('delivered', 'boolean')
    .addColumn('mail_message_id', 'uuid', (c) => c.references('mail_messages.id').onDelete('set null'))
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sending_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('sends_project_id_created_at')
    .on('sends')
    .columns(['project_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sends').execute();
}
