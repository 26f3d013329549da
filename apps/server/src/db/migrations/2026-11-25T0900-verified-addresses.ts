import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
// Verified addresses: accounts that exist now were made before any address was checked, and count as
// verified (the column's default fills them in); the provider writes the column explicitly for every
// new account. Refresh tokens rotate: a used token is marked when it was exchanged for its successor, and
// every token of one sign-in shares its session id, so a logout ends all of them (an existing token
// starts a session of its own).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('identity_accounts')
    .addColumn('email_verified', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema
    .alterTable('identity_refresh_tokens')
    .addColumn('rotated_at', 'timestamptz')
    .addColumn('session_id', 'text')
    .execute();
  await sql`update identity_refresh_tokens set session_id = token_hash`.execute(db);
  await sql`alter table identity_refresh_tokens alter column session_id set not null`.execute(db);
  await db.schema
    .createIndex('identity_refresh_tokens_session_id')
    .on('identity_refresh_tokens')
    .column('session_id')
    .execute();
  await sql`alter table identity_accounts alter column email_verified drop default`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('identity_refresh_tokens_session_id').execute();
  await db.schema
    .alterTable('identity_refresh_tokens')
    .dropColumn('rotated_at')
    .dropColumn('session_id')
    .execute();
  await db.schema.alterTable('identity_accounts').dropColumn('email_verified').execute();
}
