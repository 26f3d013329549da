import type { Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// The test environment a notice named (the project's setting when it was sent), so its review page says
// what the e-mail said even after the setting changes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_links').addColumn('test_environment', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_links').dropColumn('test_environment').execute();
}
