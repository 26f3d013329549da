// The built-in provider's accounts (`identity_accounts`), refresh tokens (`identity_refresh_tokens`) and
// e-mailed action codes for password reset and address verification (`identity_oob_codes`). Tokens and
// codes are stored only as their SHA-256 hash: functions here take them as given and hash them themselves.
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
  account: {
    localId: string;
    email: string;
    passwordHash: string;
    at: Date;
    validSince: Date;
    emailVerified: boolean;
  },
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
      email_verified: account.emailVerified,
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

/** The owner proved the address. */
export async function markEmailVerified(db: Db, localId: string): Promise<void> {
  await db
    .updateTable('identity_accounts')
    .set({ email_verified: true })
    .where('local_id', '=', localId)
    .execute();
}

/** Removes an account with its refresh tokens and codes (a registration replacing an unverified one). */
export async function deleteAccount(db: Db, localId: string): Promise<void> {
  await db.deleteFrom('identity_accounts').where('local_id', '=', localId).execute();
}

// ---- refresh tokens ------------------------------------------------------------------------------

interface NewRefreshToken {
  token: string;
  localId: string;
  /** When the sign-in the token continues happened (whole seconds). */
  authTime: Date;
  /** When the token is handed out: it expires after long disuse, counted from here. */
  createdAt: Date;
  /** The sign-in it belongs to; a new sign-in's is its first token's hash. */
  sessionId?: string;
}

const refreshTokenRow = (refresh: NewRefreshToken) => {
  const tokenHash = sha256(refresh.token);
  return {
    token_hash: tokenHash,
    local_id: refresh.localId,
    auth_time: refresh.authTime,
    created_at: refresh.createdAt,
    session_id: refresh.sessionId ?? tokenHash,
  };
};

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
    .select([
      't.auth_time',
      't.revoked_at',
      't.rotated_at',
      't.created_at',
      't.session_id',
      'a.local_id',
      'a.email',
      'a.email_verified',
      'a.disabled',
      'a.valid_since',
    ])
    .where('t.token_hash', '=', sha256(token))
    .executeTakeFirst();
}

/**
 * Exchanges a refresh token for its successor in one statement: the used one is marked rotated (the
 * first exchange's time is kept) and the successor joins its session.
 */
export async function rotateRefreshToken(
  db: Db,
  used: string,
  successor: NewRefreshToken & { sessionId: string },
): Promise<void> {
  await db
    .with('used', (q) =>
      q
        .updateTable('identity_refresh_tokens')
        .set((eb) => ({ rotated_at: eb.fn.coalesce('rotated_at', eb.val(successor.createdAt)) }))
        .where('token_hash', '=', sha256(used)),
    )
    .insertInto('identity_refresh_tokens')
    .values(refreshTokenRow(successor))
    .execute();
}

/** Revokes every token of one session (a logout, or a rotated token used again too late). */
export async function revokeSession(db: Db, sessionId: string, at: Date): Promise<void> {
  await db
    .updateTable('identity_refresh_tokens')
    .set({ revoked_at: at })
    .where('session_id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** The session a refresh token belongs to, if the token exists. */
export async function sessionOfRefreshToken(db: Db, token: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('identity_refresh_tokens')
    .select('session_id')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirst();
  return row?.session_id;
}

export async function revokeRefreshTokens(db: Db, localId: string, at: Date): Promise<void> {
  await db
    .updateTable('identity_refresh_tokens')
    .set({ revoked_at: at })
    .where('local_id', '=', localId)
    .where('revoked_at', 'is', null)
    .execute();
}

// ---- out-of-band codes (password reset, address verification) ----------------------------------------------------------

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
    .select([
      'c.request_type',
      'c.expires_at',
      'c.used_at',
      'a.local_id',
      'a.email',
      'a.disabled',
      'a.email_verified',
    ])
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
