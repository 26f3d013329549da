import type { Db } from '../db/database.ts';
import type { SendStatus, SendTrigger } from '../db/schema.ts';

/** A claim older than this that never reached the mail server is given back (the browser went away). */
export const ABANDONED_CLAIM_MS = 10 * 60_000;
/** A hand-over to the mail server that never finished within this is marked unconfirmed (the server stopped). */
export const INTERRUPTED_SEND_MS = 15 * 60_000;

type Executor = Pick<Db, 'selectFrom' | 'updateTable' | 'insertInto'>;

/**
 * Claims issue keys for a send: appends the ones not sent yet to the project's sent list and opens a
 * 'pending' send that owns them, in one transaction with the project row locked, so two claims never
 * take the same key. Returns the send's id and the keys it owns (possibly none; then no send is opened
 * unless `recordEmpty`).
 */
export async function claimIssueKeys(
  db: Db,
  projectId: string,
  trigger: SendTrigger,
  keys: readonly string[],
  { recordEmpty = true }: { recordEmpty?: boolean } = {},
): Promise<{ sendId: string | null; keys: string[] }> {
  return db.transaction().execute(async (trx) => {
    const project = await trx
      .selectFrom('projects')
      .select('sent_issue_keys')
      .where('id', '=', projectId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const alreadySent = new Set(project.sent_issue_keys);
    const claimed = [...new Set(keys)].filter((key) => !alreadySent.has(key));
    if (claimed.length > 0) {
      await trx
        .updateTable('projects')
        .set({ sent_issue_keys: [...project.sent_issue_keys, ...claimed], updated_at: new Date() })
        .where('id', '=', projectId)
        .execute();
    }
    if (claimed.length === 0 && !recordEmpty) return { sendId: null, keys: claimed };
    const send = await trx
      .insertInto('sends')
      .values({ project_id: projectId, trigger, status: 'pending', issue_keys: claimed })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { sendId: send.id, keys: claimed };
  });
}

/** Records keys that were appended to the sent list by a project update (the web's first step). */
export async function recordManualClaim(
  trx: Executor,
  projectId: string,
  keys: readonly string[],
): Promise<void> {
  if (keys.length === 0) return;
  await trx
    .insertInto('sends')
    .values({ project_id: projectId, trigger: 'manual', status: 'pending', issue_keys: [...keys] })
    .execute();
}

/** The manual claims of a project that have not reached the mail server yet, oldest first. */
export async function openManualClaims(
  db: Db,
  projectId: string,
): Promise<Array<{ id: string; issue_keys: string[] }>> {
  return db
    .selectFrom('sends')
    .select(['id', 'issue_keys'])
    .where('project_id', '=', projectId)
    .where('trigger', '=', 'manual')
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .execute();
}

export interface SendDetails {
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  attachmentName: string | null;
  attachmentSize: number | null;
}

/** Marks sends as being handed to the mail server, with what is being sent. */
export async function markSending(db: Db, sendIds: readonly string[], details: SendDetails): Promise<void> {
  if (sendIds.length === 0) return;
  await db
    .updateTable('sends')
    .set({
      status: 'sending',
      sending_at: new Date(),
      to_addresses: details.to,
      cc_addresses: details.cc,
      subject: details.subject,
      text_body: details.text,
      attachment_name: details.attachmentName,
      attachment_size: details.attachmentSize,
    })
    .where('id', 'in', [...sendIds])
    .execute();
}

export async function markSent(
  db: Db,
  sendIds: readonly string[],
  outcome: { delivered: boolean; mailMessageId: string | null },
): Promise<void> {
  if (sendIds.length === 0) return;
  await db
    .updateTable('sends')
    .set({
      status: 'sent',
      delivered: outcome.delivered,
      mail_message_id: outcome.mailMessageId,
      finished_at: new Date(),
    })
    .where('id', 'in', [...sendIds])
    .execute();
}

/**
 * Ends sends that did not go out and gives their keys back to the project, so the stories are
 * offered again. Only keys still owned by the send are removed.
 */
export async function releaseSends(
  db: Db,
  sendIds: readonly string[],
  status: Extract<SendStatus, 'failed' | 'abandoned'>,
  error: string,
): Promise<void> {
  if (sendIds.length === 0) return;
  await db.transaction().execute(async (trx) => {
    const sends = await trx
      .selectFrom('sends')
      .select(['id', 'project_id', 'issue_keys'])
      .where('id', 'in', [...sendIds])
      .where('status', 'in', ['pending', 'sending'])
      .execute();
    for (const send of sends) {
      const project = await trx
        .selectFrom('projects')
        .select('sent_issue_keys')
        .where('id', '=', send.project_id)
        .forUpdate()
        .executeTakeFirst();
      if (project) {
        const released = new Set(send.issue_keys);
        await trx
          .updateTable('projects')
          .set({
            sent_issue_keys: project.sent_issue_keys.filter((key) => !released.has(key)),
            updated_at: new Date(),
          })
          .where('id', '=', send.project_id)
          .execute();
      }
      await trx
        .updateTable('sends')
        .set({ status, error, finished_at: new Date() })
        .where('id', '=', send.id)
        .execute();
    }
  });
}

/**
 * Housekeeping, safe to run from every server process: claims whose mail never started are given
 * back; hand-overs that never finished are marked unconfirmed (their keys stay claimed, so the
 * stories are not sent twice silently, and the history tells the user to check).
 */
export async function sweepStaleSends(
  db: Db,
  now: Date,
): Promise<{ abandoned: number; unconfirmed: number }> {
  const abandonedBefore = new Date(now.getTime() - ABANDONED_CLAIM_MS);
  const stale = await db
    .selectFrom('sends')
    .select('id')
    .where('status', '=', 'pending')
    .where('created_at', '<', abandonedBefore)
    .execute();
  await releaseSends(
    db,
    stale.map((send) => send.id),
    'abandoned',
    'The e-mail was never sent (the page was closed before sending); the stories are offered again.',
  );
  const interrupted = await db
    .updateTable('sends')
    .set({
      status: 'unconfirmed',
      error:
        'The server stopped while handing this e-mail to the mail server; check with the client whether it arrived.',
      finished_at: now,
    })
    .where('status', '=', 'sending')
    .where('sending_at', '<', new Date(now.getTime() - INTERRUPTED_SEND_MS))
    .executeTakeFirst();
  return { abandoned: stale.length, unconfirmed: Number(interrupted.numUpdatedRows) };
}

/** A project's send history, newest first. */
export async function listSends(db: Db, projectId: string, limit = 100) {
  return db
    .selectFrom('sends')
    .select([
      'sends.id',
      'sends.trigger',
      'sends.status',
      'sends.issue_keys',
      'sends.to_addresses',
      'sends.cc_addresses',
      'sends.subject',
      'sends.text_body',
      'sends.attachment_name',
      'sends.attachment_size',
      'sends.delivered',
      'sends.error',
      'sends.created_at',
      'sends.finished_at',
    ])
    .where('sends.project_id', '=', projectId)
    .where('sends.status', '!=', 'pending')
    .orderBy('sends.created_at', 'desc')
    .limit(limit)
    .execute();
}
