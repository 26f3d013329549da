// A menu button (WAI-ARIA menu button pattern): the button opens a role="menu" of role="menuitem" entries.
// Opening moves the focus to the first entry (ArrowUp: the last); ArrowUp/ArrowDown/Home/End move between
// entries; Escape closes and gives the focus back to the button; Tab or a click outside closes it.
// The menu is drawn in a portal with fixed positioning, so a scrolling table cannot clip it; the portal is
// the button's <main> (or the body), so the menu stays inside the page's landmarks.
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import './menu-button.css';

function itemsOf(menu: HTMLElement | null): HTMLElement[] {
  return Array.from(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
}

interface MenuEntry {
  label: string;
  onSelect: () => void;
}

export function MenuButton({
  label,
  content,
  entries,
  className = 'menu-button',
}: {
  /** The button's accessible name, e.g. "Actions for ABC". */
  label: string;
  /** What the button shows (e.g. an icon). */
  content: ReactNode;
  entries: readonly MenuEntry[];
  className?: string;
}) {
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [position, setPosition] = useState<{ top: number; right: number } | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const buttonId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useLayoutEffect(() => {
    if (!open) return;
    const place = () => {
      const rect = buttonRef.current?.getBoundingClientRect();
      if (rect) setPosition({ top: rect.bottom + 4, right: Math.max(8, window.innerWidth - rect.right) });
    };
    place();
    const list = itemsOf(menuRef.current);
    (open === 'last' ? list[list.length - 1] : list[0])?.focus();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: MouseEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen('last');
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = itemsOf(menuRef.current);
    const current = list.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => list[(index + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focus(current + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focus(current - 1);
        break;
      case 'Home':
        event.preventDefault();
        focus(0);
        break;
      case 'End':
        event.preventDefault();
        focus(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        close(true);
        break;
    }
  };

  const choose = (entry: MenuEntry) => {
    close(true);
    entry.onSelect();
  };

  return (
    <>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : setOpen('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {content}
      </button>
      {open
        ? createPortal(
            <div
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-labelledby={buttonId}
              className="menu"
              style={position ? { top: position.top, right: position.right } : undefined}
              onKeyDown={onMenuKeyDown}
            >
              {entries.map((entry) => (
                <button
                  key={entry.label}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  className="menu__item"
                  onClick={() => choose(entry)}
                >
                  {entry.label}
                </button>
              ))}
            </div>,
            buttonRef.current?.closest('main') ?? document.body,
          )
        : null}
    </>
  );
}
