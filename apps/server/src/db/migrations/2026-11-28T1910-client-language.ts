import type { Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The language a project's client reads (`Client language`, a code such as `de`), and the language each
// notice was sent in, so its review page and reminders keep speaking it after the setting changes; the
// project's notice template ({subject, greeting, intro, closing}; null: the language's default words).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    .addColumn('client_language', 'text', (column) => column.notNull().defaultTo('en'))
    .addColumn('notice_template', 'jsonb')
    .execute();
  await db.schema
    .alterTable('review_links')
    .addColumn('client_language', 'text', (column) => column.notNull().defaultTo('en'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_links').dropColumn('client_language').execute();
  await db.schema
    .alterTable('projects')
    .dropColumn('client_language')
    .dropColumn('notice_template')
    .execute();
}
