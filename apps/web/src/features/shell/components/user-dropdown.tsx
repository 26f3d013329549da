// The account menu (docs/product.md §2): a "Welcome!" header; My profile, Settings, Activity and Support all go to
// /admin/user-profile. Its Logout entry signs out (§4's Logout button, moved into the menu (web README) so the top
// bar keeps one line; docs/product.md's inert dropdown entry would be a second, misleading Logout).
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '../api/use-logout';
import { Dropdown } from './dropdown';

const entries = ['My profile', 'Settings', 'Activity', 'Support'] as const;

export function UserDropdown({ email }: { email: string | null }) {
  const name = email ?? 'Account';
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
          {email ? <p className="dropdown__account">{email}</p> : null}
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
