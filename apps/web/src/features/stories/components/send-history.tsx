// The "Sent" section of a project: every e-mail of stories, manual or automatic, newest first, one calm row
// each: the e-mail itself first ("E-mail 4 · 29 Nov, 08:53", its number in the project's history, the first
// sent being 1), under it how many stories, to whom and who sent it, by name; on the right one pill with the
// client's answers to it ("4 passed · 1 failed", "5 waiting", "Link revoked · 5 not answered") and any trouble
// with the send itself. A row unfolds into the client's review (the review link with Copy link and Revoke
// link, each story with its answer, and Offer again where a re-test makes sense) and, folded further, the
// delivery details and the message, so an e-mail kept in the outbox (no mail server, e.g. in the demo) can be
// read here. Its styles are send-history.css.
import type { SendRecord } from '@handoff/core/api';
import { useEffect, useState } from 'react';
import { ChevronRightIcon } from '@/components/ui/admin-icons';
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
                  <ChevronRightIcon className="send__chevron" />
                  <span className="send__main">
                    <span className="send__title">
                      E-mail {sends.length - index}
                      <span aria-hidden="true"> · </span>
                      <span className="visually-hidden">, </span>
                      <ShortDate iso={send.createdAt} withTime />
                    </span>
                    <SendMeta send={send} />
                  </span>
                  <span className="send__side">
                    {send.review ? <ReviewPill review={send.review} /> : null}
                    <OutcomeBadge send={send} />
                  </span>
                </summary>
                <div className="send__content">
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
                      <summary>
                        <ChevronRightIcon className="send__fold-chevron" />
                        Delivery details
                      </summary>
                      <DeliveryDetails send={send} />
                    </details>
                    {send.text ? (
                      <details className="send__fold send__body">
                        <summary>
                          <ChevronRightIcon className="send__fold-chevron" />
                          Show the message
                        </summary>
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

/** The outcome, unless it is a plain success. */
function OutcomeBadge({ send }: { send: SendRecord }) {
  const text = sendStatusText(send);
  return text === null ? null : <Badge tone={statusTone(send)}>{text}</Badge>;
}

/** Whom it went to, short: "dana@acme.test", or "dana@acme.test +1" (every address is in the details). */
function firstRecipient(to: readonly string[]): string {
  return to.length > 1 ? `${to[0]} +${to.length - 1}` : (to[0] ?? '');
}

const storyCount = (n: number) => (n === 1 ? '1 story' : `${n} stories`);

/**
 * The e-mail's state in one pill, on the right of its row: the client's answers ("4 passed · 1 failed", "5
 * waiting", "All 5 passed"), led by "Signed off" once the client signed off, or by "Link revoked" / "Link
 * expired" while stories are left that nobody answered: those are then "not answered" (the link no longer
 * lets the client answer), where an open link's are "waiting". Red when a story failed, amber for a closed
 * link with stories left, green when every story passed, grey while the client may still answer.
 */
function reviewPill(review: NonNullable<SendRecord['review']>): { text: string; tone: BadgeTone } {
  const count = (verdict: 'passed' | 'failed' | 'waiting') =>
    review.stories.filter((story) => story.verdict === verdict).length;
  const total = review.stories.length;
  const [passed, failed, waiting] = [count('passed'), count('failed'), count('waiting')];
  const closed = review.linkState !== 'active';
  const answers =
    total > 1 && passed === total
      ? [`All ${total} passed`]
      : [
          passed > 0 ? `${passed} passed` : '',
          failed > 0 ? `${failed} failed` : '',
          waiting > 0 ? `${waiting} ${verdictWord('waiting', review.linkState).toLowerCase()}` : '',
        ].filter(Boolean);
  const lead = review.signedOff
    ? 'Signed off'
    : closed && waiting > 0
      ? review.linkState === 'revoked'
        ? 'Link revoked'
        : 'Link expired'
      : null;
  const tone: BadgeTone =
    failed > 0 ? 'danger' : closed && waiting > 0 ? 'warning' : waiting > 0 ? 'neutral' : 'success';
  return { text: [lead, ...answers].filter(Boolean).join(' · '), tone };
}

function ReviewPill({ review }: { review: NonNullable<SendRecord['review']> }) {
  const { text, tone } = reviewPill(review);
  return <Badge tone={tone}>{text}</Badge>;
}

/** The row's second line: how many stories, to whom, and who sent it ("5 stories · to dana@… · by Olivia Owner"). */
function SendMeta({ send }: { send: SendRecord }) {
  const parts = [
    send.issueKeys.length > 0 ? <span key="stories">{storyCount(send.issueKeys.length)}</span> : null,
    send.to.length > 0 ? <span key="to">to {firstRecipient(send.to)}</span> : null,
    <SentBy key="by" send={send} />,
  ].filter((part) => part !== null);
  return (
    <span className="send__meta">
      {parts.map((part, index) => (
        <span key={part.key} className="send__meta-part">
          {/* The dot keeps to the part before it: a line that wraps ends with it, never starts with it. */}
          {index > 0 ? <span aria-hidden="true">{'\u00a0· '}</span> : null}
          {part}
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
      <dt>Cc</dt>
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

/** Who sent it: the member by the name they gave (their address on hover), else by address; or "Auto-send". */
function SentBy({ send }: { send: SendRecord }) {
  if (send.trigger === 'auto') return <span>Auto-send</span>;
  if (!send.sentBy) return <span>Sent by hand</span>;
  // "by" keeps to the name: a wrapped line never ends with it.
  return (
    <span title={send.sentByName ? send.sentBy : undefined}>
      {'by\u00a0'}
      {send.sentByName || send.sentBy}
    </span>
  );
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
