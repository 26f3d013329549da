// The send ledger: the one place that writes a project's sent issue keys and the `sends` table. See
// README.md beside this file for the states and transitions. This file is its interface (`app.ledger`);
// the steps are in claims.ts, hand-over.ts, give-backs.ts and sweep.ts, the SQL on sends in
// sends.repository.ts, and the statements on the sent list (sent_lists) in sent-lists.repository.ts.
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database, ReviewStorySnapshot, SendTrigger } from '../db/schema.ts';
import type { MailAttachment, Mailer } from '../mail/mailer.ts';
import type { NoticeParts } from '../messages/notices.ts';
import { claimFromUpdate, startAutoSend, startManualSend } from './claims.ts';
import { deliver } from './hand-over.ts';
import { offerAgain } from './offer-again.ts';
import { insertFailedRound, lastAutomaticSend } from './sends.repository.ts';
import { sentKeysOf } from './sent-lists.repository.ts';
import { sweep } from './sweep.ts';

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
  /** The date the client is asked to answer by (`YYYY-MM-DD`, checked by the send form); none when absent. */
  answerBy?: string;
  /** The release the notice is of (Stories of: Release or Current sprint); none for stories by status. */
  release?: string;
}

/** A send that holds its keys and is being handed to the mail server. */
export interface OpenSend {
  id: string;
  projectId: string;
  trigger: SendTrigger;
  issueKeys: string[];
  /** The e-mail's parts with the notice's review link, opened in the claim's transaction. */
  notice?: NoticeParts;
}

/**
 * What reacts to a notice (the client's review: review/review-links.ts), so the ledger imports no review
 * code. `opened` runs in the claim's transaction (`db`) and returns the e-mail's parts; `handedOver`
 * runs after the hand-over.
 */
interface NoticeHooks {
  open(
    db: Db,
    send: { id: string; projectId: string; issueKeys: readonly string[] },
    message: Pick<StoriesMessage, 'text' | 'reviewStories' | 'answerBy' | 'release'>,
  ): Promise<NoticeParts>;
  handedOver(): void;
}

/** How a hand-over ended, as the caller reports it. */
export type Delivery =
  | {
      outcome: 'sent';
      delivered: boolean;
      /** Recipients the mail server refused while it took the message for others ("address (reply)"). */
      refused: string[];
    }
  /** The mail server refused the message: the keys were given back. */
  | { outcome: 'refused'; reason: string }
  /** The mail server may have taken the message, but that could not be confirmed: the keys stay claimed. */
  | { outcome: 'unconfirmed'; reason: string };

export interface LedgerOptions {
  /** The time written to sends (tests move it by hand). */
  now?: () => Date;
  /** The hook of each notice (the review link); app.ts passes the review module's. */
  notices?: NoticeHooks;
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
  project: {
    projectKey: string;
    clientEmails: string[];
    clientCc: string[];
    /** The project's tracker site (null: `default`), whose kind reads its story keys. */
    siteId: string | null;
  },
) => Promise<void>;

export interface Ledger {
  /**
   * The project update's part (the web's first step of a send): the keys it lists that are not in the
   * sent list yet are appended and open one pending claim that owns them. Only a send naming all of
   * them takes that claim over; the sweep gives back a claim nobody takes over. Runs in the caller's
   * transaction, which holds the project row locked, and locks the sent list.
   */
  claimFromUpdate(trx: Trx, projectId: string, listedKeys: readonly string[]): Promise<void>;
  /** The project's sent list as the project answer shows it (sentProjectIssuesList), oldest first. */
  sentKeysOf(db: Db, projectId: string): Promise<string[]>;
  /** When the project's last automatic send went out (the project answer's lastSentAt); null: never. */
  lastAutomaticSend(db: Db, projectId: string): Promise<Date | null>;
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
    project: { workspaceId: string; projectKey: string; sentBy: string; siteId?: string | undefined },
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
  /**
   * "Offer again": the story (a key of the sent list) is drafted as a re-test on the next fetch, once,
   * whatever its verdict; who asked is recorded. 'not-sent' when the key is not in the sent list.
   */
  offerAgain(projectId: string, issueKey: string, askedBy: string): Promise<'offered' | 'not-sent'>;
  /** An auto-send round that failed before claiming anything still shows in the history. */
  recordFailedRound(projectId: string, reason: string): Promise<void>;
  /**
   * Housekeeping, safe from every server process at once: claims no send took over within 10 minutes
   * are given back; hand-overs unfinished after 15 minutes become unconfirmed (keys kept). See sweep.ts.
   */
  sweep(now: Date): Promise<{ abandoned: number; unconfirmed: number }>;
}

/** What the ledger's steps share: the database, the mailer, the notice hook, the clock and the test seams. */
export type LedgerContext = {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  now: () => Date;
} & Omit<LedgerOptions, 'now'>;

function createLedger(deps: { db: Db; mailer: Mailer; log: FastifyBaseLogger } & LedgerOptions): Ledger {
  const context: LedgerContext = { ...deps, now: deps.now ?? (() => new Date()) };
  return {
    claimFromUpdate: (trx, projectId, listedKeys) => claimFromUpdate(context, trx, projectId, listedKeys),
    sentKeysOf,
    lastAutomaticSend,
    startManualSend: (project, issueKeys, message, admit) =>
      startManualSend(context, project, issueKeys, message, admit),
    startAutoSend: (projectId, candidateKeys, draft) =>
      startAutoSend(context, projectId, candidateKeys, draft),
    deliver: (send, message) => deliver(context, send, message),
    offerAgain: (projectId, issueKey, askedBy) => offerAgain(context, projectId, issueKey, askedBy),
    recordFailedRound: (projectId, reason) => insertFailedRound(context.db, projectId, reason, context.now()),
    sweep: (at) => sweep(context, at),
  };
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
    app.decorate('ledger', createLedger({ db: app.db, mailer: app.mailer, log: app.log, ...options }));
  },
  { name: 'ledger', dependencies: ['mailer'] },
);
