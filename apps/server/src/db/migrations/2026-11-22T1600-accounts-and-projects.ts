import { type Kysely, sql } from 'kysely';

// Frozen in time: migrations never import application code.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_accounts')
    .addColumn('local_id', 'text', (c) => c.primaryKey())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('password_updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // ID tokens whose auth_time is older than this are refused (bumped by a password reset).
    .addColumn('valid_since', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('disabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('identity_refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('local_id', 'text', (c) =>
      c.notNull().references('identity_accounts.local_id').onDelete('cascade'),
    )
    .addColumn('auth_time', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('identity_refresh_tokens_local_id')
    .on('identity_refresh_tokens')
    .column('local_id')
    .execute();

  await db.schema
    .createTable('identity_oob_codes')
    .addColumn('code_hash', 'text', (c) => c.primaryKey())
    .addColumn('local_id', 'text', (c) =>
      c.notNull().references('identity_accounts.local_id').onDelete('cascade'),
    )
    .addColumn('request_type', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('algorithm', 'text', (c) => c.notNull())
    .addColumn('private_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Shared by every server process so that limits hold across a scaled-out deployment.
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('identity_uid', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('apikey_encrypted', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('project_key', 'text', (c) => c.notNull())
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('client_emails', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('client_cc', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('autosend', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sent_issue_keys', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('projects_user_id_project_key', ['user_id', 'project_key'])
    .execute();

  // Every e-mail the server composes, delivered over SMTP or kept here when no SMTP server is set.
  await db.schema
    .createTable('mail_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('to_addresses', sql`text[]`, (c) => c.notNull())
    .addColumn('cc_addresses', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('attachment_name', 'text')
    .addColumn('attachment_size', 'integer')
    .addColumn('delivered', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'mail_messages',
    'projects',
    'users',
    'rate_limits',
    'signing_keys',
    'identity_oob_codes',
    'identity_refresh_tokens',
    'identity_accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
