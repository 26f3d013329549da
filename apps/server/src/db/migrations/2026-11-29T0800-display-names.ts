import type { Kysely } from 'kysely';

// Frozen in time: migrations never import application code.
// A user's display name ("Dana Reyes"), shown instead of the address where staff or clients see a person;
// empty until the user gives one (at registration or on the profile).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('display_name', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('display_name').execute();
}
