// The notifications of a member in a workspace: client verdicts, sign-offs, failed sends and auto-send
// runs of the last 7 days (and back to when they last opened the list, if that is earlier, so nothing new is
// missed), read through the modules that own them (review/, ledger/). Those after `seenAt` are new.
import type { Notification } from '@handoff/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { sendEventsSince } from '../ledger/send-events.repository.ts';
import { signOffsSince, verdictsSince } from '../review/review-events.repository.ts';
import { findSeenAt, markSeen } from './notifications.repository.ts';

type Executor = Kysely<Database>;

/** The longest list: the bell is a summary, the project screens hold the rest. */
const MAX_ITEMS = 50;
/** How far back the list reaches (further only for what is still unseen). */
const RECENT_MS = 7 * 24 * 60 * 60_000;
const MAX_ERROR_SHOWN = 160;

const site = (siteId: string | null) => siteId ?? 'default';
const stories = (count: number) => (count === 1 ? '1 story' : `${count} stories`);

export async function notificationsOf(db: Executor, userId: string, workspaceId: string, now: Date) {
  const seenAt = await findSeenAt(db, userId, workspaceId);
  const recent = new Date(now.getTime() - RECENT_MS);
  const since = seenAt && seenAt < recent ? seenAt : recent;
  const [verdicts, signOffs, sends] = await Promise.all([
    verdictsSince(db, workspaceId, since, MAX_ITEMS),
    signOffsSince(db, workspaceId, since, MAX_ITEMS),
    sendEventsSince(db, workspaceId, since, MAX_ITEMS),
  ]);
  const items: Array<Omit<Notification, 'at'> & { time: number }> = [
    ...verdicts.map((v) => ({
      id: `verdict-${v.id}`,
      kind: 'verdict' as const,
      time: v.at.getTime(),
      text: `${v.reviewer || 'The client'}: ${v.issue_key} ${v.verdict}.`,
      ...projectOf(v),
    })),
    ...signOffs.flatMap((link) =>
      link.at
        ? [
            {
              id: `sign-off-${link.id}`,
              kind: 'signOff' as const,
              time: link.at.getTime(),
              text: `${link.signed_off_by || 'The client'} signed off a notice${
                (link.signed_off_verdicts ?? []).some((v) => v.verdict === 'failed')
                  ? ' with failed stories'
                  : ''
              }.`,
              ...projectOf(link),
            },
          ]
        : [],
    ),
    ...sends.map((send) => ({
      id: `send-${send.id}`,
      kind: send.status === 'failed' ? ('sendFailed' as const) : ('autoSend' as const),
      time: new Date(send.at).getTime(),
      text: sendText(send),
      ...projectOf(send),
    })),
  ];
  items.sort((a, b) => b.time - a.time || a.id.localeCompare(b.id));
  return {
    seenAt: seenAt?.toISOString() ?? null,
    asOf: now.toISOString(),
    items: items
      .slice(0, MAX_ITEMS)
      .map(({ time, ...item }) => ({ ...item, at: new Date(time).toISOString() })),
  };
}

function projectOf(row: { project_key: string; project_name: string; site_id: string | null }) {
  return { projectKey: row.project_key, projectName: row.project_name, siteId: site(row.site_id) };
}

function sendText(send: { trigger: string; status: string; issue_keys: string[]; error: string | null }) {
  if (send.status !== 'failed') return `Auto-send e-mailed ${stories(send.issue_keys.length)}.`;
  const reason = send.error ? ` ${send.error.slice(0, MAX_ERROR_SHOWN)}` : '';
  return `${send.trigger === 'auto' ? 'Auto-send failed.' : 'A notice could not be sent.'}${reason}`;
}

/** What happened until `asOf` (at most now) counts as seen by the member. */
export async function markNotificationsSeen(
  db: Executor,
  userId: string,
  workspaceId: string,
  asOf: Date,
  now: Date,
): Promise<void> {
  await markSeen(db, userId, workspaceId, asOf.getTime() < now.getTime() ? asOf : now);
}
