// What the mail server answered for each recipient of a message (main README, "Sending stories"):
// nodemailer reports the envelope's accepted and refused recipients, with each refusal's reply
// (info.accepted, info.rejected, info.rejectedErrors; on a message every recipient was refused, the
// error carries rejected and rejectedErrors). https://nodemailer.com/smtp/#error-handling
import { sameEmail } from '@handoff/core';
import type { RecipientAnswer } from '../db/schema.ts';

interface EnvelopeReport {
  accepted?: unknown;
  rejected?: unknown;
  rejectedErrors?: unknown;
}

function addressOf(entry: unknown): string {
  if (entry && typeof entry === 'object' && 'address' in entry) return String(entry.address);
  return String(entry);
}

/**
 * Every To address was refused: the client got nothing, even when a CC took the message. Raised as the
 * mail server's refusal (its reply code), so the message counts as not delivered.
 */
class EveryToRefused extends Error {
  readonly code = 'EENVELOPE';
  readonly command = 'RCPT TO';

  constructor(
    message: string,
    readonly responseCode: number,
    readonly answers: RecipientAnswer[],
  ) {
    super(message);
    this.name = 'EveryToRefused';
  }
}

/** The answer per recipient from nodemailer's report (a sent message's info, or its error); null if none. */
export function recipientAnswers(report: unknown): RecipientAnswer[] | null {
  if (report instanceof EveryToRefused) return report.answers;
  if (!report || typeof report !== 'object') return null;
  const { accepted, rejected, rejectedErrors } = report as EnvelopeReport;
  if (!Array.isArray(accepted) && !Array.isArray(rejected)) return null;
  const errors = Array.isArray(rejectedErrors) ? (rejectedErrors as Array<Record<string, unknown>>) : [];
  const answers: RecipientAnswer[] = (Array.isArray(accepted) ? accepted : []).map((entry) => ({
    address: addressOf(entry),
    accepted: true,
  }));
  for (const address of (Array.isArray(rejected) ? rejected : []).map(addressOf)) {
    const reply = errors.find((error) => addressOf(error.recipient) === address)?.response;
    answers.push({ address, accepted: false, ...(typeof reply === 'string' ? { reply } : {}) });
  }
  return answers;
}

/** The refusal to raise when the mail server refused every To address of a message it otherwise took. */
export function everyToRefused(to: readonly string[], answers: RecipientAnswer[] | null): Error | undefined {
  if (!answers || to.length === 0) return undefined;
  const refusalOf = (address: string) =>
    answers.find((answer) => !answer.accepted && sameEmail(answer.address, address));
  if (!to.every((address) => refusalOf(address))) return undefined;
  const refused = to.map((address) => `${address} (${refusalOf(address)?.reply ?? 'refused'})`);
  const copies = answers.filter((answer) => answer.accepted).map((answer) => answer.address);
  const code = Number(/^[45]\d\d/.exec(refusalOf(to[0] ?? '')?.reply ?? '')?.[0] ?? 550);
  return new EveryToRefused(
    `every To address was refused: ${refused.join(', ')}` +
      (copies.length > 0 ? `; the CC received it anyway: ${copies.join(', ')}` : ''),
    code,
    answers,
  );
}

/** The refused recipients, as "address (reply)", for the history and the sender's answer. */
export function refusedRecipients(answers: readonly RecipientAnswer[] | null): string[] {
  return (answers ?? [])
    .filter((answer) => !answer.accepted)
    .map((answer) => (answer.reply ? `${answer.address} (${answer.reply})` : answer.address));
}
