// The built-in identity provider's tables (identity/), kept apart from db/schema.ts for its size.
import type { ColumnType, Generated } from 'kysely';

/** Timestamps are written as Date or left to their default, and always read as Date. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type JsonObject = ColumnType<Record<string, unknown>, string, string>;

export interface IdentityAccountsTable {
  local_id: string;
  email: string;
  password_hash: string;
  created_at: Generated<Date>;
  last_login_at: Date | null;
  password_updated_at: Timestamp;
  valid_since: Timestamp;
  disabled: Generated<boolean>;
  /** Whether the owner proved the address (accounts older than verification count as verified). */
  email_verified: boolean;
}

export interface IdentityRefreshTokensTable {
  token_hash: string;
  local_id: string;
  auth_time: Date;
  created_at: Generated<Date>;
  revoked_at: Date | null;
  /** When the token was exchanged for its successor (it keeps working for a short grace after). */
  rotated_at: Date | null;
  /** Shared by every token of one sign-in (its successors after rotation). */
  session_id: string;
}

export interface IdentityOobCodesTable {
  code_hash: string;
  local_id: string;
  request_type: string;
  email: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Generated<Date>;
}

export interface SigningKeysTable {
  kid: string;
  algorithm: string;
  private_jwk: JsonObject;
  public_jwk: JsonObject;
  created_at: Generated<Date>;
}
