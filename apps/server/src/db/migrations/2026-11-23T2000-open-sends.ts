import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The sweep looks for open sends (pending claims, hand-overs in progress) every minute in every
  // server process; the history around them grows without bound.
  await db.schema
    .createIndex('sends_open')
    .on('sends')
    .columns(['status', 'created_at'])
    .where(sql.ref('status'), 'in', sql`('pending', 'sending')`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sends_open').execute();
}
