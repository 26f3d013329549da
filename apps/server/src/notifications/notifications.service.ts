// The notifications of a member in a workspace: client answers (one per press of "Submit results", with its
// outcome), sign-offs (with theirs), failed sends and auto-send
// runs of the last 7 days (and back to when they last opened the list, if that is earlier, so nothing new is
// missed), read through the modules that own them (review/, ledger/). Those after `seenAt` are new.
import type { Notification } from '@handoff/core/api';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { sendEventsSince } from '../ledger/send-events.repository.ts';
import { answersSince, signOffsSince } from '../review/review-events.repository.ts';
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
  const [answers, signOffs, sends] = await Promise.all([
    answersSince(db, workspaceId, since, MAX_ITEMS),
    signOffsSince(db, workspaceId, since, MAX_ITEMS),
    sendEventsSince(db, workspaceId, since, MAX_ITEMS),
  ]);
  const items: Array<Omit<Notification, 'at'> & { time: number }> = [
    ...answers.map((answer) => {
      const outcome = outcomeOf(answer.verdicts, answer.stories);
      const who = answer.reviewer || 'The client';
      const [only] = answer.verdicts;
      return {
        id: `answer-${answer.id}`,
        kind: 'verdict' as const,
        time: new Date(answer.at).getTime(),
        text:
          answer.verdicts.length === 1 && only
            ? `${who}: ${only.key} ${only.verdict}.`
            : `${who} answered ${stories(answer.verdicts.length)}: ${outcomeWords(outcome)}.`,
        outcome,
        ...projectOf(answer),
      };
    }),
    ...signOffs.flatMap((link) => {
      if (!link.at) return [];
      const outcome = outcomeOf(link.signed_off_verdicts ?? [], link.stories);
      const who = link.signed_off_by || 'The client';
      return [
        {
          id: `sign-off-${link.id}`,
          kind: 'signOff' as const,
          time: link.at.getTime(),
          text:
            outcome.stories.length > 0
              ? `${who} signed off: ${outcomeWords(outcome)}.`
              : `${who} signed off a notice.`,
          outcome,
          ...projectOf(link),
        },
      ];
    }),
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

/** Keys in natural order (DEMO-2 before DEMO-10). */
const keyOrder = new Intl.Collator('en', { numeric: true });

/** The most stories an item names; its counts count them all. */
const MAX_STORIES = 10;

type Outcome = NonNullable<Notification['outcome']>;

/** Counts of the verdicts, and the stories they are of (failed first, each part by key), titled as the notice showed them. */
function outcomeOf(
  verdicts: ReadonlyArray<{ key: string; verdict: 'passed' | 'failed' }>,
  snapshot: ReadonlyArray<{ key: string; summary: string }> | null,
): Outcome {
  const titles = new Map((snapshot ?? []).map((story) => [story.key, story.summary]));
  const byKey = [...verdicts].sort((a, b) => keyOrder.compare(a.key, b.key));
  const failedFirst = [
    ...byKey.filter((v) => v.verdict === 'failed'),
    ...byKey.filter((v) => v.verdict === 'passed'),
  ];
  return {
    passed: verdicts.length - verdicts.filter((v) => v.verdict === 'failed').length,
    failed: verdicts.filter((v) => v.verdict === 'failed').length,
    stories: failedFirst.slice(0, MAX_STORIES).map(({ key, verdict }) => ({
      key,
      title: titles.get(key) || key,
      verdict,
    })),
  };
}

/** "4 passed, 1 failed", leaving out a count of none. */
function outcomeWords(outcome: Outcome): string {
  const parts = [
    outcome.passed > 0 ? `${outcome.passed} passed` : '',
    outcome.failed > 0 ? `${outcome.failed} failed` : '',
  ];
  return parts.filter(Boolean).join(', ');
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
