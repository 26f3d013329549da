import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/database.ts';

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
  attachments?: MailAttachment[];
  /**
   * The body to keep in `mail_messages` once the message has been delivered, when the real body holds
   * a secret (a password-reset link). Undelivered messages keep the real body: the outbox must be usable.
   */
  storedText?: string;
}

export interface SentMail {
  /** True when an SMTP server accepted the message; false when it was only kept in the outbox. */
  delivered: boolean;
  /** The id of the `mail_messages` row that records the message. */
  messageId: string;
}

/** SMTP refused or could not be reached. The message is recorded in the outbox as not delivered. */
export class MailDeliveryError extends Error {
  constructor(
    readonly messageId: string,
    options: { cause: unknown },
  ) {
    super('The e-mail could not be delivered: the mail server refused it or could not be reached.', options);
    this.name = 'MailDeliveryError';
  }
}

/** What the mail server said when a message did not go out (never the message's body). */
export function describeDeliveryFailure(error: unknown): string {
  const cause = error instanceof MailDeliveryError ? error.cause : error;
  return cause instanceof Error ? cause.message : String(cause);
}

export interface Mailer {
  /** True when SMTP_URL is set: messages are delivered, not only kept in the outbox. */
  readonly smtpConfigured: boolean;
  /**
   * Sends one message: over SMTP when SMTP_URL is set, else it only goes to the outbox. Every message is
   * recorded in `mail_messages`. Throws MailDeliveryError when SMTP fails (the message is then recorded
   * as not delivered).
   */
  sendMail(mail: OutgoingMail): Promise<SentMail>;
  close(): void;
}

/** Header values must never carry a line break (header injection); folds them into spaces. */
export function singleLine(value: string): string {
  return value.replace(/[\r\n]+/g, ' ');
}

export function createMailer(options: {
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

  async function record(mail: OutgoingMail, subject: string, delivered: boolean): Promise<string> {
    const attachments = mail.attachments ?? [];
    const row = await db
      .insertInto('mail_messages')
      .values({
        purpose: mail.purpose,
        from_address: from,
        to_addresses: mail.to,
        cc_addresses: mail.cc ?? [],
        subject,
        text_body: delivered && mail.storedText !== undefined ? mail.storedText : mail.text,
        attachment_name: attachments.length
          ? attachments.map((a) => singleLine(a.filename)).join(', ')
          : null,
        attachment_size: attachments.length
          ? attachments.reduce((sum, a) => sum + a.content.length, 0)
          : null,
        delivered,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  return {
    smtpConfigured: transport !== undefined,
    async sendMail(mail) {
      if (mail.to.length === 0) throw new Error('sendMail needs at least one recipient');
      const subject = singleLine(mail.subject);
      if (!transport) {
        return { delivered: false, messageId: await record(mail, subject, false) };
      }
      try {
        await transport.sendMail({
          from,
          to: mail.to,
          cc: mail.cc?.length ? mail.cc : undefined,
          subject,
          text: mail.text,
          attachments: mail.attachments?.map((a) => ({
            filename: singleLine(a.filename),
            content: a.content,
            ...(a.contentType ? { contentType: a.contentType } : {}),
          })),
        });
      } catch (cause) {
        const messageId = await record(mail, subject, false);
        // The SMTP error names the server, not the message body; never log the body (it may hold a secret).
        log.error(
          { err: cause, purpose: mail.purpose, messageId },
          'e-mail delivery failed; kept in the outbox',
        );
        throw new MailDeliveryError(messageId, { cause });
      }
      return { delivered: true, messageId: await record(mail, subject, true) };
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
