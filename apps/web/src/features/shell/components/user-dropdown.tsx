// The user dropdown (docs/product.md §2): a "Welcome!" header; My profile, Settings, Activity and Support all go to
// /admin/user-profile; its Logout entry does nothing (the separate Logout button signs out).
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Dropdown } from './dropdown';

const entries = ['My profile', 'Settings', 'Activity', 'Support'] as const;

export function UserDropdown({ email }: { email: string | null }) {
  const name = email ?? 'Account';
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
              {/* docs/product.md §4: "The dropdown's Logout entry does nothing." It only closes the dropdown. */}
              <button type="button" className="dropdown__item" onClick={close}>
                Logout
              </button>
            </li>
          </ul>
        </>
      )}
    </Dropdown>
  );
}
