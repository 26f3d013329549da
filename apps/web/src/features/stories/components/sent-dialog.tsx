// The confirmation after sending (docs/product.md §4, §8): the shared result dialog's green success look, its
// message "Email sent to the client." and what went where in one summary line; Okay, its one main action, opens the Sent tab where
// the e-mail heads the history with its review link; under it one quiet link to the project's review status,
// where the client's answers come in. Its own component rather than a variant of ResultDialog: that one is part of the
// sign-in page's bundle, which has no room to grow, and the next steps are the send screen's alone.
import { texts } from '@handoff/core';
import { type KeyboardEvent, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { AddressList } from '@/components/ui/breakable-text';
import { CheckCircleIcon } from '@/components/ui/icons';
import { useModal } from '@/components/ui/use-modal';
import { paths, projectHref } from '@/config/paths';
import type { SentNotice } from '../hooks/use-send-notice';

export function SentDialog({
  sent,
  projectKey,
  siteId,
  onOkay,
  onLeave,
}: {
  sent: SentNotice;
  projectKey: string;
  siteId: string;
  /** Okay: closes the dialog and shows the e-mail in the Sent tab. */
  onOkay: () => void;
  /** A next step chosen: the dialog closes as its link opens another page. */
  onLeave: () => void;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const okayRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  const typeId = useId();
  useModal(rootRef, okayRef);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onOkay();
  };

  return createPortal(
    <div className="dialog-backdrop" ref={rootRef}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={messageId}
        aria-describedby={typeId}
        className="result-dialog result-dialog--success sent-dialog"
        onKeyDown={onKeyDown}
      >
        <span className="result-dialog__icon">
          <CheckCircleIcon />
        </span>
        <span id={typeId} className="visually-hidden">
          Success
        </span>
        <p id={messageId} className="result-dialog__message">
          {sent.message}
        </p>
        {/* What went where, as one summary: "1 story · to dana@… · cc pm@…", a line breaking only between
            its parts (or inside an address too long for one). */}
        <p className="result-dialog__detail sent-dialog__detail">
          <span className="sent-dialog__part">
            {sent.storyCount} {sent.storyCount === 1 ? 'story' : 'stories'}
            <span aria-hidden="true"> ·</span>
          </span>{' '}
          <span className="sent-dialog__part">
            to <AddressList addresses={sent.to} />
            {sent.cc.length > 0 ? <span aria-hidden="true"> ·</span> : null}
          </span>
          {sent.cc.length > 0 ? (
            <>
              {' '}
              <span className="sent-dialog__part">
                cc <AddressList addresses={sent.cc} />
              </span>
            </>
          ) : null}
        </p>
        <button ref={okayRef} type="button" className="button result-dialog__okay" onClick={onOkay}>
          {texts.dialog.okay}
        </button>
        {/* The one next step worth offering, as a quiet link: where the client's answers come in. */}
        <Link
          className="sent-dialog__link"
          to={projectHref(paths.admin.reviewStatus, projectKey, siteId)}
          onClick={onLeave}
        >
          Follow the answers in Review status
        </Link>
      </div>
    </div>,
    document.body,
  );
}
