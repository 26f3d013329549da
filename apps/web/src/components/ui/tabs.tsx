// Tabs (WAI-ARIA's tabs pattern with automatic activation): a row of tabs over one panel. The arrow keys,
// Home and End move between the tabs and select them; Tab goes on into the panel.
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import './tabs.css';

export function Tabs<T extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly { value: T; label: ReactNode }[];
  selected: T;
  onSelect: (value: T) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const tabId = (value: T) => `${id}-tab-${value}`;

  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.value === selected);
    const next = {
      ArrowRight: (index + 1) % tabs.length,
      ArrowLeft: (index - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (!tab) return;
    event.preventDefault();
    onSelect(tab.value);
    listRef.current?.querySelector<HTMLElement>(`[id="${tabId(tab.value)}"]`)?.focus();
  };

  return (
    <div className="tabs">
      <div ref={listRef} className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.value}
            id={tabId(tab.value)}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab.value === selected}
            aria-controls={`${id}-panel`}
            tabIndex={tab.value === selected ? 0 : -1}
            onClick={() => onSelect(tab.value)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={tabId(selected)} className="tabs__panel">
        {children}
      </div>
    </div>
  );
}
