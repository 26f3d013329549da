import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * How the server answers a message it has read: accept it; refuse it with a 550 reply (it is not kept);
 * or keep it and then drop the connection, or hang, without answering: the sender can't know whether
 * it went through.
 */
export type MailboxAnswer = 'accept' | { refuse: string } | 'drop' | 'hang';

/** A real SMTP server that keeps every message it receives, for tests to read. */
export class Mailbox {
  readonly messages: ParsedMail[] = [];
  /** When set, the server answers every message with this error instead of accepting it. */
  refuseWith: string | undefined;
  /** When set, decides the answer to each message (after `refuseWith`). */
  answer: ((mail: ParsedMail) => MailboxAnswer) | undefined;
  /** Recipients (lower case) refused at RCPT TO with `550 5.1.1 <address>: no such mailbox here`. */
  readonly refusedRecipients = new Set<string>();
  /** The envelope recipients of each message kept, in the order they came. */
  readonly envelopes: string[][] = [];
  private readonly server: SMTPServer;
  private waiters: Array<() => void> = [];
  private readonly hanging = new Set<{ destroy(): void }>();
  private spooled = 0;

  /**
   * With `spoolDir`, each message kept is also written there whole (`000001.eml`, … in arrival order), so
   * that other processes can read the mail (the browser tests' workers: e2e/support/mailbox.ts).
   */
  constructor(private readonly options: { spoolDir?: string } = {}) {
    this.server = new SMTPServer({
      authOptional: true,
      // No reverse DNS look-up of 127.0.0.1 per connection: it only slows the tests down.
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.refusedRecipients.has(address.address.toLowerCase())) return callback();
        const refusal = `5.1.1 <${address.address}>: no such mailbox here`;
        callback(Object.assign(new Error(refusal), { responseCode: 550 }));
      },
      onData: (stream, session, callback) => {
        if (this.refuseWith) {
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error(this.refuseWith), { responseCode: 550 })));
          return;
        }
        readWhole(stream)
          .then(async (source) => ({ source, mail: await simpleParser(source) }))
          .then(({ source, mail }) => {
            const answer = this.answer?.(mail) ?? 'accept';
            if (typeof answer === 'object') {
              callback(Object.assign(new Error(answer.refuse), { responseCode: 550 }));
              return;
            }
            this.messages.push(mail);
            this.spool(source);
            this.envelopes.push(session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()));
            for (const wake of this.waiters.splice(0)) wake();
            if (answer === 'accept') return callback();
            const socket = [...this.server.connections].find((c) => c.session.id === session.id)?._socket;
            if (answer === 'drop') socket?.destroy();
            else if (socket) this.hanging.add(socket);
          })
          .catch(callback);
      },
    });
  }

  /** Writes the message into the spool directory, whole or not at all (a reader never sees half a file). */
  private spool(source: Buffer): void {
    const dir = this.options.spoolDir;
    if (!dir) return;
    this.spooled += 1;
    const name = `${String(this.spooled).padStart(6, '0')}.eml`;
    writeFileSync(path.join(dir, `.${name}.partial`), source);
    renameSync(path.join(dir, `.${name}.partial`), path.join(dir, name));
  }

  /** Listens on the port (0: any free one) and returns the port. */
  listen(port = 0): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => {
        const address = this.server.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
  }

  close(): Promise<void> {
    for (const socket of this.hanging) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The first message (received now or later) that matches, or an error after the time-out. */
  async waitFor(match: (mail: ParsedMail) => boolean, timeoutMs = 15_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`No matching e-mail arrived within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }
}

/** Addresses of a parsed header, lower-cased. */
export function addressesOf(field: ParsedMail['to']): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((group) => group.value.map((entry) => (entry.address ?? '').toLowerCase()));
}

async function readWhole(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
