// Reminders (main README, "The client's review"): checked in every auto-send round, in every server
// process. A notice whose link is active, that is not signed off and has stories without a verdict is
// reminded when its project's days have passed since the notice or its last reminder, at most twice; the
// e-mail goes to the notice's own To and CC addresses with a working link to the same notice (its own
// token). The claim (reminders.repository.ts) makes each reminder go out once across processes.
import { clientLanguageOf } from '@handoff/core/client-language';
import { mailServerRefused } from '../mail/mailer.ts';
import { sendReminder } from '../messages/notices.ts';
import { claimDueReminders, finishReminder } from './reminders.repository.ts';
import type { ReviewDeps } from './review.service.ts';
import { hashReviewToken, newReviewToken } from './review-links.ts';

const BATCH = 25;

/** One round: every due notice's reminder, each e-mailed once. Returns how many went out. */
export async function runReminderRound(
  deps: ReviewDeps,
  publicUrl: string,
  now: Date,
): Promise<{ sent: number; failed: number }> {
  const report = { sent: 0, failed: 0 };
  for (;;) {
    const tokens = new Map<string, string>();
    const due = await claimDueReminders(deps.db, now, BATCH, () => {
      const token = newReviewToken();
      const hash = hashReviewToken(token);
      tokens.set(hash, token);
      return hash;
    });
    for (const reminder of due) {
      const link = `${publicUrl}/review/${tokens.get(reminder.token_hash)}`;
      const summaryOf = (key: string) => reminder.stories?.find((story) => story.key === key)?.summary ?? key;
      try {
        await sendReminder(deps.mailer, {
          to: reminder.to_addresses,
          cc: reminder.cc_addresses,
          subject: reminder.subject ?? '',
          link,
          language: clientLanguageOf(reminder.client_language),
          stories: reminder.unanswered.map((key) => ({ key, summary: summaryOf(key) })),
        });
        await finishReminder(deps.db, reminder.reminder_id, { status: 'sent', error: null, at: deps.now() });
        report.sent += 1;
      } catch (error) {
        const refused = mailServerRefused(error);
        const message = error instanceof Error ? error.message : String(error);
        // Refused: tried again next round. Otherwise it may have gone out: kept as sent, never twice.
        await finishReminder(deps.db, reminder.reminder_id, {
          status: refused ? 'failed' : 'sent',
          error: refused
            ? `The mail server refused the reminder: ${message}`
            : `Maybe not delivered: ${message}`,
          at: deps.now(),
        });
        if (refused) report.failed += 1;
        deps.log.warn({ err: error, linkId: reminder.link_id }, 'a reminder was not confirmed');
      }
    }
    if (due.length < BATCH) return report;
  }
}
