// The sidebar (docs/product.md §2): the logo, then one entry per route whose layout is "/admin" (icon + name, linking
// layout + path). On small screens the sidebar's bar is the one top bar: a toggle shows and hides the menu
// over the page, a search input filters the entries by name, the account and Logout close it, and choosing an
// entry, Escape or a tap on the dimmed page closes the menu.
import { type KeyboardEvent, memo, type ReactNode, useId, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { LogoIcon } from '@/components/ui/icons';
import type { LogoConfig } from '@/config/brand';
import { paths } from '@/config/paths';
import { MenuCloseIcon, MenuIcon, type MenuIconName, MenuToggleIcon, SearchIcon } from './menu-icons';

/**
 * A route the menu lists, with its icon, or one it never lists (`hidden`: edit screens), which needs no icon:
 * the sign-in page loads the route table, and every byte of it counts against the login budget.
 */
export type SidebarRoute = { layout: string; path: string; name: string } & (
  | { icon: MenuIconName; hidden?: false }
  | { hidden: true; icon?: never }
);

/**
 * The menu entry each page outside the menu belongs to, highlighted on it (kept here, not in the route
 * table, which the sign-in page loads too). The join page belongs to none: it highlights nothing.
 */
const SECTION_OF: Readonly<Record<string, string>> = {
  [paths.admin.addProject]: paths.admin.index,
  [paths.admin.editProject]: paths.admin.index,
  [paths.admin.sendStories]: paths.admin.index,
  [paths.admin.reviewStatus]: paths.admin.index,
};

function Logo({ logo }: { logo: LogoConfig }) {
  const content = (
    <>
      <LogoIcon className="sidebar__logo-icon" />
      <span>{logo.label}</span>
    </>
  );
  return logo.kind === 'outer' ? (
    <a className="sidebar__logo" href={logo.href} target="_blank" rel="noopener noreferrer">
      {content}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  ) : (
    <Link className="sidebar__logo" to={logo.to}>
      {content}
    </Link>
  );
}

/** Memoised: the shell renders again on every change of client state, which the menu does not show. */
export const Sidebar = memo(function Sidebar({
  routes,
  logo,
  extras = null,
  footer = null,
}: {
  routes: readonly SidebarRoute[];
  logo: LogoConfig;
  /** Shown at the top of a phone's menu: what the top bar holds on a wide screen (the Workspace select). */
  extras?: ReactNode;
  /** Shown at the foot of a phone's menu (the account and Logout); given the menu's close. */
  footer?: ((close: () => void) => ReactNode) | null;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const menuId = useId();
  const searchId = useId();
  const { pathname } = useLocation();
  // A sub-page (e.g. Edit project) highlights the entry of its section (Projects).
  const section = SECTION_OF[pathname];

  const needle = query.trim().toLowerCase();
  const entries = routes
    .filter(
      (route): route is Extract<SidebarRoute, { icon: MenuIconName }> =>
        route.layout === '/admin' && !route.hidden,
    )
    .filter((route) => needle === '' || route.name.toLowerCase().includes(needle));

  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = () => {
    setOpen(false);
    setQuery('');
  };
  // Escape closes an open menu and gives the focus back to its toggle.
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    closeMenu();
    toggleRef.current?.focus();
  };

  return (
    <nav className={`sidebar${open ? ' sidebar--open' : ''}`} aria-label="Main" onKeyDown={onKeyDown}>
      {/* The nav runs the page's full height; its contents stay in view while the page scrolls. */}
      <div className="sidebar__inner">
        <div className="sidebar__bar">
          <Logo logo={logo} />
          <button
            ref={toggleRef}
            type="button"
            className="sidebar__toggle"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <MenuCloseIcon /> : <MenuToggleIcon />}
          </button>
        </div>
        <div id={menuId} className="sidebar__menu">
          {extras}
          <div className="sidebar__search">
            <label htmlFor={searchId} className="visually-hidden">
              Search the menu
            </label>
            <SearchIcon className="sidebar__search-icon" />
            <input
              id={searchId}
              type="search"
              className="field__input"
              placeholder="Search pages"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          </div>
          <ul className="sidebar__list">
            {entries.map((route) => (
              <li key={route.layout + route.path}>
                <NavLink
                  className={({ isActive }) =>
                    `sidebar__link${isActive || route.layout + route.path === section ? ' active' : ''}`
                  }
                  to={route.layout + route.path}
                  onClick={closeMenu}
                >
                  <MenuIcon name={route.icon} className="sidebar__icon" />
                  <span>{route.name}</span>
                </NavLink>
              </li>
            ))}
          </ul>
          {entries.length === 0 ? <p className="sidebar__empty">No matching pages.</p> : null}
          {footer ? <div className="sidebar__footer">{footer(closeMenu)}</div> : null}
        </div>
      </div>
      {/* The dimmed page under a phone's open menu: a tap on it closes the menu. Hidden from screen readers
          and the Tab key, which have the toggle and Escape. */}
      {open ? (
        <button
          type="button"
          className="sidebar__backdrop"
          aria-hidden="true"
          tabIndex={-1}
          aria-label="Close the menu"
          onClick={closeMenu}
        />
      ) : null}
    </nav>
  );
});
