import type { Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A notice's review token sealed under SECRET_KEY, so staff can copy the link from the history (the hash
// alone finds the link; a copy of the database alone opens none). Null for links made before this.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_links').addColumn('token_sealed', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('review_links').dropColumn('token_sealed').execute();
}
