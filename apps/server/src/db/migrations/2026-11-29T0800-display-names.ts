import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// A user's display name ("Dana Reyes"), shown instead of the address where staff or clients see a person;
// empty until the user gives one (at registration or on the profile). A workspace remembers whether an owner
// named it (until then clients see the sender's e-mail domain as the company), instead of that being read
// from its name (still "{an e-mail's first part}'s team"): a new workspace's default name may then be its
// owner's display name's. Existing workspaces count as named unless their name is such a default.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('display_name', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('workspaces')
    .addColumn('named', 'boolean', (column) => column.notNull().defaultTo(false))
    .execute();
  await sql`update workspaces w set named = not exists (
    select 1 from workspace_members m join users u on u.id = m.user_id
    where m.workspace_id = w.id and w.name = split_part(u.email, '@', 1) || '''s team')`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('workspaces').dropColumn('named').execute();
  await db.schema.alterTable('users').dropColumn('display_name').execute();
}
