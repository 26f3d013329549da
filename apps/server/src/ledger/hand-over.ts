// The hand-over: the one step where the message of a send, manual or automatic, goes to the mail
// server, and how it ended is recorded (README.md: "One hand-over step", "Refused means refused").
import {
  describeDeliveryFailure,
  MailDeliveryError,
  MailNotRecordedError,
  mailServerRefused,
} from '../mail/mailer.ts';
import { refusedRecipients } from '../mail/recipient-answers.ts';
import { sendStories } from '../messages/notices.ts';
import { release } from './give-backs.ts';
import type { Delivery, LedgerContext, OpenSend, StoriesMessage } from './ledger.ts';
import { confirmSent, markSendUnconfirmed, recordRecipientAnswers } from './sends.repository.ts';

const UNRECORDED_REASON =
  'The mail server took the e-mail, but its outcome could not be recorded; check with the client whether it arrived.';

/** See Ledger.deliver. */
export async function deliver(
  context: LedgerContext,
  send: OpenSend,
  message: StoriesMessage,
): Promise<Delivery> {
  const { log } = context;
  let delivered: boolean;
  let refused: string[];
  try {
    const result = await sendStories(
      context.mailer,
      {
        to: message.to,
        cc: message.cc,
        subject: message.subject,
        text: message.text,
        attachments: message.attachment ? [message.attachment] : [],
      },
      send.notice,
      async (outboxRow, recipients) => {
        await context.beforeConfirm?.(send, message);
        return confirmSent(context.db, send.id, outboxRow, context.now(), recipients);
      },
    );
    context.notices?.handedOver();
    delivered = result.delivered;
    refused = refusedRecipients(result.recipients);
  } catch (error) {
    if (error instanceof MailNotRecordedError) {
      log.error({ err: error.cause, sendId: send.id }, 'an accepted e-mail could not be recorded as sent');
      await markSendUnconfirmed(context.db, send.id, UNRECORDED_REASON, context.now()).catch(() => {});
      return { outcome: 'unconfirmed', reason: UNRECORDED_REASON };
    }
    const reason = describeDeliveryFailure(error);
    if (mailServerRefused(error)) {
      try {
        // The evidence first: the failed send then shows which recipients (a CC, say) got it anyway.
        if (error instanceof MailDeliveryError && error.recipients)
          await recordRecipientAnswers(context.db, send.id, error.recipients);
        await release(
          context,
          send.projectId,
          [send.id],
          'sending',
          'failed',
          `The mail server refused the e-mail: ${reason}`,
        );
        return { outcome: 'refused', reason };
      } catch (recordError) {
        // Keys kept: the sweep marks the send unconfirmed, so the stories are flagged, not lost.
        log.error({ err: recordError, sendId: send.id }, 'could not give back the keys of a refused send');
        return { outcome: 'unconfirmed', reason: UNRECORDED_REASON };
      }
    }
    const unconfirmed = `The mail server did not confirm the e-mail (${reason}); check with the client whether it arrived.`;
    await markSendUnconfirmed(context.db, send.id, unconfirmed, context.now()).catch((recordError: unknown) =>
      log.error({ err: recordError, sendId: send.id }, 'could not mark a send unconfirmed'),
    );
    return { outcome: 'unconfirmed', reason: unconfirmed };
  }
  return { outcome: 'sent', delivered, refused };
}
