// The "Sent" section of a project: every e-mail of stories, manual or automatic, newest first, one calm row
// each: when it was sent as its title, then the stories it asked about by name, cut short with an ellipsis
// ("29 Nov, 08:53 · Guest checkout, Wish list, …"); under it how many stories, to whom and who sent it, by
// name; on the right the client's answers as separate chips ("✓ 4 passed" green, "✕ 1 failed" red, "5 waiting"
// grey, led by "Signed off", or amber "Link revoked" / "Link expired") and any trouble with the send itself,
// and, on a folded row whose link still opens, Copy link. A row unfolds into the client's review (the review
// link with Copy link and Revoke link, each story with its answer, and Offer again where a re-test makes
// sense) and, folded further, the delivery details and the message, so an e-mail kept in the outbox (no mail
// server, e.g. in the demo) can be read here. Its styles are send-history.css.
import type { SendRecord } from '@handoff/core/api';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { ChevronRightIcon } from '@/components/ui/admin-icons';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { AddressList } from '@/components/ui/breakable-text';
import { type IconProps, Svg } from '@/components/ui/icons';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { formatDateTime, formatFileSize, ShortDate } from '@/lib/format';
import { useServices } from '@/lib/services';
import { getProjectSends } from '../api/get-project-sends';
import { NoticeReviewView, verdictWord } from './notice-review';
import { QuickCopyLink, REVIEW_LINK } from './review-link-copy';
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
            // The newest open, as it is the one checked.
            <SendRow
              key={send.id}
              send={send}
              open={index === 0}
              userId={userId}
              projectKey={projectKey}
              onRevoked={() => setAttempt((n) => n + 1)}
            />
          ))}
        </ol>
      ) : null}
    </section>
  );
}

/** One e-mail's row; its review and delivery unfold. */
function SendRow({
  send,
  open,
  userId,
  projectKey,
  onRevoked,
}: {
  send: SendRecord;
  open: boolean;
  userId: string;
  projectKey: string;
  onRevoked: () => void;
}) {
  const titleId = useId();
  const itemRef = useRef<HTMLDetailsElement>(null);
  const when = formatDateTime(send.createdAt);
  const names = send.review ? send.review.stories.map((story) => story.summary || story.key) : send.issueKeys;
  const copyUrl = send.review?.linkState === 'active' ? send.review.url : null;
  // Without clipboard access: unfold the row and select its link field for a manual copy.
  const unfoldToCopy = () => {
    const item = itemRef.current;
    if (!item) return;
    item.open = true;
    window.setTimeout(() => item.querySelector<HTMLInputElement>('.review-link__url')?.focus());
  };
  return (
    <li className={`send${copyUrl ? ' send--copy' : ''}`} aria-label={`E-mail sent ${when}`}>
      <details ref={itemRef} className="send__item" open={open}>
        <summary className="send__row">
          <ChevronRightIcon className="send__chevron" />
          <span className="send__main">
            <span className="send__title" id={titleId}>
              <ShortDate iso={send.createdAt} withTime />
              {names.length > 0 ? (
                <span className="send__stories">
                  <span aria-hidden="true">{'\u00a0· '}</span>
                  <span className="visually-hidden">, </span>
                  {names.join(', ')}
                </span>
              ) : null}
            </span>
            <SendMeta send={send} />
          </span>
          <span className="send__side">
            {send.review ? <ReviewChips review={send.review} /> : null}
            <OutcomeBadge send={send} />
            {/* Room for Copy link, which is outside the summary (a button inside it would toggle the row). */}
            {copyUrl ? <span className="send__copy-space" aria-hidden="true" /> : null}
          </span>
        </summary>
        <div className="send__content">
          {send.review ? (
            <NoticeReviewView
              review={send.review}
              userId={userId}
              projectKey={projectKey}
              sendId={send.id}
              sentAt={when}
              onRevoked={onRevoked}
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
      {copyUrl ? <QuickCopyLink url={copyUrl} describedBy={titleId} onFallback={unfoldToCopy} /> : null}
    </li>
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

const CheckIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20 6L9 17l-5-5" />
  </Svg>
);

const CrossIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M18 6L6 18M6 6l12 12" />
  </Svg>
);

/** A seal with a check: the client signed the e-mail's testing off. */
const CheckBadgeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 2l2.4 1.8 3-.2.9 2.9 2.5 1.7-.9 2.8.9 2.8-2.5 1.7-.9 2.9-3-.2L12 22l-2.4-1.8-3 .2-.9-2.9-2.5-1.7.9-2.8-.9-2.8 2.5-1.7.9-2.9 3 .2z" />
    <path d="M8.5 12l2.5 2.5 4.5-5" />
  </Svg>
);

type Chip = { text: string; tone: BadgeTone; icon?: ReactNode };

/**
 * The e-mail's state as separate chips, on the right of its row, so a mostly passed round does not read as a
 * failure: "Signed off" (neutral, a seal) once the client signed off, or amber "Link revoked" / "Link expired"
 * while stories are left that nobody answered; then the answers: green "4 passed" (or "All 5 passed") with a
 * check, red "1 failed" with a cross, grey "5 waiting" ("not answered" once the link no longer opens).
 */
function reviewChips(review: NonNullable<SendRecord['review']>): Chip[] {
  const count = (verdict: 'passed' | 'failed' | 'waiting') =>
    review.stories.filter((story) => story.verdict === verdict).length;
  const total = review.stories.length;
  const [passed, failed, waiting] = [count('passed'), count('failed'), count('waiting')];
  const closed = review.linkState !== 'active';
  const chips: Chip[] = [];
  if (review.signedOff) chips.push({ text: 'Signed off', tone: 'neutral', icon: <CheckBadgeIcon /> });
  else if (closed && waiting > 0)
    chips.push({ text: review.linkState === 'revoked' ? 'Link revoked' : 'Link expired', tone: 'warning' });
  if (passed > 0)
    chips.push({
      text: total > 1 && passed === total ? `All ${total} passed` : `${passed} passed`,
      tone: 'success',
      icon: <CheckIcon />,
    });
  if (failed > 0) chips.push({ text: `${failed} failed`, tone: 'danger', icon: <CrossIcon /> });
  if (waiting > 0)
    chips.push({
      text: `${waiting} ${verdictWord('waiting', review.linkState).toLowerCase()}`,
      tone: 'neutral',
    });
  return chips;
}

function ReviewChips({ review }: { review: NonNullable<SendRecord['review']> }) {
  return (
    <>
      {reviewChips(review).map((chip, index) => (
        <Badge key={chip.text} tone={chip.tone}>
          {/* Read as one phrase: "Signed off, 4 passed, 1 failed". */}
          {index > 0 ? <span className="visually-hidden">, </span> : null}
          {chip.icon}
          {chip.text}
        </Badge>
      ))}
    </>
  );
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
