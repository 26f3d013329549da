// The `sends` table: every statement on it. Its states and transitions are the ledger's (README.md
// beside this file); each transition here is guarded by the state it starts from.
import { type Insertable, type Kysely, sql } from 'kysely';
import type { Database, RecipientAnswer, SendsTable, SendTrigger } from '../db/schema.ts';
import { type OutboxRow, withOutboxRow } from '../mail/outbox.repository.ts';

type Executor = Kysely<Database>;

/** What a send carries, kept with it: recipients, subject, body, attachment name and size, release. */
export type SendDetails = Pick<
  Insertable<SendsTable>,
  | 'to_addresses'
  | 'cc_addresses'
  | 'subject'
  | 'text_body'
  | 'attachment_name'
  | 'attachment_size'
  | 'release_name'
>;

/** A project update's pending claim of the keys it added. */
export async function insertPendingClaim(
  trx: Executor,
  projectId: string,
  keys: string[],
  at: Date,
): Promise<void> {
  await trx
    .insertInto('sends')
    .values({
      project_id: projectId,
      trigger: 'manual',
      status: 'pending',
      issue_keys: keys,
      created_at: at,
    })
    .execute();
}

/**
 * Ends the given sends that are still in `from` (`from` → `to`, with the reason); returns the keys of
 * each send it ended. The caller holds the project's lock.
 */
export async function endSends(
  trx: Executor,
  projectId: string,
  sendIds: readonly string[],
  transition: { from: 'pending' | 'sending'; to: 'failed' | 'abandoned'; reason: string; at: Date },
) {
  return trx
    .updateTable('sends')
    .set({ status: transition.to, error: transition.reason, finished_at: transition.at })
    .where('project_id', '=', projectId)
    .where('id', 'in', [...sendIds])
    .where('status', '=', transition.from)
    .returning(['id', 'issue_keys'])
    .execute();
}

/** sending → unconfirmed, for one send; the keys stay claimed. */
export async function markSendUnconfirmed(
  db: Executor,
  sendId: string,
  reason: string,
  at: Date,
): Promise<void> {
  await db
    .updateTable('sends')
    .set({ status: 'unconfirmed', error: reason, finished_at: at })
    .where('id', '=', sendId)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * pending → sending, guarded: only the project's manual claims still pending, and only those made of
 * `keys` alone. Returns the claims taken over.
 */
export async function takeOverPendingClaims(
  trx: Executor,
  projectId: string,
  keys: string[],
  send: { sentBy: string; at: Date; details: SendDetails },
) {
  return trx
    .updateTable('sends')
    .set({ status: 'sending', sending_at: send.at, sent_by_user_id: send.sentBy, ...send.details })
    .where('project_id', '=', projectId)
    .where('trigger', '=', 'manual')
    .where('status', '=', 'pending')
    .where(sql<boolean>`issue_keys <@ ${sql.val(keys)}::text[]`)
    .returning(['id', 'issue_keys', 'created_at'])
    .execute();
}

/** The ids of the project's manual claims still pending that are made of `keys` alone. */
export async function findPendingClaimsOf(db: Executor, projectId: string, keys: string[]) {
  return db
    .selectFrom('sends')
    .select('id')
    .where('project_id', '=', projectId)
    .where('trigger', '=', 'manual')
    .where('status', '=', 'pending')
    .where(sql<boolean>`issue_keys <@ ${sql.val(keys)}::text[]`)
    .execute();
}

/** Deletes sends (claims merged into the one send that now owns their keys). */
export async function deleteSends(trx: Executor, sendIds: string[]): Promise<void> {
  await trx.deleteFrom('sends').where('id', 'in', sendIds).execute();
}

export async function setSendKeys(trx: Executor, sendId: string, keys: string[]): Promise<void> {
  await trx.updateTable('sends').set({ issue_keys: keys }).where('id', '=', sendId).execute();
}

/** A send that owns its keys from the start and is being handed over (status sending); returns its id. */
export async function insertOpenSend(
  trx: Executor,
  send: {
    projectId: string;
    trigger: SendTrigger;
    keys: string[];
    at: Date;
    /** The member sending by hand; none for auto-send. */
    sentBy?: string;
    details: SendDetails;
  },
): Promise<string> {
  const opened = await trx
    .insertInto('sends')
    .values({
      project_id: send.projectId,
      trigger: send.trigger,
      status: 'sending',
      issue_keys: send.keys,
      created_at: send.at,
      sending_at: send.at,
      ...(send.sentBy !== undefined ? { sent_by_user_id: send.sentBy } : {}),
      ...send.details,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return opened.id;
}

/**
 * sending → sent, guarded (a send the sweep already flagged stays flagged), in the statement that keeps
 * the outbox copy of its message: one round trip and one commit after the hand-over, not two. Returns
 * the outbox row's id.
 */
export async function confirmSent(
  db: Executor,
  sendId: string,
  outboxRow: OutboxRow,
  at: Date,
  recipients: RecipientAnswer[] | null = null,
): Promise<string> {
  const confirmed = await withOutboxRow(db, outboxRow)
    .with('confirmed', (qb) =>
      qb
        .updateTable('sends')
        .set((eb) => ({
          status: 'sent',
          delivered: outboxRow.delivered,
          mail_message_id: eb.selectFrom('outbox').select('outbox.id'),
          finished_at: at,
          recipient_answers: recipients ? JSON.stringify(recipients) : null,
        }))
        .where('id', '=', sendId)
        .where('status', '=', 'sending')
        .returning('sends.id'),
    )
    .selectFrom('outbox')
    .select('outbox.id')
    .executeTakeFirstOrThrow();
  return confirmed.id;
}

/** Keeps what the mail server answered for each recipient of a send it refused (the send is still sending). */
export async function recordRecipientAnswers(
  db: Executor,
  sendId: string,
  recipients: RecipientAnswer[],
): Promise<void> {
  await db
    .updateTable('sends')
    .set({ recipient_answers: JSON.stringify(recipients) })
    .where('id', '=', sendId)
    .where('status', '=', 'sending')
    .execute();
}

/** An auto-send round that failed before claiming anything: a failed send with no keys. */
export async function insertFailedRound(
  db: Executor,
  projectId: string,
  reason: string,
  at: Date,
): Promise<void> {
  await db
    .insertInto('sends')
    .values({
      project_id: projectId,
      trigger: 'auto',
      status: 'failed',
      error: reason,
      created_at: at,
      finished_at: at,
    })
    .execute();
}

/** Claims pending since before `abandonedBefore` and hand-overs sending since before `interruptedBefore`. */
export async function findStaleSends(db: Executor, abandonedBefore: Date, interruptedBefore: Date) {
  return db
    .selectFrom('sends')
    .select(['id', 'project_id', 'status'])
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('created_at', '<', abandonedBefore)]),
        eb.and([eb('status', '=', 'sending'), eb('sending_at', '<', interruptedBefore)]),
      ]),
    )
    .execute();
}

/** sending → unconfirmed, for the given sends still sending; returns how many changed. */
export async function markSendsUnconfirmed(
  db: Executor,
  sendIds: string[],
  reason: string,
  at: Date,
): Promise<number> {
  const result = await db
    .updateTable('sends')
    .set({ status: 'unconfirmed', error: reason, finished_at: at })
    .where('id', 'in', sendIds)
    .where('status', '=', 'sending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A project's send history, newest first, with the e-mail and name of the member who sent each by hand. */
export async function listSends(db: Executor, projectId: string, limit = 100) {
  return (
    db
      .selectFrom('sends')
      .leftJoin('users', 'users.id', 'sends.sent_by_user_id')
      // A message kept in the outbox (no mail server) is shown as kept: without SMTP its copy holds the
      // notice's review link, which is how the demo is followed.
      .leftJoin('mail_messages as outbox', (join) =>
        join.onRef('outbox.id', '=', 'sends.mail_message_id').on('sends.delivered', '=', false),
      )
      .select([
        'users.email as sent_by',
        'users.display_name as sent_by_name',
        'sends.id',
        'sends.trigger',
        'sends.status',
        'sends.issue_keys',
        'sends.to_addresses',
        'sends.cc_addresses',
        'sends.subject',
        'sends.text_body',
        'outbox.text_body as outbox_text',
        'sends.attachment_name',
        'sends.attachment_size',
        'sends.delivered',
        'sends.error',
        'sends.recipient_answers',
        'sends.release_name',
        'sends.created_at',
        'sends.finished_at',
      ])
      .where('sends.project_id', '=', projectId)
      .where('sends.status', '!=', 'pending')
      .orderBy('sends.created_at', 'desc')
      .limit(limit)
      .execute()
  );
}

/** When auto-send last e-mailed stories of the project, if ever. */
export async function lastAutomaticSend(db: Executor, projectId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('sends')
    .select('finished_at')
    .where('project_id', '=', projectId)
    .where('trigger', '=', 'auto')
    .where('status', '=', 'sent')
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at ?? null;
}

/** Whether a notice that went out (sent, or maybe: unconfirmed) carried the story. */
export async function storyWentOut(db: Executor, projectId: string, issueKey: string): Promise<boolean> {
  const row = await db
    .selectFrom('sends')
    .select('id')
    .where('project_id', '=', projectId)
    .where('status', 'in', ['sent', 'unconfirmed'])
    .where(sql<boolean>`${issueKey} = any(issue_keys)`)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
