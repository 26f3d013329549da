import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('projects')
    // When this project's next automatic round is due; claimed atomically by one server process.
    .addColumn('autosend_next_run_at', 'timestamptz')
    .addColumn('autosend_last_run_at', 'timestamptz')
    // Why the last automatic round failed; null after a round that worked.
    .addColumn('autosend_last_error', 'text')
    .execute();
  await db.schema
    .createIndex('projects_autosend_due')
    .on('projects')
    .column('autosend_next_run_at')
    .where(sql.ref('autosend'), '=', true)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('projects_autosend_due').execute();
  await db.schema
    .alterTable('projects')
    .dropColumn('autosend_next_run_at')
    .dropColumn('autosend_last_run_at')
    .dropColumn('autosend_last_error')
    .execute();
}
