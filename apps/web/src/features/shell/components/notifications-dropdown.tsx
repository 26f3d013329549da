// A placeholder notifications dropdown (docs/product.md §2: behaviour not shown): it opens an empty list.

import { Dropdown } from './dropdown';
import { BellIcon } from './menu-icons';

export function NotificationsDropdown() {
  return (
    <Dropdown label="Notifications" buttonContent={<BellIcon />}>
      {() => (
        <>
          <p className="dropdown__header">Notifications</p>
          <p className="dropdown__empty">You have no notifications.</p>
        </>
      )}
    </Dropdown>
  );
}
