// The top bar's bell: how many things happened in the current workspace since the user last opened it
// (client verdicts, sign-offs, failed sends, auto-send runs), and the list of the last days, each linking to
// its project: what is new first, then what was seen before. Opening it marks them seen; they stay new until
// it closes. Its footer leads to where every answer stays: the review status of the one project concerned,
// or the projects list, whose pills lead to each.
import type { Notification, NotificationsAnswer, Project } from '@handoff/core/api';
import { useCallback, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { paths, projectHref } from '@/config/paths';
import { ShortDate } from '@/lib/format';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { useWorkspaceSwitch } from '@/stores/workspace-switch';
import { loadNotifications, markNotificationsSeen } from '../api/notifications';
import { Dropdown } from './dropdown';
import { BellIcon } from './menu-icons';

/** How often the count is read again while the page stays open. */
const REFRESH_MS = 2 * 60_000;

/** Verdicts and sign-offs open the project's review status; sends open the Sent tab of its send screen. */
function hrefOf(item: Notification): string {
  if (item.kind === 'verdict' || item.kind === 'signOff') {
    return projectHref(paths.admin.reviewStatus, item.projectKey, item.siteId);
  }
  return `${projectHref(paths.admin.sendStories, item.projectKey, item.siteId)}&tab=sent`;
}

/**
 * The footer's link: the review status of the one project the listed items (or, with none listed, the
 * loaded projects) are about; else the projects list, where each project's review pills lead on.
 */
function allAnswers(items: readonly Notification[], projects: readonly Project[]) {
  const about = new Map<string, { projectKey: string; siteId: string; projectName: string }>();
  for (const item of items.length > 0 ? items : projects)
    about.set(`${item.siteId}/${item.projectKey}`, item);
  const [only, ...others] = about.values();
  return only && others.length === 0
    ? {
        href: projectHref(paths.admin.reviewStatus, only.projectKey, only.siteId),
        text: `All answers of ${only.projectName}`,
      }
    : { href: paths.admin.index, text: 'All answers, by project' };
}

export function NotificationsDropdown() {
  const { api } = useServices();
  const { user, projects } = useAppState();
  const { version } = useWorkspaceSwitch();
  const userId = user?.id;
  const [list, setList] = useState<NotificationList | null>(null);
  const [unseen, setUnseen] = useState(0);

  const load = useCallback(async () => {
    if (!userId) return null;
    try {
      const data = await loadNotifications(api, userId);
      setList(data);
      return data;
    } catch {
      // The bell is a summary: a failed read leaves the last one up, and the next one tries again.
      return null;
    }
  }, [api, userId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` reloads the list in a workspace switched to.
  useEffect(() => {
    let active = true;
    const refresh = () => {
      void load().then((data) => {
        if (active && data) setUnseen(newItems(data).length);
      });
    };
    refresh();
    const timer = window.setInterval(refresh, REFRESH_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, [load, version]);

  const onOpen = async () => {
    const data = (await load()) ?? list;
    setUnseen(0);
    if (userId && data && newItems(data).length > 0) {
      await markNotificationsSeen(api, userId, data.asOf).catch(() => undefined);
    }
  };

  const label = unseen > 0 ? `Notifications, ${unseen} new` : 'Notifications';
  return (
    <Dropdown
      label={label}
      onOpen={() => void onOpen()}
      buttonContent={
        <>
          <BellIcon />
          {unseen > 0 ? (
            <span className="notifications__count" aria-hidden="true">
              {unseen > 49 ? '50+' : unseen}
            </span>
          ) : null}
        </>
      }
    >
      {(close) => (
        <div className="notifications">
          <p className="dropdown__header">Notifications</p>
          <Sections list={list} onChoose={close} />
          <AllAnswersLink items={list?.items ?? []} projects={projects} onClick={close} />
        </div>
      )}
    </Dropdown>
  );
}

type NotificationList = NotificationsAnswer['data'];

/** What happened after the list was last opened (all of it, for someone who never opened it). */
function newItems(list: NotificationList): Notification[] {
  const seenAt = list.seenAt ? Date.parse(list.seenAt) : Number.NEGATIVE_INFINITY;
  return list.items.filter((item) => Date.parse(item.at) > seenAt);
}

/** The new items, then the earlier ones, each a list under its heading; a sentence for what is empty. */
function Sections({ list, onChoose }: { list: NotificationList | null; onChoose: () => void }) {
  const fresh = list ? newItems(list) : [];
  const earlier = list ? list.items.filter((item) => !fresh.includes(item)) : [];
  if (!list || list.items.length === 0) {
    return (
      <p className="dropdown__empty">
        {list?.seenAt ? 'Nothing in the last 7 days.' : 'You have no notifications.'}
      </p>
    );
  }
  return (
    <div className="notifications__lists">
      {fresh.length > 0 ? (
        <Section title="New" items={fresh} onChoose={onChoose} />
      ) : (
        <p className="dropdown__empty">Nothing new since you last looked.</p>
      )}
      {earlier.length > 0 ? <Section title="Earlier" items={earlier} onChoose={onChoose} /> : null}
    </div>
  );
}

function Section({
  title,
  items,
  onChoose,
}: {
  title: string;
  items: readonly Notification[];
  onChoose: () => void;
}) {
  const titleId = useId();
  return (
    <>
      <p id={titleId} className="notifications__section">
        {title}
      </p>
      <ul
        className={`dropdown__list notifications__list${title === 'New' ? ' notifications__list--new' : ''}`}
        aria-labelledby={titleId}
      >
        {items.map((item) => (
          <li key={item.id}>
            <Link className="dropdown__item notifications__item" to={hrefOf(item)} onClick={onChoose}>
              <span className="notifications__project">{item.projectName}</span>
              <span className="notifications__text">{item.text}</span>
              <span className="notifications__time">
                <ShortDate iso={item.at} withTime />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function AllAnswersLink({
  items,
  projects,
  onClick,
}: {
  items: readonly Notification[];
  projects: readonly Project[];
  onClick: () => void;
}) {
  const { href, text } = allAnswers(items, projects);
  return (
    <Link className="notifications__footer" to={href} onClick={onClick}>
      {text}
      <span aria-hidden="true">→</span>
    </Link>
  );
}
