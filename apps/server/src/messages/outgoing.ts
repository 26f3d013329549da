// Outgoing messages (docs/architecture.md, "messages/"): every message Handoff sends is composed here
// from its template (notices.ts, staff-notices.ts, account-mail.ts) and handed over by `handOver`, the one
// call of the mailer. A second channel (Slack, Teams) plugs in here: beside the mailer in `handOver`, or as
// another `Channel` a message kind is routed to.
import type { Mailer, OutgoingMail, SentMail } from '../mail/mailer.ts';

/** What writes the record of a message handed over (the ledger's send), in the mailer's own step. */
export type RecordHandedOver = Parameters<Mailer['sendMail']>[1];

/** Hands a composed message to the mailer; throws as the mailer does (see mail/mailer.ts). */
export function handOver(
  mailer: Mailer,
  message: OutgoingMail,
  record?: RecordHandedOver,
): Promise<SentMail> {
  return mailer.sendMail(message, record);
}
