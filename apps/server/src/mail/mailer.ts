import type { MailProblem } from '@handoff/core/api';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database.ts';
import type { RecipientAnswer } from '../db/schema.ts';
import { insertOutboxRow, type OutboxRow } from './outbox.repository.ts';
import { everyToRefused, recipientAnswers } from './recipient-answers.ts';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType?: string;
}

export interface OutgoingMail {
  /** What the message is for, e.g. 'password-reset' or 'stories'; kept with the message. */
  purpose: string;
  to: string[];
  cc?: string[];
  subject: string;
  text: string;
  /** An HTML alternative of `text` (the message becomes multipart/alternative); never stored. */
  html?: string;
  attachments?: MailAttachment[];
  /**
   * The body to keep in `mail_messages` when the real body holds a secret (a password-reset link):
   * delivered or not, the stored copy never holds a working link.
   */
  storedText?: string;
}

export interface SentMail {
  /** True when an SMTP server accepted the message; false when it was only kept in the outbox. */
  delivered: boolean;
  /** The id of the `mail_messages` row that records the message. */
  messageId: string;
  /** What the mail server answered for each recipient (null without SMTP: nothing was asked). */
  recipients: RecipientAnswer[] | null;
}

/**
 * SMTP failed: the mail server refused the message, could not be reached, or stopped answering. The
 * message is recorded in the outbox as not delivered (`messageId`; null if even that record failed).
 */
export class MailDeliveryError extends Error {
  /** What the mail server answered for each recipient, when it got that far. */
  readonly recipients: RecipientAnswer[] | null;

  constructor(
    readonly messageId: string | null,
    options: { cause: unknown; recipients?: RecipientAnswer[] | null },
  ) {
    super('The e-mail could not be delivered: the mail server refused it or could not be reached.', options);
    this.name = 'MailDeliveryError';
    this.recipients = options.recipients ?? null;
  }
}

/**
 * The mail server took the message (or, without SMTP, it was to be kept in the outbox), but the caller's
 * record of it failed. The outbox still got its copy if the database allowed (`messageId`, else null).
 */
export class MailNotRecordedError extends Error {
  constructor(
    readonly messageId: string | null,
    options: { cause: unknown },
  ) {
    super('The e-mail was handed over, but could not be recorded.', options);
    this.name = 'MailNotRecordedError';
  }
}

/**
 * Writes the outbox row of a message that was handed over and returns its id: a caller that records the
 * hand-over too does both in one statement (the send ledger's confirmation).
 */
type RecordHandedOver = (row: OutboxRow, recipients: RecipientAnswer[] | null) => Promise<string>;

/** What the mail server said when a message did not go out (never the message's body). */
export function describeDeliveryFailure(error: unknown): string {
  const cause = error instanceof MailDeliveryError ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

/** Socket errors that can only happen while connecting, before any command is sent. */
const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
/** nodemailer's time-outs that end a session before a message can be sent. */
const SETUP_TIMEOUTS = new Set(['CONNECT_TIMEOUT', 'GREETING_TIMEOUT', 'UPGRADE_TIMEOUT']);
/** nodemailer error codes raised before the message data is sent (log-in, TLS, DNS, set-up, envelope checks). */
const BEFORE_DATA_CODES = new Set(['EAUTH', 'ETLS', 'EDNS', 'ECONFIG', 'EREQUIRETLS']);

/**
 * True only when the mail server certainly did not take the message: it answered with a 4xx/5xx reply
 * (to the connection, log-in, MAIL FROM, RCPT TO, DATA or the end of the data), or the session failed
 * before the message could be sent (connection refused, no greeting, log-in or TLS failure). Anything
 * else (a time-out or a dropped connection mid-session, a failure after the server accepted) may have
 * delivered the message: the caller must not treat it as refused. nodemailer reports these as
 * `err.code`, `err.responseCode`, `err.command` (https://nodemailer.com/smtp/#error-handling).
 */
export function mailServerRefused(error: unknown): boolean {
  if (!(error instanceof MailDeliveryError)) return false;
  const cause = error.cause as {
    code?: string;
    originalCode?: string;
    responseCode?: number;
    command?: string;
    timeoutType?: string;
  } | null;
  if (!cause || typeof cause !== 'object') return false;
  if (typeof cause.responseCode === 'number' && cause.responseCode >= 400) return true;
  if (cause.code && BEFORE_DATA_CODES.has(cause.code)) return true;
  if (cause.code === 'EENVELOPE' || cause.command === 'API') return cause.code !== 'ESTREAM';
  if (cause.originalCode && CONNECT_ERRORS.has(cause.originalCode)) return true;
  return cause.timeoutType !== undefined && SETUP_TIMEOUTS.has(cause.timeoutType);
}

export interface Mailer {
  /** True when SMTP_URL is set: messages are delivered, not only kept in the outbox. */
  readonly smtpConfigured: boolean;
  /**
   * Sends one message: over SMTP when SMTP_URL is set, else it only goes to the outbox. Every message is
   * recorded in `mail_messages`. Throws MailDeliveryError when SMTP fails (the message is then recorded
   * as not delivered). With `recordHandedOver`, that writes the record of a message handed over instead;
   * if it fails, the outbox row is written alone and MailNotRecordedError is thrown.
   */
  sendMail(mail: OutgoingMail, recordHandedOver?: RecordHandedOver): Promise<SentMail>;
  close(): void;
}

/** Header values must never carry a line break (header injection); folds them into spaces. */
function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

function createMailer(options: {
  db: Db;
  smtpUrl: string | undefined;
  from: string;
  log: FastifyBaseLogger;
}): Mailer {
  const { db, from, log } = options;
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : undefined;

  function outboxRow(mail: OutgoingMail, subject: string, delivered: boolean): OutboxRow {
    const attachments = mail.attachments ?? [];
    return {
      purpose: mail.purpose,
      from_address: from,
      to_addresses: mail.to,
      cc_addresses: mail.cc ?? [],
      subject,
      text_body: mail.storedText ?? mail.text,
      attachment_name: attachments.length ? attachments.map((a) => singleLine(a.filename)).join(', ') : null,
      attachment_size: attachments.length ? attachments.reduce((sum, a) => sum + a.content.length, 0) : null,
      delivered,
    };
  }

  const record = (row: OutboxRow): Promise<string> => insertOutboxRow(db, row);

  /** The record of a message that was handed over (or kept): the caller's, else the outbox row alone. */
  async function recordHandedOver(
    row: OutboxRow,
    recipients: RecipientAnswer[] | null,
    byCaller: RecordHandedOver | undefined,
  ): Promise<string> {
    if (!byCaller) return record(row);
    try {
      return await byCaller(row, recipients);
    } catch (cause) {
      const messageId = await record(row).catch((error: unknown) => {
        log.error({ err: error }, 'could not keep a handed-over e-mail in the outbox');
        return null;
      });
      throw new MailNotRecordedError(messageId, { cause });
    }
  }

  return {
    smtpConfigured: transport !== undefined,
    async sendMail(mail, byCaller) {
      if (mail.to.length === 0) throw new Error('sendMail needs at least one recipient');
      const subject = singleLine(mail.subject);
      if (!transport) {
        return {
          delivered: false,
          messageId: await recordHandedOver(outboxRow(mail, subject, false), null, byCaller),
          recipients: null,
        };
      }
      let recipients: RecipientAnswer[] | null;
      try {
        const info = await transport.sendMail({
          from,
          to: mail.to,
          cc: mail.cc?.length ? mail.cc : undefined,
          subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          attachments: mail.attachments?.map((a) => ({
            filename: singleLine(a.filename),
            content: a.content,
            ...(a.contentType ? { contentType: a.contentType } : {}),
          })),
        });
        recipients = recipientAnswers(info);
        // The client got nothing when every To address was refused, even if a CC took it: a refusal.
        const refusal = everyToRefused(mail.to, recipients);
        if (refusal) throw refusal;
      } catch (cause) {
        // The SMTP failure is what the caller must hear, even if keeping the outbox copy fails too.
        const messageId = await record(outboxRow(mail, subject, false)).catch((error: unknown) => {
          log.error({ err: error }, 'could not keep an undelivered e-mail in the outbox');
          return null;
        });
        // The SMTP error names the server, not the message body; never log the body (it may hold a secret).
        log.error(
          { err: cause, purpose: mail.purpose, messageId },
          'e-mail delivery failed; kept in the outbox',
        );
        throw new MailDeliveryError(messageId, { cause, recipients: recipientAnswers(cause) });
      }
      return {
        delivered: true,
        messageId: await recordHandedOver(outboxRow(mail, subject, true), recipients, byCaller),
        recipients,
      };
    },
    close() {
      transport?.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The one place that sends e-mail (SMTP, or the outbox when SMTP_URL is unset). */
    mailer: Mailer;
  }
}

/**
 * What keeps the server's e-mail from reaching a client, for the send screen's Preview: no mail server
 * (SMTP_URL unset: e-mails stay in the outbox), or a sender at localhost or a host with no domain (MAIL_FROM's
 * built-in `Handoff <handoff@localhost>`), which other mail servers refuse or file as spam; null: set up.
 */
export function mailProblemOf(config: { smtpUrl: string | undefined; mailFrom: string }): MailProblem | null {
  if (!config.smtpUrl) return 'noMailServer';
  const domain = /@([^\s@>]+)>?\s*$/.exec(config.mailFrom)?.[1]?.toLowerCase() ?? '';
  return domain === 'localhost' || !domain.includes('.') ? 'builtInSender' : null;
}

/** Decorates the app with `app.mailer`. */
export const mailPlugin = fp(
  async (app) => {
    const mailer = createMailer({
      db: app.db,
      smtpUrl: app.config.smtpUrl,
      from: app.config.mailFrom,
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer' },
);
