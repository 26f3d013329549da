// The send ledger: the one place that writes a project's sent issue keys and the `sends` table. See
// README.md beside this file for the states and transitions.
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, ReviewStorySnapshot, SendTrigger } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import {
  describeDeliveryFailure,
  type MailAttachment,
  type Mailer,
  MailNotRecordedError,
  mailServerRefused,
} from '../mail/mailer.ts';
import { createReviewLinks, type ReviewLinks, type ReviewMailParts } from '../review/review-links.ts';

/** A claim older than this that no send took over is given back (the browser went away). */
export const ABANDONED_CLAIM_MS = 10 * 60_000;
/** A hand-over still unfinished after this is marked unconfirmed (the server stopped during it). */
export const INTERRUPTED_SEND_MS = 15 * 60_000;

type Trx = Transaction<Database>;

/** What one e-mail of stories says and to whom; kept with its send. */
export interface StoriesMessage {
  to: string[];
  cc: string[];
  subject: string;
  text: string;
  attachment?: MailAttachment;
  /** The notice's stories for its review page, when the sender has them at hand (auto-send). */
  reviewStories?: ReviewStorySnapshot[];
}

/** A send that holds its keys and is being handed to the mail server. */
export interface OpenSend {
  id: string;
  projectId: string;
  trigger: SendTrigger;
  issueKeys: string[];
  /** The e-mail's parts with the notice's review link, opened in the claim's transaction. */
  notice?: ReviewMailParts;
}

/** How a hand-over ended, as the caller reports it. */
export type Delivery =
  | { outcome: 'sent'; delivered: boolean }
  /** The mail server refused the message: the keys were given back. */
  | { outcome: 'refused'; reason: string }
  /** The mail server may have taken the message, but that could not be confirmed: the keys stay claimed. */
  | { outcome: 'unconfirmed'; reason: string };

export interface LedgerOptions {
  /** The time written to sends (tests move it by hand). */
  now?: () => Date;
  /**
   * Test seam: runs after the mail server accepted a message and before the send is recorded as sent.
   * A throw stands for the database failing at that moment; a promise that never settles for the
   * server stopping there.
   */
  beforeConfirm?: (send: OpenSend, message: StoriesMessage) => void | Promise<void>;
  /**
   * Test seam: runs after the sweep has read which sends are stale and before it changes them, so a test
   * can let other work (another process) run in between.
   */
  afterSweepRead?: () => void | Promise<void>;
  /**
   * Test seam: runs in a manual send's claim right after it read (and locked) the project row and before
   * it changes anything, so a test can let another process's work run in between.
   */
  afterClaimRead?: () => void | Promise<void>;
}

/**
 * Checks a manual send must pass before it claims anything, run inside its claim: they read the project
 * row the claim locks anyway and write in its transaction, instead of making round trips of their own.
 */
export type ManualSendAdmission = (
  trx: Trx,
  project: { projectKey: string; clientEmails: string[]; clientCc: string[] },
) => Promise<void>;

export interface Ledger {
  /**
   * The project update's part (the web's first step of a send): the keys it lists that are not in the
   * sent list yet are appended and open one pending claim that owns them. Only a send naming all of
   * them takes that claim over; the sweep gives back a claim nobody takes over. Runs in the caller's
   * transaction, which holds the project row locked. Returns the new sent list.
   */
  claimFromUpdate(
    trx: Trx,
    projectId: string,
    sentKeys: string[],
    listedKeys: readonly string[],
  ): Promise<string[]>;
  /**
   * A manual send of exactly `issueKeys` (its draft's stories): takes over the pending claims made of
   * its keys only, claims its keys not yet in the list, and opens the send. If any of its keys was sent
   * (or is being sent) by someone else, nothing changes except that the claims of its own keys are
   * given back, and it throws 409 naming those keys. Null when the workspace has no such project.
   * `sentBy` is the member sending, shown in the history. `admit` runs first, under the project's lock
   * and in the claim's transaction, with the project's row: a throw refuses the send with nothing
   * claimed, and undoes what `admit` wrote there (the send route's guards: see ManualSendAdmission).
   */
  startManualSend(
    project: { workspaceId: string; projectKey: string; sentBy: string },
    issueKeys: readonly string[],
    message: StoriesMessage,
    admit?: ManualSendAdmission,
  ): Promise<OpenSend | null>;
  /**
   * An auto-send round's claim: the keys not in the sent list yet, with the message drafted from them.
   * Null when every key was sent already.
   */
  startAutoSend(
    projectId: string,
    candidateKeys: readonly string[],
    draft: (claimedKeys: string[]) => StoriesMessage,
  ): Promise<{ send: OpenSend; message: StoriesMessage } | null>;
  /**
   * The one step that hands a send's message to the mail server, for manual and automatic sends alike,
   * and records the outcome: sent; refused (keys given back); or unconfirmed (keys kept) when the mail
   * server may have taken it but that can't be confirmed or recorded.
   */
  deliver(send: OpenSend, message: StoriesMessage): Promise<Delivery>;
  /** An auto-send round that failed before claiming anything still shows in the history. */
  recordFailedRound(projectId: string, reason: string): Promise<void>;
  /**
   * Housekeeping, safe from every server process at once: claims no send took over within
   * ABANDONED_CLAIM_MS are given back; hand-overs unfinished after INTERRUPTED_SEND_MS become
   * unconfirmed (keys kept).
   */
  sweep(now: Date): Promise<{ abandoned: number; unconfirmed: number }>;
}

/** 409: some stories of a send were sent by someone else since its draft was made. */
export function storiesSentMeanwhile(keys: readonly string[]): AppError {
  return new AppError(
    409,
    'STORIES_ALREADY_SENT',
    `Nothing was e-mailed: ${keys.join(', ')} ${keys.length === 1 ? 'was' : 'were'} sent meanwhile (by auto-send or from another tab). Fetch the stories again for a new draft.`,
  );
}

const ABANDONED_REASON =
  'The e-mail was never sent (the page was closed before sending); the stories are offered again.';
const CONFLICT_REASON =
  'The e-mail was not sent: some of its stories had been sent meanwhile; the others are offered again.';
const INTERRUPTED_REASON =
  'The server stopped while handing this e-mail to the mail server; check with the client whether it arrived.';
const UNRECORDED_REASON =
  'The mail server took the e-mail, but its outcome could not be recorded; check with the client whether it arrived.';

export function createLedger(
  deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger; reviewLinks?: ReviewLinks } & LedgerOptions,
): Ledger {
  const { db, mailer, log } = deps;
  const now = deps.now ?? (() => new Date());

  /** Locks the project row: every change to its keys and to its sends' states happens under it. */
  async function lockProject(trx: Trx, projectId: string): Promise<string[] | undefined> {
    const row = await trx
      .selectFrom('projects')
      .select('sent_issue_keys')
      .where('id', '=', projectId)
      .forUpdate()
      .executeTakeFirst();
    return row?.sent_issue_keys;
  }

  async function writeSentKeys(trx: Trx, projectId: string, keys: string[]): Promise<void> {
    await trx
      .updateTable('projects')
      .set({ sent_issue_keys: keys, updated_at: now() })
      .where('id', '=', projectId)
      .execute();
  }

  /** Removes given-back keys from the sent list; the caller holds the project lock. */
  async function giveKeysBack(trx: Trx, projectId: string, sentKeys: string[], keys: string[]) {
    if (keys.length === 0) return;
    const released = new Set(keys);
    await writeSentKeys(
      trx,
      projectId,
      sentKeys.filter((key) => !released.has(key)),
    );
  }

  /**
   * Ends sends that did not go out and gives their keys back, each only if it is still in `from` now
   * that the project is locked (another process may have moved it meanwhile). Returns how many ended.
   */
  async function release(
    projectId: string,
    sendIds: readonly string[],
    from: 'pending' | 'sending',
    to: 'failed' | 'abandoned',
    reason: string,
  ): Promise<number> {
    if (sendIds.length === 0) return 0;
    return db.transaction().execute(async (trx) => {
      const sentKeys = await lockProject(trx, projectId);
      if (!sentKeys) return 0;
      const ended = await trx
        .updateTable('sends')
        .set({ status: to, error: reason, finished_at: now() })
        .where('project_id', '=', projectId)
        .where('id', 'in', [...sendIds])
        .where('status', '=', from)
        .returning('issue_keys')
        .execute();
      await giveKeysBack(
        trx,
        projectId,
        sentKeys,
        ended.flatMap((send) => send.issue_keys),
      );
      return ended.length;
    });
  }

  /** sending → unconfirmed; the keys stay claimed. */
  async function markUnconfirmed(sendId: string, reason: string): Promise<void> {
    await db
      .updateTable('sends')
      .set({ status: 'unconfirmed', error: reason, finished_at: now() })
      .where('id', '=', sendId)
      .where('status', '=', 'sending')
      .execute();
  }

  /** The notice's review link (issue 11), opened in the claim's transaction: no commit of its own. */
  async function openReviewLink(
    trx: Trx,
    sendId: string,
    message: StoriesMessage,
  ): Promise<ReviewMailParts | undefined> {
    return deps.reviewLinks?.open(trx, { id: sendId }, message.text, message.reviewStories);
  }

  const details = (message: StoriesMessage) => ({
    to_addresses: message.to,
    cc_addresses: message.cc,
    subject: message.subject,
    text_body: message.text,
    attachment_name: message.attachment?.filename ?? null,
    attachment_size: message.attachment?.content.length ?? null,
  });

  return {
    async claimFromUpdate(trx, projectId, sentKeys, listedKeys) {
      const known = new Set(sentKeys);
      const added = [...new Set(listedKeys)].filter((key) => !known.has(key));
      if (added.length === 0) return sentKeys;
      const keys = [...sentKeys, ...added];
      await writeSentKeys(trx, projectId, keys);
      await trx
        .insertInto('sends')
        .values({
          project_id: projectId,
          trigger: 'manual',
          status: 'pending',
          issue_keys: added,
          created_at: now(),
        })
        .execute();
      return keys;
    },

    async startManualSend(owner, issueKeys, message, admit) {
      const keys = [...new Set(issueKeys)];
      let sentMeanwhile: string[] = [];
      let projectId: string | undefined;
      const send = await db
        .transaction()
        .execute(async (trx) => {
          // The project by its workspace, locked: the look-up and the lock in one statement. Of its sent
          // list only this send's keys come back: the list grows with the project's history, a send doesn't.
          const project = await trx
            .selectFrom('projects')
            .select(['id', 'client_emails', 'client_cc'])
            .select(
              sql<
                string[]
              >`array(select key from unnest(${sql.val(keys)}::text[]) as key where key = any(sent_issue_keys))`.as(
                'listed_keys',
              ),
            )
            .where('workspace_id', '=', owner.workspaceId)
            .where('project_key', '=', owner.projectKey)
            .forUpdate()
            .executeTakeFirst();
          if (!project) return null;
          await deps.afterClaimRead?.();
          await admit?.(trx, {
            projectKey: owner.projectKey,
            clientEmails: project.client_emails,
            clientCc: project.client_cc,
          });
          projectId = project.id;
          const at = now();
          // pending → sending, guarded: only claims still pending, and only those made of this send's keys.
          const takenOver = await trx
            .updateTable('sends')
            .set({ status: 'sending', sending_at: at, sent_by_user_id: owner.sentBy, ...details(message) })
            .where('project_id', '=', projectId)
            .where('trigger', '=', 'manual')
            .where('status', '=', 'pending')
            .where(sql<boolean>`issue_keys <@ ${sql.val(keys)}::text[]`)
            .returning(['id', 'issue_keys', 'created_at'])
            .execute();
          const owned = new Set(takenOver.flatMap((claim) => claim.issue_keys));
          const inList = new Set(project.listed_keys);
          sentMeanwhile = keys.filter((key) => inList.has(key) && !owned.has(key));
          // Rolls the take-over back: nothing is e-mailed.
          if (sentMeanwhile.length > 0) throw storiesSentMeanwhile(sentMeanwhile);
          const fresh = keys.filter((key) => !inList.has(key));
          if (fresh.length > 0) {
            await trx
              .updateTable('projects')
              .set({ sent_issue_keys: sql`sent_issue_keys || ${sql.val(fresh)}::text[]`, updated_at: at })
              .where('id', '=', projectId)
              .execute();
          }
          // One send owns all of its keys: the oldest claim taken over becomes it; the others merge into it.
          const [first, ...merged] = takenOver.sort(
            (a, b) => a.created_at.getTime() - b.created_at.getTime(),
          );
          if (merged.length > 0) {
            await trx
              .deleteFrom('sends')
              .where(
                'id',
                'in',
                merged.map((claim) => claim.id),
              )
              .execute();
          }
          if (first) {
            // Usually the send is exactly its own claim, which owns these keys already.
            if (first.issue_keys.length !== keys.length) {
              await trx.updateTable('sends').set({ issue_keys: keys }).where('id', '=', first.id).execute();
            }
            return { id: first.id, notice: await openReviewLink(trx, first.id, message) };
          }
          const opened = await trx
            .insertInto('sends')
            .values({
              project_id: projectId,
              trigger: 'manual',
              status: 'sending',
              issue_keys: keys,
              created_at: at,
              sending_at: at,
              sent_by_user_id: owner.sentBy,
              ...details(message),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          return { id: opened.id, notice: await openReviewLink(trx, opened.id, message) };
        })
        .catch(async (error: unknown) => {
          if (sentMeanwhile.length > 0 && projectId) {
            // The claims of this send's own keys would otherwise hide those stories until the sweep.
            await releaseOwnClaims(projectId, keys);
          }
          throw error;
        });
      if (!send || !projectId) return null;
      return { id: send.id, projectId, trigger: 'manual', issueKeys: keys, notice: send.notice };
    },

    async startAutoSend(projectId, candidateKeys, draft) {
      return db.transaction().execute(async (trx) => {
        const sentKeys = await lockProject(trx, projectId);
        if (!sentKeys) return null;
        const inList = new Set(sentKeys);
        const keys = [...new Set(candidateKeys)].filter((key) => !inList.has(key));
        if (keys.length === 0) return null;
        const message = draft(keys);
        await writeSentKeys(trx, projectId, [...sentKeys, ...keys]);
        const at = now();
        const opened = await trx
          .insertInto('sends')
          .values({
            project_id: projectId,
            trigger: 'auto',
            status: 'sending',
            issue_keys: keys,
            created_at: at,
            sending_at: at,
            ...details(message),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const notice = await openReviewLink(trx, opened.id, message);
        return {
          send: { id: opened.id, projectId, trigger: 'auto' as const, issueKeys: keys, notice },
          message,
        };
      });
    },

    async deliver(send, message) {
      let delivered: boolean;
      try {
        const result = await mailer.sendMail(
          {
            purpose: 'stories',
            to: message.to,
            cc: message.cc,
            subject: message.subject,
            text: send.notice?.text ?? message.text,
            ...(send.notice ? { html: send.notice.html, storedText: send.notice.storedText } : {}),
            attachments: message.attachment ? [message.attachment] : [],
          },
          async (outboxRow) => {
            await deps.beforeConfirm?.(send, message);
            // sending → sent, guarded (a send the sweep already flagged stays flagged), in the statement
            // that keeps the outbox copy: one round trip and one commit after the hand-over, not two.
            const confirmed = await db
              .with('outbox', (qb) => qb.insertInto('mail_messages').values(outboxRow).returning('id'))
              .with('confirmed', (qb) =>
                qb
                  .updateTable('sends')
                  .set((eb) => ({
                    status: 'sent',
                    delivered: outboxRow.delivered,
                    mail_message_id: eb.selectFrom('outbox').select('outbox.id'),
                    finished_at: now(),
                  }))
                  .where('id', '=', send.id)
                  .where('status', '=', 'sending')
                  .returning('sends.id'),
              )
              .selectFrom('outbox')
              .select('outbox.id')
              .executeTakeFirstOrThrow();
            return confirmed.id;
          },
        );
        deps.reviewLinks?.handedOver();
        delivered = result.delivered;
      } catch (error) {
        if (error instanceof MailNotRecordedError) {
          log.error(
            { err: error.cause, sendId: send.id },
            'an accepted e-mail could not be recorded as sent',
          );
          await markUnconfirmed(send.id, UNRECORDED_REASON).catch(() => {});
          return { outcome: 'unconfirmed', reason: UNRECORDED_REASON };
        }
        const reason = describeDeliveryFailure(error);
        if (mailServerRefused(error)) {
          try {
            await release(
              send.projectId,
              [send.id],
              'sending',
              'failed',
              `The mail server refused the e-mail: ${reason}`,
            );
            return { outcome: 'refused', reason };
          } catch (recordError) {
            // Keys kept: the sweep marks the send unconfirmed, so the stories are flagged, not lost.
            log.error(
              { err: recordError, sendId: send.id },
              'could not give back the keys of a refused send',
            );
            return { outcome: 'unconfirmed', reason: UNRECORDED_REASON };
          }
        }
        const unconfirmed = `The mail server did not confirm the e-mail (${reason}); check with the client whether it arrived.`;
        await markUnconfirmed(send.id, unconfirmed).catch((recordError: unknown) =>
          log.error({ err: recordError, sendId: send.id }, 'could not mark a send unconfirmed'),
        );
        return { outcome: 'unconfirmed', reason: unconfirmed };
      }
      return { outcome: 'sent', delivered };
    },

    async recordFailedRound(projectId, reason) {
      await db
        .insertInto('sends')
        .values({
          project_id: projectId,
          trigger: 'auto',
          status: 'failed',
          error: reason,
          created_at: now(),
          finished_at: now(),
        })
        .execute();
    },

    async sweep(at) {
      const abandonedBefore = new Date(at.getTime() - ABANDONED_CLAIM_MS);
      const interruptedBefore = new Date(at.getTime() - INTERRUPTED_SEND_MS);
      // Read without locks; each change below is re-checked under the project's lock.
      const stale = await db
        .selectFrom('sends')
        .select(['id', 'project_id', 'status'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'pending'), eb('created_at', '<', abandonedBefore)]),
            eb.and([eb('status', '=', 'sending'), eb('sending_at', '<', interruptedBefore)]),
          ]),
        )
        .execute();
      await deps.afterSweepRead?.();
      let abandoned = 0;
      let unconfirmed = 0;
      const projects = new Set(stale.map((send) => send.project_id));
      for (const projectId of projects) {
        const ofProject = stale.filter((send) => send.project_id === projectId);
        abandoned += await release(
          projectId,
          ofProject.filter((send) => send.status === 'pending').map((send) => send.id),
          'pending',
          'abandoned',
          ABANDONED_REASON,
        );
        const interrupted = ofProject.filter((send) => send.status === 'sending').map((send) => send.id);
        if (interrupted.length > 0) {
          const result = await db
            .updateTable('sends')
            .set({ status: 'unconfirmed', error: INTERRUPTED_REASON, finished_at: at })
            .where('id', 'in', interrupted)
            .where('status', '=', 'sending')
            .executeTakeFirst();
          unconfirmed += Number(result.numUpdatedRows);
        }
      }
      return { abandoned, unconfirmed };
    },
  };

  /** After a 409: the pending claims made only of the refused send's keys are given back at once. */
  async function releaseOwnClaims(projectId: string, keys: string[]): Promise<void> {
    const claims = await db
      .selectFrom('sends')
      .select('id')
      .where('project_id', '=', projectId)
      .where('trigger', '=', 'manual')
      .where('status', '=', 'pending')
      .where(sql<boolean>`issue_keys <@ ${sql.val(keys)}::text[]`)
      .execute();
    await release(
      projectId,
      claims.map((claim) => claim.id),
      'pending',
      'abandoned',
      CONFLICT_REASON,
    );
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Claims, hand-overs and give-backs of sends of stories: see ledger/README.md. */
    ledger: Ledger;
  }
}

/** Decorates the app with `app.ledger`. */
export const ledgerPlugin = fp<LedgerOptions>(
  async (app, options) => {
    const reviewLinks = createReviewLinks({
      publicUrl: app.config.publicUrl,
      linkDays: app.config.reviewLinkDays,
      smtpConfigured: app.mailer.smtpConfigured,
      ...(options.now ? { now: options.now } : {}),
      onJobQueued: () => app.jobs.wake(),
    });
    app.decorate(
      'ledger',
      createLedger({ db: app.db, mailer: app.mailer, log: app.log, reviewLinks, ...options }),
    );
  },
  { name: 'ledger', dependencies: ['mailer', 'jobs'] },
);
