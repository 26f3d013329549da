import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { migrations } from '../db/migrations/index.ts';
import { PGlitePool } from '../db/pglite-pool.ts';
import type { Database } from '../db/schema.ts';

// Accounts made before addresses were verified count as verified; their sessions go on.
const db = new Kysely<Database>({
  dialect: new PostgresDialect({ pool: new PGlitePool(await PGlite.create()) }),
});
afterAll(() => db.destroy());

describe('the verified-addresses migration', () => {
  it('marks every existing account verified and gives each refresh token a session of its own', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo('2026-11-24T0100-list-version-auto-sends')).error).toBeUndefined();
    await sql`insert into identity_accounts (local_id, email, password_hash) values ('old', 'old@example.test', 'h')`.execute(
      db,
    );
    await sql`insert into identity_refresh_tokens (token_hash, local_id, auth_time) values ('t1', 'old', now()), ('t2', 'old', now())`.execute(
      db,
    );

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const account = await db
      .selectFrom('identity_accounts')
      .select('email_verified')
      .executeTakeFirstOrThrow();
    expect(account.email_verified).toBe(true);
    const tokens = await db
      .selectFrom('identity_refresh_tokens')
      .select(['token_hash', 'session_id', 'rotated_at'])
      .orderBy('token_hash')
      .execute();
    expect(tokens).toEqual([
      { token_hash: 't1', session_id: 't1', rotated_at: null },
      { token_hash: 't2', session_id: 't2', rotated_at: null },
    ]);
    // New accounts say for themselves: the column has no default.
    await expect(
      sql`insert into identity_accounts (local_id, email, password_hash) values ('new', 'new@example.test', 'h')`.execute(
        db,
      ),
    ).rejects.toThrow();
  });
});
