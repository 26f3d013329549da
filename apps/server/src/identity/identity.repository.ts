// The built-in provider's accounts (`identity_accounts`), refresh tokens (`identity_refresh_tokens`) and
// password-reset codes (`identity_oob_codes`). Tokens and codes are stored only as their SHA-256 hash:
// functions here take them as given to the client and hash them themselves.
import { createHash } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { IdentityAccountsTable } from '../db/schema.ts';

export type Account = Selectable<IdentityAccountsTable>;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

// ---- accounts ------------------------------------------------------------------------------------

export function findAccountByEmail(db: Db, email: string): Promise<Account | undefined> {
  return db.selectFrom('identity_accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findAccountById(db: Db, localId: string): Promise<Account | undefined> {
  return db.selectFrom('identity_accounts').selectAll().where('local_id', '=', localId).executeTakeFirst();
}

/** Stores a new account; false when the e-mail already has one (nothing is written then). */
export async function insertAccount(
  db: Db,
  account: { localId: string; email: string; passwordHash: string; at: Date; validSince: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('identity_accounts')
    .values({
      local_id: account.localId,
      email: account.email,
      password_hash: account.passwordHash,
      created_at: account.at,
      last_login_at: account.at,
      password_updated_at: account.at,
      valid_since: account.validSince,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('local_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * A new password: ID tokens from sign-ins before `at` are refused from then on (`valid_since`).
 */
export async function setPassword(db: Db, localId: string, passwordHash: string, at: Date): Promise<void> {
  await db
    .updateTable('identity_accounts')
    .set({ password_hash: passwordHash, password_updated_at: at, valid_since: at })
    .where('local_id', '=', localId)
    .execute();
}

// ---- refresh tokens ------------------------------------------------------------------------------

interface NewRefreshToken {
  token: string;
  localId: string;
  /** When the sign-in the token continues happened (whole seconds). */
  authTime: Date;
}

const refreshTokenRow = (refresh: NewRefreshToken) => ({
  token_hash: sha256(refresh.token),
  local_id: refresh.localId,
  auth_time: refresh.authTime,
});

export async function insertRefreshToken(db: Db, refresh: NewRefreshToken): Promise<void> {
  await db.insertInto('identity_refresh_tokens').values(refreshTokenRow(refresh)).execute();
}

/** Records a sign-in on its account and stores its refresh token, in one statement. */
export async function recordSignIn(db: Db, refresh: NewRefreshToken, at: Date): Promise<void> {
  await db
    .with('login', (q) =>
      q.updateTable('identity_accounts').set({ last_login_at: at }).where('local_id', '=', refresh.localId),
    )
    .insertInto('identity_refresh_tokens')
    .values(refreshTokenRow(refresh))
    .execute();
}

/** A refresh token with what its account says about it now. */
export function findRefreshToken(db: Db, token: string) {
  return db
    .selectFrom('identity_refresh_tokens as t')
    .innerJoin('identity_accounts as a', 'a.local_id', 't.local_id')
    .select(['t.auth_time', 't.revoked_at', 'a.local_id', 'a.email', 'a.disabled', 'a.valid_since'])
    .where('t.token_hash', '=', sha256(token))
    .executeTakeFirst();
}

export async function revokeRefreshTokens(db: Db, localId: string, at: Date): Promise<void> {
  await db
    .updateTable('identity_refresh_tokens')
    .set({ revoked_at: at })
    .where('local_id', '=', localId)
    .where('revoked_at', 'is', null)
    .execute();
}

// ---- out-of-band (password-reset) codes ----------------------------------------------------------

export async function insertOobCode(
  db: Db,
  code: { code: string; localId: string; requestType: string; email: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('identity_oob_codes')
    .values({
      code_hash: sha256(code.code),
      local_id: code.localId,
      request_type: code.requestType,
      email: code.email,
      expires_at: code.expiresAt,
    })
    .execute();
}

/** A code with the account it belongs to. */
export function findOobCode(db: Db, code: string) {
  return db
    .selectFrom('identity_oob_codes as c')
    .innerJoin('identity_accounts as a', 'a.local_id', 'c.local_id')
    .select(['c.request_type', 'c.expires_at', 'c.used_at', 'a.local_id', 'a.email', 'a.disabled'])
    .where('c.code_hash', '=', sha256(code))
    .executeTakeFirst();
}

/** Uses a code up unless it was used or expired by `at`; false then (another request used it). */
export async function consumeOobCode(db: Db, code: string, at: Date): Promise<boolean> {
  const consumed = await db
    .updateTable('identity_oob_codes')
    .set({ used_at: at })
    .where('code_hash', '=', sha256(code))
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returning('local_id')
    .executeTakeFirst();
  return consumed !== undefined;
}

/** Every code of the account not yet used stops working. */
export async function useUpOobCodes(db: Db, localId: string, at: Date): Promise<void> {
  await db
    .updateTable('identity_oob_codes')
    .set({ used_at: at })
    .where('local_id', '=', localId)
    .where('used_at', 'is', null)
    .execute();
}
