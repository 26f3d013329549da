// The shared result dialog (docs/product.md §2): a message, a type (success: green with a check icon; error: red with a
// warning-triangle icon) and an optional path. "Okay" closes it and then navigates to the path, if any.
// A modal role="dialog": focus moves to Okay, stays inside while open and goes back afterwards; the page
// behind is made inert; Escape acts like Okay.
import { texts } from '@handoff/core';
import { type KeyboardEvent, useCallback, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { CheckCircleIcon, WarningTriangleIcon } from './icons';
import { useModal } from './use-modal';

export type ResultType = 'success' | 'error';

interface ResultDialogState {
  message: string;
  type: ResultType;
  path?: string;
  /** A smaller line under the message (what went where, after sending). */
  detail?: string;
}

export interface ResultDialogControl {
  dialog: ResultDialogState | null;
  show(message: string, type: ResultType, path?: string, detail?: string): void;
  close(): void;
}

export function useResultDialog(): ResultDialogControl {
  const [dialog, setDialog] = useState<ResultDialogState | null>(null);
  const show = useCallback((message: string, type: ResultType, path?: string, detail?: string) => {
    setDialog({ message, type, ...(path === undefined ? {} : { path }), ...(detail ? { detail } : {}) });
  }, []);
  const close = useCallback(() => setDialog(null), []);
  return { dialog, show, close };
}

export function ResultDialog({ control }: { control: ResultDialogControl }) {
  const { dialog } = control;
  if (!dialog) return null;
  return createPortal(<OpenDialog dialog={dialog} onClose={control.close} />, document.body);
}

function OpenDialog({ dialog, onClose }: { dialog: ResultDialogState; onClose: () => void }) {
  const navigate = useNavigate();
  const okayRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const messageId = useId();
  const typeId = useId();

  useModal(rootRef, okayRef);

  const okay = () => {
    onClose();
    if (dialog.path) navigate(dialog.path);
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

  const success = dialog.type === 'success';
  return (
    <div className="dialog-backdrop" ref={rootRef}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={messageId}
        aria-describedby={typeId}
        className={`result-dialog result-dialog--${dialog.type}`}
        onKeyDown={onKeyDown}
      >
        <span className="result-dialog__icon">{success ? <CheckCircleIcon /> : <WarningTriangleIcon />}</span>
        <span id={typeId} className="visually-hidden">
          {success ? 'Success' : 'Error'}
        </span>
        <p id={messageId} className="result-dialog__message">
          {dialog.message}
        </p>
        {dialog.detail ? <p className="result-dialog__detail">{dialog.detail}</p> : null}
        <button ref={okayRef} type="button" className="button result-dialog__okay" onClick={okay}>
          {texts.dialog.okay}
        </button>
      </div>
    </div>
  );
}
