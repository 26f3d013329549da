// The top bar's bell: how many things happened in the current workspace since the user last opened it
// (client answers, sign-offs, failed sends, auto-send runs), and the list of the last days, each linking to
// its project: what is new first, then what was seen before. Each client answer and sign-off is one item that
// says its outcome ("Dana Client signed off: 4 passed, 1 failed."), marked by a red cross when a story failed
// (a green check when all passed), with the failed stories' titles under it and how long ago, in words.
// Answers in a row about one project (the client answering, then answering again, then signing off) are one
// item: the latest, with "+2 earlier updates" under it, as the review status holds them all. The failed
// stories read "Failed: Guest checkout, Wish list +1".
// Opening it marks them seen; they stay new until it closes, or until "Mark all as read". On a phone, where
// the list covers the page, a close button ends its header. Its footer leads to where every answer stays: the
// review status of the one project concerned, or the projects list, whose pills lead to each.
import type { Notification, NotificationsAnswer, Project } from '@handoff/core/api';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths, projectHref } from '@/config/paths';
import { formatDateTime, formatRelative } from '@/lib/format';
import { useServices } from '@/lib/services';
import { useAppState } from '@/stores/app-store';
import { useWorkspaceSwitch } from '@/stores/workspace-switch';
import { loadNotifications, markNotificationsSeen } from '../api/notifications';
import { Dropdown } from './dropdown';
import { BellIcon } from './menu-icons';
import './notifications-dropdown.css';

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
        if (active && data) setUnseen(groupRounds(newItems(data)).length);
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
        <NotificationsPanel
          list={list}
          projects={projects}
          close={close}
          onMarkAll={() => {
            if (!userId || !list) return;
            setList({ ...list, seenAt: list.asOf });
            void markNotificationsSeen(api, userId, list.asOf).catch(() => undefined);
          }}
        />
      )}
    </Dropdown>
  );
}

type NotificationList = NotificationsAnswer['data'];

function NotificationsPanel({
  list,
  projects,
  close,
  onMarkAll,
}: {
  list: NotificationList | null;
  projects: readonly Project[];
  close: () => void;
  onMarkAll: () => void;
}) {
  const root = useRef<HTMLDivElement>(null);
  const hasNew = list !== null && newItems(list).length > 0;
  return (
    <div className="notifications" ref={root}>
      <div className="notifications__header">
        <p className="notifications__title">Notifications</p>
        {hasNew ? (
          <button type="button" className="notifications__mark" onClick={onMarkAll}>
            Mark all as read
          </button>
        ) : null}
        <button
          type="button"
          className="notifications__close"
          aria-label="Close notifications"
          onClick={() => {
            // Back to the bell, as Escape does.
            root.current?.closest('.dropdown')?.querySelector<HTMLButtonElement>('button')?.focus();
            close();
          }}
        >
          <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <Sections list={list} onChoose={close} />
      <AllAnswersLink items={list?.items ?? []} projects={projects} onClick={close} />
    </div>
  );
}

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
        {groupRounds(items).map(({ item, earlier }) => (
          <li key={item.id}>
            <Link
              className={`dropdown__item notifications__item notifications__item--${toneOf(item)}`}
              to={hrefOf(item)}
              onClick={onChoose}
            >
              <span className="notifications__icon" aria-hidden="true">
                <ItemIcon tone={toneOf(item)} />
              </span>
              <span className="notifications__body">
                <span className="notifications__text">{item.text}</span>
                <StoryTitles item={item} />
                {earlier > 0 ? (
                  <span className="notifications__earlier">
                    +{earlier} earlier update{earlier === 1 ? '' : 's'}
                  </span>
                ) : null}
                <span className="notifications__meta">
                  <span className="notifications__project">{item.projectName}</span>
                  <span aria-hidden="true"> · </span>
                  <time className="notifications__time" dateTime={item.at} title={formatDateTime(item.at)}>
                    {ago(item.at)}
                  </time>
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A client's answer or sign-off: what a review round is made of. */
const isAnswer = (item: Notification) => item.kind === 'verdict' || item.kind === 'signOff';

/**
 * One item per review round: a run of answers and sign-offs about the same project, next to each other in the
 * list (newest first), shows as its newest, counting the ones before it.
 */
function groupRounds(items: readonly Notification[]): Array<{ item: Notification; earlier: number }> {
  const rounds: Array<{ item: Notification; earlier: number }> = [];
  for (const item of items) {
    const last = rounds.at(-1);
    if (
      last &&
      isAnswer(item) &&
      isAnswer(last.item) &&
      last.item.projectKey === item.projectKey &&
      last.item.siteId === item.siteId
    ) {
      last.earlier += 1;
    } else {
      rounds.push({ item, earlier: 0 });
    }
  }
  return rounds;
}

/** How long ago, in words: "just now", "5 min ago", "3 h ago", "2 days ago". */
function ago(iso: string): string {
  const text = formatRelative(iso);
  return text.startsWith('less than a minute') || text.startsWith('in ') ? 'just now' : text;
}

type Tone = 'failed' | 'passed' | 'neutral';

/** Red when a story failed or a send did; green when every story answered passed; else neutral. */
function toneOf(item: Notification): Tone {
  if (item.kind === 'sendFailed' || (item.outcome?.failed ?? 0) > 0) return 'failed';
  if (item.outcome && item.outcome.passed > 0) return 'passed';
  return 'neutral';
}

function ItemIcon({ tone }: { tone: Tone }) {
  const path = { failed: 'M7 7l10 10M17 7L7 17', passed: 'M5.5 12.5l4.5 4.5 8.5-9.5', neutral: 'M6 12h12' }[
    tone
  ];
  return (
    <svg viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** The most story titles an item shows; the rest are "+N more". */
const MAX_TITLES = 2;

/**
 * The stories an answer is about, by title, labelled: "Failed: Guest checkout, Wish list +1" (the label in red),
 * or, when all passed, "Passed: …" while they are few; a long list is the review status's.
 */
function StoryTitles({ item }: { item: Notification }) {
  const stories = item.outcome?.stories ?? [];
  const failed = stories.filter((story) => story.verdict === 'failed');
  const shown = failed.length > 0 ? failed : stories.length <= MAX_TITLES ? stories : [];
  if (shown.length === 0) return null;
  const total = failed.length > 0 ? (item.outcome?.failed ?? failed.length) : shown.length;
  const more = total - Math.min(shown.length, MAX_TITLES);
  return (
    <span
      className={`notifications__stories notifications__stories--${failed.length > 0 ? 'failed' : 'passed'}`}
    >
      <span className="notifications__stories-label">{failed.length > 0 ? 'Failed: ' : 'Passed: '}</span>
      <span className="notifications__stories-titles">
        {shown
          .slice(0, MAX_TITLES)
          .map((story) => story.title)
          .join(', ')}
        {more > 0 ? ` +${more}` : ''}
      </span>
    </span>
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
