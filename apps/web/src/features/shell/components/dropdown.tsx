// A disclosure dropdown: a button that shows and hides a panel. It closes on Escape (focus back to the
// button), on a click outside, and when an entry inside is chosen.
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

export function Dropdown({
  label,
  buttonContent,
  buttonClassName = 'topbar__button',
  align = 'end',
  onOpen,
  children,
}: {
  /** Accessible name of the button when its content is not text (e.g. an icon). */
  label?: string;
  buttonContent: ReactNode;
  buttonClassName?: string;
  align?: 'start' | 'end';
  /** Called each time the panel opens. */
  onOpen?: () => void;
  /** The panel; `close` closes it. */
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div className="dropdown" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={label}
        onClick={() => {
          if (!open) onOpen?.();
          setOpen(!open);
        }}
      >
        {buttonContent}
      </button>
      <div id={panelId} className={`dropdown__panel dropdown__panel--${align}`} hidden={!open}>
        {open ? children(() => setOpen(false)) : null}
      </div>
    </div>
  );
}
