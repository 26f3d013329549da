// The send screen's "Preview" (README, "What and where to test"): the e-mail as the client will receive it,
// the check step before sending, so its footer sends it (`Send Email`) or goes back to the draft.
// Above the body, a mail program's header: From (the server's MAIL_FROM, from the review settings, its name
// first), To, Cc, Subject and the attachment; above that, only when no mail server is connected, a plain
// warning that the e-mail will not reach the client yet (a built-in sender address is a badge on the From
// line, its cause and remedy a grey line under the header). The body is the e-mail's HTML part, made by the very template the server sends
// (@handoff/core/notice-mail) from the draft on screen, the project's test environment and the answer-by
// date, shown in lib/mail-frame's MailFrame (a sandboxed iframe as tall as the e-mail, so the dialog scrolls
// as one message).

import type { MailProblem } from '@handoff/core/api';
import { clientTexts } from '@handoff/core/catalogues/index';
import type { ClientLanguage } from '@handoff/core/client-language';
import { type NoticeSender, reviewNoticeHtml, subjectLine } from '@handoff/core/notice-mail';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { getReviewSettings } from '@/api/review';
import { CloseIcon } from '@/components/ui/admin-icons';
import { AddressList } from '@/components/ui/breakable-text';
import { useModal } from '@/components/ui/use-modal';
import { errorMessage, isSessionEnded } from '@/lib/errors';
import { MailFrame, previewLink } from '@/lib/mail-frame';
import { useServices } from '@/lib/services';
import './notice-preview.css';

/** The e-mail's header as the client's mail program shows it. */
interface MailHeader {
  /** The server's sender (null: not known, the review settings could not be loaded). */
  from: string | null;
  /** Why the server's mail may not reach the client (null: set up, or not known). */
  mailProblem: MailProblem | null;
  to: readonly string[];
  cc: readonly string[];
  subject: string;
  /** The attached file's name, if any. */
  attachment: string | null;
}

interface NoticePreviewProps {
  userId: string;
  projectKey: string;
  /** The draft as it stands, and the keys of its stories (for the Passed / Failed links). */
  text: string;
  issueKeys: readonly string[];
  answerBy: string;
  /** The release the notice is of ('' for none): its `Release:` line. */
  release?: string;
  /** Who receives it, its subject and attachment, for the header above the body. */
  to: readonly string[];
  cc: readonly string[];
  subject: string;
  attachment?: string | null;
  /** Sends the e-mail (the screen's `Send Email`); the preview closes first. */
  onSend: () => void;
  sending: boolean;
}

export function NoticePreview({
  userId,
  projectKey,
  text,
  issueKeys,
  answerBy,
  release,
  to,
  cc,
  subject,
  attachment = null,
  onSend,
  sending,
}: NoticePreviewProps) {
  const { api } = useServices();
  const [html, setHtml] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [from, setFrom] = useState<string | null>(null);
  const [mailProblem, setMailProblem] = useState<MailProblem | null>(null);
  const [opening, setOpening] = useState(false);

  const open = async () => {
    if (opening) return;
    setOpening(true);
    let testEnvironment: string | null = null;
    let language: ClientLanguage = 'en';
    let mailFrom: string | null = null;
    let mail: MailProblem | null = null;
    let sender: NoticeSender | null = null;
    let problem: string | null = null;
    try {
      const settings = await getReviewSettings(api, userId, projectKey);
      ({ testEnvironment, clientLanguage: language, mailFrom, mailProblem: mail } = settings);
      sender = settings.sender ?? null;
    } catch (error) {
      if (isSessionEnded(error)) {
        setOpening(false);
        return;
      }
      problem = `The project's review settings could not be loaded (${errorMessage(error)}); the sender and the test environment are left out here, and the e-mail's own lines are in English.`;
    }
    setNote(problem);
    setFrom(mailFrom);
    setMailProblem(mail);
    setHtml(
      reviewNoticeHtml(
        text,
        previewLink(),
        issueKeys,
        { release: release || null, testEnvironment, answerBy: answerBy || null, sender },
        { language, t: clientTexts(language) },
      ),
    );
    setOpening(false);
  };

  return (
    <>
      <button
        type="button"
        className="button button--outline"
        onClick={open}
        aria-disabled={opening}
        disabled={text.trim() === ''}
      >
        Preview
      </button>
      {html !== null
        ? createPortal(
            <PreviewDialog
              html={html}
              header={{ from, mailProblem, to, cc, subject, attachment }}
              note={note}
              onClose={() => setHtml(null)}
              onSend={() => {
                setHtml(null);
                onSend();
              }}
              sending={sending}
            />,
            document.body,
          )
        : null}
    </>
  );
}

/**
 * Said only when it changes what the sender should expect, in a sender's words (no setting names): without a
 * mail server, this e-mail waits in the outbox and never reaches the client. A built-in sender address is
 * only a risk of spam, which the From line's badge names.
 */
function MailWarning() {
  return (
    <div className="callout callout--warning notice-preview__warning" role="note">
      <p className="callout__title">This e-mail won't reach the client yet</p>
      <p>
        No mail server is connected to Handoff, so it will wait in the outbox. Whoever set up Handoff can
        connect one.
      </p>
    </div>
  );
}

/** A sender as a mail program shows it: its name first, its address after it in grey (`Handoff <a@b>`). */
function Sender({ from }: { from: string }) {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
  if (!match?.[1]) return <AddressList addresses={[from]} />;
  return (
    <>
      <span className="notice-preview__sender">{match[1]}</span>{' '}
      <span className="notice-preview__address">
        &lt;
        <AddressList addresses={[match[2] ?? '']} />
        &gt;
      </span>
    </>
  );
}

/** The address part of a sender (`Handoff <a@b>` gives `a@b`). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** A built-in sender's risk of spam: a badge on the From line; its cause and remedy in a line under the header. */
function SpamRisk() {
  return (
    <>
      {' '}
      <span className="badge badge--warning">May land in spam</span>
    </>
  );
}

/** Why a built-in sender may land in spam, and the remedy, in a sender's words (no setting names). */
function SpamNote({ from }: { from: string }) {
  return (
    <p className="notice-preview__spam-note">
      Sent from {addressOf(from)}, a test address mail providers can't verify; whoever set up Handoff can set
      a sending domain of your own to reach inboxes.
    </p>
  );
}

/** From, To, Cc, Subject and the attachment, labelled, as a mail program heads a message. */
function MessageHeader({ header }: { header: MailHeader }) {
  const subject = subjectLine(header.subject);
  return (
    <dl className="notice-preview__header-fields">
      {header.from ? (
        <div>
          <dt>From</dt>
          <dd>
            <Sender from={header.from} />
            {header.mailProblem === 'builtInSender' ? <SpamRisk /> : null}
          </dd>
        </div>
      ) : null}
      <div>
        <dt>To</dt>
        <dd>{header.to.length > 0 ? <AddressList addresses={header.to} /> : 'none'}</dd>
      </div>
      {header.cc.length > 0 ? (
        <div>
          <dt>Cc</dt>
          <dd>
            <AddressList addresses={header.cc} />
          </dd>
        </div>
      ) : null}
      <div className="notice-preview__subject">
        <dt>Subject</dt>
        <dd>{subject || '(none)'}</dd>
      </div>
      {header.attachment ? (
        <div>
          <dt>Attachment</dt>
          <dd>{header.attachment}</dd>
        </div>
      ) : null}
    </dl>
  );
}

function PreviewDialog({
  html,
  header,
  note,
  onClose,
  onSend,
  sending,
}: {
  html: string;
  header: MailHeader;
  note: string | null;
  onClose: () => void;
  onSend: () => void;
  sending: boolean;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  useModal(rootRef, closeRef);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    }
  };
  return (
    <div className="dialog-backdrop" ref={rootRef}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="notice-preview"
        onKeyDown={onKeyDown}
      >
        <div className="notice-preview__header">
          <div>
            <h2 id={titleId} className="notice-preview__title">
              Preview of the e-mail
            </h2>
            <p className="notice-preview__note">
              As the client's mail program will show it; their own review link is made when you send.
            </p>
          </div>
          <button
            ref={closeRef}
            type="button"
            className="button button--ghost notice-preview__close"
            aria-label="Close"
            onClick={onClose}
          >
            <CloseIcon />
          </button>
        </div>
        {note ? <p className="notice-preview__note notice-preview__note--error">{note}</p> : null}
        {header.mailProblem === 'noMailServer' ? <MailWarning /> : null}
        {/* The message scrolls between the title and the footer: a named region the keyboard can scroll. */}
        <section
          className="notice-preview__message"
          aria-label="The e-mail"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus.
          tabIndex={0}
        >
          <MessageHeader header={header} />
          {header.from && header.mailProblem === 'builtInSender' ? <SpamNote from={header.from} /> : null}
          <MailFrame
            className="notice-preview__frame"
            title="The e-mail as the client will see it"
            html={html}
          />
        </section>
        {/* The check step's way on: back to the draft, or send it as previewed (the primary, on the right). */}
        <div className="notice-preview__footer">
          <button type="button" className="button button--secondary" onClick={onClose}>
            Back to editing
          </button>
          <button
            type="button"
            className="button button--primary"
            aria-disabled={sending}
            onClick={sending ? undefined : onSend}
          >
            Send Email
          </button>
        </div>
      </div>
    </div>
  );
}
