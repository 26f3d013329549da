// Toasts (docs/design-system.md "Toast"): a short confirmation of something that went well and needs no
// answer ("Link copied", "Saved"), in a polite live region at the bottom of the window. Each stays 6 s,
// longer while the pointer or the focus is on it, and has a close button. Errors and outcomes the user
// must acknowledge use the result dialog instead.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from 'react';
import './toast.css';

const TOAST_MS = 6000;

type ShowToast = (message: string) => void;

const ToastContext = createContext<ShowToast | null>(null);

interface ToastEntry {
  id: number;
  message: string;
}

let lastId = 0;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const show = useCallback<ShowToast>((message) => {
    lastId += 1;
    const id = lastId;
    setToasts((shown) => [...shown, { id, message }]);
  }, []);
  const dismiss = useCallback((id: number) => setToasts((shown) => shown.filter((t) => t.id !== id)), []);
  return (
    <ToastContext value={show}>
      {children}
      {/* The live region is always there, so a screen reader announces what is added to it. No role
          "status": a screen keeps that role for its own status line. */}
      <div className="toasts" aria-live="polite" aria-relevant="additions">
        {toasts.map((toast) => (
          <Toast key={toast.id} entry={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext>
  );
}

function Toast({ entry, onDismiss }: { entry: ToastEntry; onDismiss: (id: number) => void }) {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(() => onDismiss(entry.id), TOAST_MS);
    return () => clearTimeout(timer);
  }, [held, entry.id, onDismiss]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only hold the timer while the toast is read; its one control is the close button.
    <div
      className="toast"
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <p className="toast__message">{entry.message}</p>
      <button type="button" className="toast__close" aria-label="Dismiss" onClick={() => onDismiss(entry.id)}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** The function that shows a toast; the screen must be inside a ToastProvider (the admin layout is). */
export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast is used outside a ToastProvider');
  return show;
}
