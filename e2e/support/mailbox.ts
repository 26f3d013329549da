// The mail of the run, as a test reads it: every message the global setup's SMTP server (mail-server.ts)
// received, from its spool directory, parsed once per worker.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { MAIL_DIR_VARIABLE } from './mail-server.ts';

export class TestMailbox {
  private readonly parsed: ParsedMail[] = [];

  /** Read when first used: spec files are also loaded before the global setup, to list their tests. */
  private get spoolDir(): string {
    const dir = process.env[MAIL_DIR_VARIABLE];
    if (!dir)
      throw new Error(
        `${MAIL_DIR_VARIABLE} is not set: run the browser tests through their Playwright config`,
      );
    return dir;
  }

  /** Every message received so far, in the order it came. */
  private async received(): Promise<ParsedMail[]> {
    const names = readdirSync(this.spoolDir)
      .filter((name) => name.endsWith('.eml'))
      .sort();
    for (const name of names.slice(this.parsed.length)) {
      this.parsed.push(await simpleParser(readFileSync(path.join(this.spoolDir, name))));
    }
    return this.parsed;
  }

  /**
   * Every message addressed to `recipient` so far, in the order it came. Mail is read by recipient only:
   * the spec files run side by side on one mailbox, so each test reads the mail of an address of its own.
   */
  async to(recipient: string): Promise<ParsedMail[]> {
    return (await this.received()).filter((mail) => recipientsOf(mail).includes(recipient.toLowerCase()));
  }

  /** The first message to `recipient` (received now or later) that matches, or an error after the time-out. */
  async waitFor(
    recipient: string,
    match: (mail: ParsedMail) => boolean = () => true,
    timeoutMs = 15_000,
  ): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = (await this.to(recipient)).find(match);
      if (found) return found;
      if (Date.now() >= deadline)
        throw new Error(`No matching e-mail to ${recipient} arrived within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The To addresses of a message, lower-cased. */
function recipientsOf(mail: ParsedMail): string[] {
  const lists = mail.to === undefined ? [] : Array.isArray(mail.to) ? mail.to : [mail.to];
  return lists.flatMap((list) => list.value.map((address) => (address.address ?? '').toLowerCase()));
}

/** The run's mailbox. */
export const mailbox = new TestMailbox();
