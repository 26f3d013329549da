// The "Sent" section of a project: every e-mail of stories, manual or automatic, newest first, one calm row
// each, led by the client's answers to it ("4 passed · 1 failed", "5 not answered"), so e-mails of the same
// stories tell apart at a glance; under it its number in the project's history (the first sent being 1), when
// and which stories, who sent it and to whom; any trouble (the outcome, a link that no longer opens) on the
// right. A row unfolds into the client's review (the review link with Copy link and Revoke link, each story
// with its answer, and Offer again where a re-test makes sense) and, folded further, the delivery details and
// the message, so an e-mail kept in the outbox (no mail server, e.g. in the demo) can be read here. Its
// styles are send-history.css.
import type { SendRecord } from '@handoff/core/api';
import { useEffect, useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { AddressList } from '@/components/ui/breakable-text';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { formatDateTime, formatFileSize, ShortDate } from '@/lib/format';
import { useServices } from '@/lib/services';
import { getProjectSends } from '../api/get-project-sends';
import { NoticeReviewView, verdictWord } from './notice-review';
import { REVIEW_LINK } from './review-link-copy';
import './send-history.css';

/** What a send's outcome reads as; null for a plain success (the row then says nothing of it). */
function sendStatusText(send: SendRecord): string | null {
  switch (send.status) {
    case 'sent':
      return send.delivered === false ? 'Kept in the outbox — not delivered' : null;
    case 'failed':
      return `Failed: ${send.error ?? 'no reason given'}`;
    case 'abandoned':
      return send.error ? `Abandoned: ${send.error}` : 'Abandoned';
    case 'unconfirmed':
      return 'Unconfirmed — check with the client';
    default:
      return 'Sending...';
  }
}

function statusTone(send: SendRecord): BadgeTone {
  if (send.status === 'sent') return send.delivered === false ? 'warning' : 'success';
  if (send.status === 'failed' || send.status === 'abandoned') return 'danger';
  return 'info';
}

const list = (values: readonly string[]) => (values.length > 0 ? values.join(', ') : 'None');
const addresses = (values: readonly string[]) =>
  values.length > 0 ? <AddressList addresses={values} /> : 'None';

export function SendHistory({
  userId,
  projectKey,
  version,
}: {
  userId: string;
  projectKey: string;
  /** Bump it to reload the history (after each send). */
  version: number;
}) {
  const { api } = useServices();
  const [sends, setSends] = useState<SendRecord[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` and `attempt` re-run the load.
  useEffect(() => {
    let active = true;
    getProjectSends(api, userId, projectKey)
      .then((data) => {
        if (!active) return;
        setSends(data);
        setFailure(null);
      })
      .catch((error: unknown) => {
        if (active && !isSessionEnded(error)) setFailure(errorMessage(error));
      });
    return () => {
      active = false;
    };
  }, [api, userId, projectKey, version, attempt]);

  const outbox = (sends ?? []).some((send) => send.delivered === false);

  return (
    <section className="send-history" aria-labelledby="send-history-heading">
      <h2 id="send-history-heading" className="visually-hidden">
        Sent
      </h2>
      {outbox ? (
        <p className="send-history__note">
          An e-mail no mail server delivered is kept here: open “Show the message” to read it.
        </p>
      ) : null}
      {failure ? (
        <div className="send-history__failure">
          <p>The send history could not be loaded: {failure}</p>
          <button type="button" className="button button--outline" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      ) : null}
      {sends === null && !failure ? <p className="send-history__empty">Loading the send history...</p> : null}
      {sends !== null && sends.length === 0 ? (
        <p className="send-history__empty">Nothing has been sent for this project yet.</p>
      ) : null}
      {sends !== null && sends.length > 0 ? (
        <ol className="send-history__list">
          {sends.map((send, index) => (
            <li
              key={send.id}
              className="send"
              aria-label={`E-mail ${sends.length - index} of ${formatDateTime(send.createdAt)}`}
            >
              {/* One row per e-mail; its review and delivery unfold (the newest open, as it is the one checked). */}
              <details className="send__item" open={index === 0}>
                <summary className="send__row">
                  <span className="send__main">
                    {send.review ? <ReviewResult review={send.review} /> : null}
                    <span className="send__title">
                      <span className="send__number">E-mail {sends.length - index}</span>{' '}
                      <span className="send__when">
                        <ShortDate iso={send.createdAt} withTime />
                      </span>{' '}
                      <span className="send__keys">{firstKeys(send.issueKeys)}</span>
                    </span>{' '}
                    <span className="send__trigger">
                      <span>{sentBy(send)}</span>
                      {send.to.length > 0 ? ` · to ${firstRecipient(send.to)}` : null}
                    </span>
                  </span>{' '}
                  <span className="send__side">
                    <span className="send__badges">
                      <OutcomeBadge send={send} />
                    </span>
                    <LinkNote review={send.review} />
                  </span>
                </summary>
                <div className="send__content">
                  <p className="send__summary">
                    {send.issueKeys.length > 0 ? `${storyCount(send.issueKeys.length)} to ` : 'To '}
                    <AddressList addresses={send.to} />
                  </p>
                  {send.review ? (
                    <NoticeReviewView
                      review={send.review}
                      userId={userId}
                      projectKey={projectKey}
                      sendId={send.id}
                      sendNumber={sends.length - index}
                      onRevoked={() => setAttempt((n) => n + 1)}
                    />
                  ) : null}
                  <div className="send__folds">
                    <details className="send__fold">
                      <summary>Delivery details</summary>
                      <DeliveryDetails send={send} />
                    </details>
                    {send.text ? (
                      <details className="send__fold send__body">
                        <summary>Show the message</summary>
                        <pre>
                          <MessageText text={send.text} />
                        </pre>
                      </details>
                    ) : null}
                  </div>
                </div>
              </details>
            </li>
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** A review link that no longer opens, in words ("Link revoked", "Link expired"); an active one says nothing. */
function LinkNote({ review }: { review: SendRecord['review'] }) {
  if (!review || review.linkState === 'active') return null;
  return (
    <span className="send__link-state">
      {review.linkState === 'revoked' ? 'Link revoked' : 'Link expired'}
    </span>
  );
}

/** The outcome, unless it is a plain success. */
function OutcomeBadge({ send }: { send: SendRecord }) {
  const text = sendStatusText(send);
  return text === null ? null : <Badge tone={statusTone(send)}>{text}</Badge>;
}

/** Which stories, so rows tell apart at a glance: "DEMO-1, DEMO-2 +3" (the full list is in the details). */
function firstKeys(keys: readonly string[]): string {
  if (keys.length === 0) return 'No stories';
  const shown = keys.slice(0, 2).join(', ');
  return keys.length > 2 ? `${shown} +${keys.length - 2}` : shown;
}

/** Whom it went to, short: "dana@acme.test", or "dana@acme.test +1" (every address is in the details). */
function firstRecipient(to: readonly string[]): string {
  return to.length > 1 ? `${to[0]} +${to.length - 1}` : (to[0] ?? '');
}

const storyCount = (n: number) => (n === 1 ? '1 story' : `${n} stories`);

/** The answers in the order the row says them, each in its colour. */
const RESULT_PARTS = ['passed', 'failed', 'waiting'] as const;

/**
 * The client's answers to one e-mail, leading its row: "4 passed · 1 failed", "5 waiting" (none of a count of
 * zero; "All 5 passed" when every story passed); once the link no longer opens, the stories still waiting are
 * "not answered". A sign-off ends it.
 */
function ReviewResult({ review }: { review: NonNullable<SendRecord['review']> }) {
  const count = (verdict: (typeof RESULT_PARTS)[number]) =>
    review.stories.filter((story) => story.verdict === verdict).length;
  const total = review.stories.length;
  const parts =
    total > 1 && count('passed') === total
      ? [{ verdict: 'passed', text: `All ${total} passed` }]
      : RESULT_PARTS.filter((verdict) => count(verdict) > 0).map((verdict) => ({
          verdict,
          text: `${count(verdict)} ${verdictWord(verdict, review.linkState).toLowerCase()}`,
        }));
  if (review.signedOff) parts.push({ verdict: 'signed-off', text: 'signed off' });
  return (
    <span className="send__result">
      {parts.map((part, index) => (
        <span key={part.verdict}>
          {index > 0 ? (
            <span className="send__result-dot" aria-hidden="true">
              {' · '}
            </span>
          ) : null}
          <span className={`send__result-part send__result-part--${part.verdict}`}>{part.text}</span>
        </span>
      ))}
    </span>
  );
}

/** Recipients, stories, the mail server's answers, subject and attachment: folded, as they are rarely needed. */
function DeliveryDetails({ send }: { send: SendRecord }) {
  return (
    <dl className="details send__details">
      <dt>To</dt>
      <dd>{addresses(send.to)}</dd>
      <dt>CC</dt>
      <dd>{addresses(send.cc)}</dd>
      <dt>Stories</dt>
      <dd>{list(send.issueKeys)}</dd>
      {send.recipients ? (
        <>
          <dt>Mail server</dt>
          <dd>
            <RecipientAnswers answers={send.recipients} />
          </dd>
        </>
      ) : null}
      <dt>Subject</dt>
      <dd>{send.subject || '(none)'}</dd>
      {send.attachmentName ? (
        <>
          <dt>Attachment</dt>
          <dd>
            {send.attachmentName}
            {send.attachmentSize != null ? ` (${formatFileSize(send.attachmentSize)})` : ''}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** Who sent it: the member's e-mail, or "Auto-send". */
function sentBy(send: SendRecord): string {
  if (send.trigger === 'auto') return 'Auto-send';
  return send.sentBy ? `Sent by ${send.sentBy}` : 'Sent by hand';
}

/** A message's text with its review link clickable, so the demo's loop can be followed from here. */
function MessageText({ text }: { text: string }) {
  const parts = text.split(REVIEW_LINK);
  return (
    <>
      {parts.map((part, index) =>
        // split() with a capturing group puts the links at the odd indexes.
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order.
          <a key={index} href={part} target="_blank" rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/** What the mail server answered for each recipient: accepted, or refused with its reply. */
function RecipientAnswers({ answers }: { answers: NonNullable<SendRecord['recipients']> }) {
  return (
    <ul className="send__recipients">
      {answers.map((answer) => (
        <li key={answer.address}>
          {answer.accepted
            ? `${answer.address}: accepted`
            : `${answer.address}: refused${answer.reply ? ` (${answer.reply})` : ''}`}
        </li>
      ))}
    </ul>
  );
}
