import type { FastifyBaseLogger } from 'fastify';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, openDatabase } from '../db/database.ts';
import { createTestDatabase } from '../testing/test-database.ts';
import { SigningKeys } from './signing-keys.ts';

const SECRET = 'signing-keys-test-secret-0123456789abcdef';
const quiet = { info() {}, warn() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
/** Database handles as separate processes would hold them (separate pools on PostgreSQL). */
const handles: Db[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  handles.push(database.db);
  if (database.url) {
    for (let i = 0; i < 3; i++) handles.push(await openDatabase({ kind: 'postgres', url: database.url }));
  }
});
afterAll(async () => {
  for (const handle of handles.slice(1)) await handle.destroy();
  await database.drop();
});
beforeEach(async () => {
  await database.db.deleteFrom('signing_keys').execute();
});

describe('ID-token signing keys', () => {
  it('concurrent first starts converge on one key in the table', async () => {
    const starts = await Promise.all(
      Array.from({ length: 6 }, (_, i) => SigningKeys.open(handles[i % handles.length]!, SECRET, quiet)),
    );
    const rows = await database.db.selectFrom('signing_keys').select(['kid', 'private_jwk']).execute();
    expect(rows).toHaveLength(1);
    const kids = await Promise.all(
      starts.map(async (keys) => decodeProtectedHeader(await keys.sign({ sub: 'x' })).kid),
    );
    expect(new Set(kids)).toEqual(new Set([rows[0]!.kid]));
    // The private half is stored sealed, never as a plain JWK.
    expect(Object.keys(rows[0]!.private_jwk)).toEqual(['sealed']);
  });

  it('a restart signs with the same key, and tokens verify against the published key', async () => {
    const first = await SigningKeys.open(database.db, SECRET, quiet);
    const token = await first.sign({ sub: 'user-1' });
    const again = await SigningKeys.open(database.db, SECRET, quiet);
    expect(again.jwks()).toEqual(first.jwks());
    const kid = decodeProtectedHeader(token).kid!;
    const { payload } = await jwtVerify(token, (await again.publicKey(kid))!);
    expect(payload.sub).toBe('user-1');
  });

  it('a key sealed under another SECRET_KEY is left alone and a new one is made', async () => {
    const old = await SigningKeys.open(database.db, SECRET, quiet);
    const fresh = await SigningKeys.open(database.db, `${SECRET}-changed`, quiet);
    expect(fresh.jwks().keys.map((k) => k.kid)).not.toEqual(old.jwks().keys.map((k) => k.kid));
    expect(await database.db.selectFrom('signing_keys').select('kid').execute()).toHaveLength(2);
  });
});
