// The success dialog after "Send Email" (docs/product.md §2, §8): the shared result dialog's message and Okay
// (which opens the Sent tab), drawn as a white card with a green check and, in grey, what went where:
// "2 stories · to dana@shop.example · cc lee@shop.example". Its own component rather than a variant of
// ResultDialog, which the login page loads (its bundle has no room to spare).
import { texts } from '@handoff/core';
import { type KeyboardEvent, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { CheckCircleIcon } from '@/components/ui/icons';
import { useModal } from '@/components/ui/use-modal';

export interface SentSummary {
  /** "Email sent to the client." (with the addresses a mail server refused, if any). */
  message: string;
  storyCount: number;
  to: readonly string[];
  cc: readonly string[];
  /** Where Okay goes: the Sent tab. */
  path: string;
}

/** "2 stories · to a@x, b@x · cc c@x" (no cc part without a CC list). */
function sentDetail({ storyCount, to, cc }: Pick<SentSummary, 'storyCount' | 'to' | 'cc'>): string {
  const parts = [`${storyCount} ${storyCount === 1 ? 'story' : 'stories'}`, `to ${to.join(', ')}`];
  if (cc.length > 0) parts.push(`cc ${cc.join(', ')}`);
  return parts.join(' · ');
}

export function SentDialog({ sent, onClose }: { sent: SentSummary | null; onClose: () => void }) {
  if (!sent) return null;
  return createPortal(<OpenSentDialog sent={sent} onClose={onClose} />, document.body);
}

function OpenSentDialog({ sent, onClose }: { sent: SentSummary; onClose: () => void }) {
  const navigate = useNavigate();
  const okayRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const messageId = useId();
  const typeId = useId();
  useModal(rootRef, okayRef);

  const okay = () => {
    onClose();
    navigate(sent.path);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      okay();
    } else if (event.key === 'Tab') {
      // Okay is the only control: keep the focus on it.
      event.preventDefault();
      okayRef.current?.focus();
    }
  };

  return (
    <div className="dialog-backdrop" ref={rootRef}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={messageId}
        aria-describedby={typeId}
        className="sent-dialog"
        onKeyDown={onKeyDown}
      >
        <span className="sent-dialog__icon">
          <CheckCircleIcon />
        </span>
        <span id={typeId} className="visually-hidden">
          Success
        </span>
        <p id={messageId} className="sent-dialog__message">
          {sent.message}
        </p>
        <p className="sent-dialog__detail">{sentDetail(sent)}</p>
        <button
          ref={okayRef}
          type="button"
          className="button button--primary sent-dialog__okay"
          onClick={okay}
        >
          {texts.dialog.okay}
        </button>
      </div>
    </div>
  );
}
