import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors.ts';
import { SecretBox } from './secret-box.ts';

/** The product user behind a verified request, with the Jira API token decrypted. */
export interface ProductUser {
  id: string;
  email: string;
  apikey: string;
}

const boxes = new WeakMap<object, SecretBox>();

function secretBoxFor(request: FastifyRequest): SecretBox {
  const { config } = request.server;
  let box = boxes.get(config);
  if (!box) {
    box = new SecretBox(config.secretKey);
    boxes.set(config, box);
  }
  return box;
}

export function sealApiKey(request: FastifyRequest, apikey: string): string {
  return secretBoxFor(request).seal(apikey);
}

/**
 * Loads the product user of the token's identity (use after `app.requireUser`). Every query on
 * user data is scoped by the id this returns, never by an id from the request body.
 */
export async function requireProductUser(request: FastifyRequest): Promise<ProductUser> {
  if (!request.user) throw unauthorized();
  const row = await request.server.db
    .selectFrom('users')
    .select(['id', 'email', 'apikey_encrypted'])
    .where('identity_uid', '=', request.user.uid)
    .executeTakeFirst();
  if (!row) throw forbidden('This account has no Handoff profile. Register first.');
  return { id: row.id, email: row.email, apikey: secretBoxFor(request).open(row.apikey_encrypted) };
}

/** Refuses a request whose body names another user than the token's. */
export function assertSameUser(user: ProductUser, userId: string): void {
  if (user.id !== userId) throw forbidden('You may only access your own projects.');
}
