// The account menu (docs/product.md §2), named by the user's display name (else their address): a "Welcome!" header; My profile, Settings, Activity and Support all go to
// /admin/user-profile. Its Logout entry signs out (§4's Logout button, moved into the menu (web README) so the top
// bar keeps one line; docs/product.md's inert dropdown entry would be a second, misleading Logout).
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '../api/use-logout';
import { Dropdown } from './dropdown';
import { LogoutIcon } from './menu-icons';

const entries = ['My profile', 'Settings', 'Activity', 'Support'] as const;

/** The signed-in person as the top bar and the menus name them: their display name, else their address. */
function shownName(email: string | null, displayName: string | null | undefined): string {
  return displayName || email || 'Account';
}

export function UserDropdown({ email, displayName }: { email: string | null; displayName?: string | null }) {
  const name = shownName(email, displayName);
  const logout = useLogout();
  return (
    <Dropdown
      buttonClassName="topbar__button topbar__user"
      buttonContent={
        <>
          {/* The pre-rendered projects page's start script writes the stored e-mail into these (vite.config.ts). */}
          <span className="avatar" aria-hidden="true" data-account-initial="">
            {name.charAt(0).toUpperCase()}
          </span>
          <span className="topbar__user-name" data-account-name="">
            {name}
          </span>
        </>
      }
    >
      {(close) => (
        <>
          <p className="dropdown__header">Welcome!</p>
          {/* Who is signed in: the top bar shows only the initial where it is narrow. */}
          {email ? (
            <p className="dropdown__account">
              {displayName ? <span className="dropdown__account-name">{displayName}</span> : null}
              {email}
            </p>
          ) : null}
          <ul className="dropdown__list">
            {entries.map((entry) => (
              <li key={entry}>
                <Link className="dropdown__item" to={paths.admin.userProfile} onClick={close}>
                  {entry}
                </Link>
              </li>
            ))}
            <li className="dropdown__divider" aria-hidden="true" />
            <li>
              <button type="button" className="dropdown__item" onClick={logout}>
                Logout
              </button>
            </li>
          </ul>
        </>
      )}
    </Dropdown>
  );
}

/**
 * The account at the foot of a phone's menu (the top bar has room for the initial only): who is signed in,
 * a link to the profile, then Logout as a menu row under it.
 */
export function MenuAccount({
  email,
  displayName,
  onNavigate,
}: {
  email: string | null;
  displayName?: string | null;
  onNavigate?: () => void;
}) {
  const name = shownName(email, displayName);
  const logout = useLogout();
  return (
    <div className="menu-account">
      <Link className="menu-account__who" to={paths.admin.userProfile} onClick={onNavigate}>
        <span className="avatar" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className="menu-account__text">
          <span className="menu-account__name">{name}</span>
          {displayName && email ? <span className="menu-account__email">{email}</span> : null}
        </span>
      </Link>
      {/* A menu row like the entries above it: same height, icon and left-aligned text. */}
      <button type="button" className="sidebar__link menu-account__logout" onClick={logout}>
        <LogoutIcon className="sidebar__icon" />
        <span>Logout</span>
      </button>
    </div>
  );
}
