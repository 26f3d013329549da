// The outbox (`mail_messages`): a row for every message, delivered or only kept.
import type { Insertable, Kysely } from 'kysely';
import type { Database, MailMessagesTable } from '../db/schema.ts';

/** A message's row in `mail_messages`, the outbox that records every message. */
export type OutboxRow = Insertable<MailMessagesTable>;

/** Keeps a message in the outbox; returns its id. */
export async function insertOutboxRow(db: Kysely<Database>, row: OutboxRow): Promise<string> {
  const inserted = await db.insertInto('mail_messages').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * The outbox row's insert as the common table expression `outbox` (with its `id`), for a caller that
 * records the hand-over in the same statement: one round trip and one commit (the send ledger's
 * confirmation).
 */
export function withOutboxRow(db: Kysely<Database>, row: OutboxRow) {
  return db.with('outbox', (qb) => qb.insertInto('mail_messages').values(row).returning('id'));
}
