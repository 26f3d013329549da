import type { FastifyRequest } from 'fastify';
import { findUserByIdentityUid } from '../accounts/users.repository.ts';
import { forbidden, unauthorized } from '../errors.ts';
import { RecentlyVerified } from '../identity/recently-verified.ts';

/** The product user behind a verified request, with the Jira API token (the `default` site's credential) opened. */
export interface ProductUser {
  id: string;
  email: string;
  apikey: string;
  /** The name the user goes by; empty: none given. */
  name: string;
}

/** Product users by identity uid, per server, remembered as briefly as verified tokens are. */
const recentUsers = new WeakMap<object, RecentlyVerified<ProductUser>>();

function recentUsersOf(request: FastifyRequest): RecentlyVerified<ProductUser> {
  const { db } = request.server;
  let users = recentUsers.get(db);
  if (!users) {
    users = new RecentlyVerified<ProductUser>(Date.now);
    recentUsers.set(db, users);
  }
  return users;
}

/**
 * Loads the product user of the token's identity (the auth plugin does, for every product route, into
 * `request.productUser`). Every query on user data is scoped by its id, never by an id from the request.
 * The user is remembered for TOKEN_CHECK_TTL_MS (a changed API key: see forgetProductUser).
 */
export async function loadProductUser(request: FastifyRequest): Promise<ProductUser> {
  if (!request.user) throw unauthorized();
  const { uid } = request.user;
  const users = recentUsersOf(request);
  const known = users.get(uid);
  if (known) return known;
  const row = await findUserByIdentityUid(request.server.db, uid);
  if (!row) throw forbidden('This account has no Handoff profile. Register first.');
  // The registration key is the `default` site's credential: opened where every credential is.
  const apikey = request.server.sites.openCredential(row.apikey_encrypted) ?? '';
  const user = { id: row.id, email: row.email, apikey, name: row.display_name };
  users.set(uid, user);
  return user;
}

/** After the signed-in user's row changed: the next call loads it again. */
export function forgetProductUser(request: FastifyRequest): void {
  const uid = request.user?.uid;
  if (uid) recentUsersOf(request).delete(uid);
}
