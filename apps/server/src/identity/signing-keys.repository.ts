// The `signing_keys` table: the ID-token signing keys (private halves sealed by the caller).
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

export interface StoredSigningKey {
  kid: string;
  private_jwk: Record<string, unknown>;
  public_jwk: Record<string, unknown>;
}

/** The keys of one algorithm, oldest first. */
export function listSigningKeys(db: Db, algorithm: string): Promise<StoredSigningKey[]> {
  return db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk', 'public_jwk'])
    .where('algorithm', '=', algorithm)
    .orderBy('created_at', 'asc')
    .orderBy('kid', 'asc')
    .execute();
}

/**
 * Runs `work` in a transaction that holds the signing keys' advisory lock, so that processes starting
 * together take turns (the lock ends with the transaction).
 */
export function withSigningKeysLock(db: Db, work: (trx: Db) => Promise<void>): Promise<void> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('handoff.signing_keys'))`.execute(trx);
    await work(trx);
  });
}

/** Stores a new key unless its `kid` exists already. */
export async function insertSigningKey(
  db: Db,
  key: { kid: string; algorithm: string; privateJwk: string; publicJwk: string },
): Promise<void> {
  await db
    .insertInto('signing_keys')
    .values({
      kid: key.kid,
      algorithm: key.algorithm,
      private_jwk: key.privateJwk,
      public_jwk: key.publicJwk,
    })
    .onConflict((oc) => oc.column('kid').doNothing())
    .execute();
}
