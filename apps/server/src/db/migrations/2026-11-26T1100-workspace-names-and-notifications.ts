import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// Workspaces get a name of their own: those named by their first owner's e-mail (every workspace until
// now) become "{the part before the @}'s team". A workspace's optional logo (shown on its clients' review
// pages), and per member and workspace when they last opened the notifications.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update workspaces set name = split_part(name, '@', 1) || '''s team'
    where position('@' in name) > 1`.execute(db);
  await db.schema
    .createTable('workspace_logos')
    .addColumn('workspace_id', 'uuid', (c) => c.primaryKey().references('workspaces.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) =>
      c.notNull().check(sql`content_type in ('image/png', 'image/jpeg', 'image/webp')`),
    )
    .addColumn('image', 'bytea', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('notification_marks')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'uuid', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_marks_pkey', ['user_id', 'workspace_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notification_marks').execute();
  await db.schema.dropTable('workspace_logos').execute();
}
