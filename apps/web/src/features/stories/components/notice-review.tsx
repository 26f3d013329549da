// A notice's client review in the Sent history: the link's state with its expiry, and per story
// the client's verdict (Waiting, Passed or Failed) with the comment, when it was given and whether it
// reached the tracker; Offer again on the stories a re-test is for (failed, or not answered). An active link
// can be revoked, after a confirmation.
import type { NoticeReview } from '@handoff/core/api';
import { useState } from 'react';
import { offerStoryAgain, revokeReviewLink } from '@/api/review';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { BusyButton } from '@/components/ui/busy-button';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { formatShortDateTime, ShortDate } from '@/lib/format';
import { useServices } from '@/lib/services';
import { ReviewLinkCopy } from './review-link-copy';

export const REVOKE_CONFIRM =
  'Revoke this review link? The client will no longer be able to open it or change their results.';

type ReviewedStory = NoticeReview['stories'][number];

const verdictText: Record<ReviewedStory['verdict'], string> = {
  waiting: 'Waiting',
  passed: 'Passed',
  failed: 'Failed',
};

const verdictTone: Record<ReviewedStory['verdict'], BadgeTone> = {
  waiting: 'neutral',
  passed: 'success',
  failed: 'danger',
};

/**
 * A story's answer in words: a story still waiting once the link no longer opens (revoked or expired) will
 * not be answered through it, so it says so instead of "Waiting".
 */
export function verdictWord(verdict: ReviewedStory['verdict'], linkState: NoticeReview['linkState']): string {
  return verdict === 'waiting' && linkState !== 'active' ? 'Not answered' : verdictText[verdict];
}

/** "Active until 12 Mar, 09:00", "Expired on …" or "Revoked". */
function linkStateText(review: NoticeReview): string {
  const until = formatShortDateTime(review.expiresAt);
  if (review.linkState === 'active') return `Active until ${until}`;
  if (review.linkState === 'expired') return `Expired on ${until}`;
  return 'Revoked';
}

/**
 * Whether the verdict reached the tracker: waiting to be written, written, or refused (the reason then).
 * Whose token wrote it stays in the tracker's own comment, not on this screen.
 */
function writeBackText(story: ReviewedStory): string | null {
  switch (story.writeBack) {
    case 'pending':
      return 'Not written to the tracker yet';
    case 'written':
      // The comment is in the tracker; the chosen transition may still have been refused (its reason).
      return story.writeBackError ?? 'Written to the tracker';
    case 'refused':
      return `Not written to the tracker: ${story.writeBackError ?? 'no reason given'}`;
    default:
      return null;
  }
}

/**
 * Whether a story's row offers it again: one that failed, or that nobody answered before the link stopped
 * opening; not one that passed, nor one the client may still answer (the review status offers any story).
 */
function offerable(story: ReviewedStory, linkState: NoticeReview['linkState']): boolean {
  return story.verdict === 'failed' || (story.verdict === 'waiting' && linkState !== 'active');
}

export function NoticeReviewView({
  review,
  userId,
  projectKey,
  sendId,
  sentAt,
  onRevoked,
}: {
  review: NoticeReview;
  /** When the e-mail was sent, in words ("29 Nov 2026, 09:49"): it names this review among the others. */
  sentAt: string;
  userId: string;
  projectKey: string;
  sendId: string;
  /** Called after the link was revoked (the history reloads). */
  onRevoked: () => void;
}) {
  const { api } = useServices();
  const [confirming, setConfirming] = useState(false);
  const [revoking, setRevoking] = useState(false);
  const [offered, setOffered] = useState<ReadonlySet<string>>(new Set());

  const offerAgain = async (...issueKeys: string[]) => {
    try {
      for (const issueKey of issueKeys) {
        await offerStoryAgain(api, userId, projectKey, issueKey);
        setOffered((keys) => new Set([...keys, issueKey]));
      }
    } catch (error) {
      if (!isSessionEnded(error)) window.alert(errorMessage(error));
    }
  };
  // Several stories to test again: one action for the e-mail, not a button on every row.
  const toOffer = review.stories.filter((story) => offerable(story, review.linkState));
  const perStory = toOffer.length === 1;

  const revoke = async () => {
    setRevoking(true);
    try {
      await revokeReviewLink(api, userId, projectKey, sendId);
      setConfirming(false);
      onRevoked();
    } catch (error) {
      setConfirming(false);
      if (!isSessionEnded(error)) window.alert(errorMessage(error));
    } finally {
      setRevoking(false);
    }
  };

  return (
    <section className="notice-review" aria-label={`Client review of the e-mail sent ${sentAt}`}>
      <p className="notice-review__link">
        Review link:{' '}
        <span className={`notice-review__state notice-review__state--${review.linkState}`}>
          {linkStateText(review)}
        </span>
      </p>
      {review.linkState === 'active' ? (
        <div className="notice-review__link-actions">
          <ReviewLinkCopy url={review.url} />
          <Button variant="danger-outline" size="small" onClick={() => setConfirming(true)}>
            Revoke link
          </Button>
        </div>
      ) : null}
      {review.signedOff ? (
        <p className="notice-review__signed-off">
          Signed off by {review.signedOff.by} on <ShortDate iso={review.signedOff.at} withTime />
          {review.signedOff.conditional ? ' — a conditional sign-off: some stories failed' : ''}
        </p>
      ) : null}
      {review.reminders.map((reminder) => (
        <p key={reminder.at} className="notice-review__reminder">
          {reminder.sent ? 'Reminder sent ' : 'Reminder not sent (tried again next round) '}
          <ShortDate iso={reminder.at} withTime />
          {reminder.error ? `: ${reminder.error}` : ''}
        </p>
      ))}
      {toOffer.length > 1 ? <OfferAll stories={toOffer} offered={offered} onOffer={offerAgain} /> : null}
      <ul
        className={`notice-review__stories${perStory ? ' notice-review__stories--action' : ''}`}
        aria-label="Client results"
      >
        {review.stories.map((story) => {
          const jira = writeBackText(story);
          return (
            <li key={story.key} className="notice-review__story">
              <p className="notice-review__head">
                <span className="notice-review__key">{story.key}</span>
                <span className="notice-review__summary">{story.summary}</span>
                <Badge tone={verdictTone[story.verdict]}>
                  {verdictWord(story.verdict, review.linkState)}
                </Badge>
                {!perStory || !offerable(story, review.linkState) ? null : offered.has(story.key) ? (
                  <span className="notice-review__action notice-review__offered" role="status">
                    Offered again
                  </span>
                ) : (
                  <Button
                    size="small"
                    className="notice-review__action"
                    aria-label={`Offer again ${story.key}`}
                    onClick={() => offerAgain(story.key)}
                  >
                    Offer again
                  </Button>
                )}
              </p>
              {story.comment ? <p className="notice-review__comment">“{story.comment}”</p> : null}
              {story.answeredAt || jira ? (
                <p className="notice-review__meta">
                  {story.answeredAt ? <ShortDate iso={story.answeredAt} withTime /> : null}
                  {story.reviewer ? <span>by {story.reviewer}</span> : null}
                  {jira ? (
                    <span
                      className={
                        story.writeBack === 'refused' || story.writeBackError
                          ? 'notice-review__jira--refused'
                          : undefined
                      }
                    >
                      {jira}
                    </span>
                  ) : null}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={confirming}
        message={REVOKE_CONFIRM}
        busy={revoking}
        confirmLabel="Revoke link"
        cancelLabel="Cancel"
        onConfirm={revoke}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/**
 * The e-mail's one Offer again when several of its stories are for a re-test (failed, or not answered): it
 * offers them all, and says so once done.
 */
function OfferAll({
  stories,
  offered,
  onOffer,
}: {
  stories: readonly ReviewedStory[];
  offered: ReadonlySet<string>;
  onOffer: (...issueKeys: string[]) => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const failed = stories.filter((story) => story.verdict === 'failed').length;
  const what =
    failed === stories.length
      ? `${stories.length} failed stories`
      : failed === 0
        ? `${stories.length} stories nobody answered`
        : `${stories.length} stories that failed or were not answered`;
  const done = stories.every((story) => offered.has(story.key));
  return (
    <div className="notice-review__offer-all">
      <p className="notice-review__offer-text" aria-live="polite">
        {done ? `The ${what} are offered again for a re-test.` : `Send the ${what} again for a re-test?`}
      </p>
      {done ? null : (
        <BusyButton
          busy={busy}
          className="button button--outline button--small"
          onClick={async () => {
            setBusy(true);
            await onOffer(...stories.filter((story) => !offered.has(story.key)).map((story) => story.key));
            setBusy(false);
          }}
        >
          Offer {stories.length} again
        </BusyButton>
      )}
    </div>
  );
}
