// The admin area shell (docs/product.md §2): sidebar, top bar (the demo tracker's badge, Workspace select, notifications,
// the account menu, which holds Logout), then the page's lead, the notices and the page. The user is loaded by the stored e-mail on
// mount; a progress bar shows until then, and the page waits for it (its lead does not).
import type { User, WorkspaceRole } from '@handoff/core/api';
import { Fragment, type ReactNode, useCallback, useMemo, useState } from 'react';
import { ProgressBar } from '@/components/ui/progress-bar';
import type { LogoConfig } from '@/config/brand';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { WorkspaceSwitchContext } from '@/stores/workspace-switch';
import { useLoadUser } from '../api/get-user-by-email';
import { DemoTrackerBadge } from './demo-tracker-badge';
import { NotificationsDropdown } from './notifications-dropdown';
import { Sidebar, type SidebarRoute } from './sidebar';
import { useNarrowScreen } from './use-narrow-screen';
import { MenuAccount, UserDropdown } from './user-dropdown';
import './admin-shell.css';
import './dropdown.css';
import '@/styles/admin-pages.css';

export function AdminShell({
  routes,
  logo,
  workspaceSelect,
  notice,
  lead,
  onUserLoaded,
  children,
}: {
  routes: readonly SidebarRoute[];
  logo: LogoConfig;
  /** The top bar's Workspace select, shown once the user is loaded (the routes compose it from the team feature). */
  workspaceSelect: ReactNode;
  /** Shown above every page while it applies, such as the address-verification notice (composed by the routes). */
  notice?: ReactNode;
  /** The page's heading and purpose, shown above the notices while the user loads too (PageHandle). */
  lead?: ReactNode;
  /** Called as soon as the user's answer arrives, before it is rendered (to start the page's calls). */
  onUserLoaded?: (user: User) => void;
  children: ReactNode;
}) {
  const { config, session } = useServices();
  const { user, getUserLoading } = useAppState();
  const { state, retry } = useLoadUser(onUserLoaded);
  const loading = state === 'loading' || getUserLoading;
  const [workspaceVersion, setWorkspaceVersion] = useState(0);
  const changed = useCallback(() => setWorkspaceVersion((n) => n + 1), []);
  // undefined until the Workspace select has read the workspaces (null: none current, or they failed).
  const [role, setRole] = useState<WorkspaceRole | null | undefined>(undefined);
  const workspaceSwitch = useMemo(
    () => ({
      version: workspaceVersion,
      changed,
      role: role ?? null,
      roleKnown: role !== undefined,
      setRole,
    }),
    [workspaceVersion, changed, role],
  );

  // A phone has one top bar: the Workspace select and the demo badge move into its menu.
  const narrow = useNarrowScreen();
  const badge = config.demoTracker ? <DemoTrackerBadge /> : null;
  const select = loading || state === 'failed' ? null : workspaceSelect;
  const barExtras =
    badge || select ? (
      <div className="sidebar__extras">
        {select}
        {badge}
      </div>
    ) : null;

  const menuAccount = useCallback(
    (close: () => void) => (
      <MenuAccount email={user?.email ?? session.getEmail()} displayName={user?.name} onNavigate={close} />
    ),
    [user?.email, user?.name, session],
  );

  return (
    <WorkspaceSwitchContext.Provider value={workspaceSwitch}>
      <div className="admin">
        <a className="skip-link" href="#content">
          Skip to content
        </a>
        <Sidebar
          routes={routes}
          logo={logo}
          extras={narrow ? barExtras : null}
          footer={narrow ? menuAccount : null}
        />
        <div className="admin__main">
          <header className="topbar">
            {narrow ? null : badge}
            <div className="topbar__actions">
              {narrow ? null : select}
              <NotificationsDropdown />
              <UserDropdown email={user?.email ?? session.getEmail()} displayName={user?.name} />
            </div>
          </header>
          {/* Fixed along the top edge: the page does not move when it goes. */}
          {loading ? <ProgressBar label="Loading your account" placement="top" /> : null}
          <main id="content" className="admin__content" tabIndex={-1}>
            {lead}
            {notice}
            {/* Keyed by the workspace: a switch mounts the page afresh, so it loads the new workspace's data. */}
            <Fragment key={workspaceVersion}>
              {loading ? null : state === 'failed' ? (
                <div className="panel">
                  <p>Your account could not be loaded.</p>
                  <button type="button" className="button button--primary" onClick={retry}>
                    Try again
                  </button>
                </div>
              ) : (
                children
              )}
            </Fragment>
          </main>
        </div>
      </div>
    </WorkspaceSwitchContext.Provider>
  );
}
