// A modal confirmation (e.g. docs/product.md §2's "Are you sure you want to delete this project?" with Confirm and
// Cancel). role="alertdialog", named by its message; the focus starts on Cancel (the safe choice), Tab
// moves between the two buttons, Escape cancels, and the page behind is inert while it is open.
import { texts } from '@handoff/core';
import { type KeyboardEvent, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from './spinner';
import { useModal } from './use-modal';
import './button.css';
import './confirm-dialog.css';

export function ConfirmDialog({
  open,
  message,
  busy = false,
  onConfirm,
  onCancel,
  confirmLabel = texts.deleteProject.confirmButton,
  cancelLabel = texts.deleteProject.cancelButton,
}: {
  open: boolean;
  message: string;
  /** While true both buttons are aria-disabled (they keep the focus) and Confirm shows a spinner. */
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
}) {
  if (!open) return null;
  return createPortal(
    <OpenConfirm
      message={message}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
    />,
    document.body,
  );
}

function OpenConfirm({
  message,
  busy,
  onConfirm,
  onCancel,
  confirmLabel,
  cancelLabel,
}: {
  message: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel: string;
  cancelLabel: string;
}) {
  const rootRef = useRef<HTMLDivElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const messageId = useId();
  useModal(rootRef, cancelRef);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      if (!busy) onCancel();
    } else if (event.key === 'Tab') {
      event.preventDefault();
      const next = document.activeElement === cancelRef.current ? confirmRef.current : cancelRef.current;
      next?.focus();
    }
  };

  return (
    <div className="dialog-backdrop" ref={rootRef}>
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={messageId}
        aria-busy={busy}
        className="confirm-dialog"
        onKeyDown={onKeyDown}
      >
        <p id={messageId} className="confirm-dialog__message">
          {message}
        </p>
        <div className="confirm-dialog__actions">
          <button
            ref={cancelRef}
            type="button"
            className="button button--outline"
            onClick={busy ? undefined : onCancel}
            aria-disabled={busy}
          >
            {cancelLabel}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className="button button--danger"
            onClick={busy ? undefined : onConfirm}
            aria-disabled={busy}
          >
            {busy ? <Spinner /> : null}
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
