// Re-tests (main README, "The client's review"): a story sent before is offered again when its latest
// verdict is Failed and the tracker says it moved since (it is back in the fetched status,
// or the search would not list it), or when a member asked for it ("Offer again"). Each offer is used by
// one send, through the ledger's claims (ledger/README.md).
import type { Issue } from '@handoff/core';
import type { Db } from '../db/database.ts';
import {
  insertRetestOffers,
  openRetestKeys,
  verdictsWithOffers,
} from '../ledger/retest-offers.repository.ts';
import { latestVerdictsOfLatestNotices } from '../review/review.repository.ts';
import type { Tracker, TrackerCredentials } from '../tracker/tracker.ts';

interface RetestDeps {
  db: Db;
  /** The project's own tracker, and the acting member's credential for it. */
  tracker: Tracker;
  credentials: TrackerCredentials;
  now: () => Date;
}

/** The fetched stories, those offered for re-test with `retest: true` (the draft lists them again). */
export async function withRetests(deps: RetestDeps, projectId: string, stories: Issue[]): Promise<Issue[]> {
  if (stories.length === 0) return stories;
  const retests = await retestKeys(deps, projectId, stories);
  return stories.map((story) => (retests.has(story.key) ? { ...story, retest: true } : story));
}

/** The keys among the fetched stories that are offered for re-test; opens the offers now due. */
async function retestKeys(
  deps: RetestDeps,
  projectId: string,
  stories: ReadonlyArray<{ key: string }>,
): Promise<Set<string>> {
  const keys = stories.map((story) => story.key);
  const offered = new Set(await openRetestKeys(deps.db, projectId, keys));
  const verdicts = await latestVerdictsOfLatestNotices(
    deps.db,
    projectId,
    keys.filter((key) => !offered.has(key)),
  );
  const failed = verdicts.filter((verdict) => verdict.verdict === 'failed');
  const answered = await verdictsWithOffers(
    deps.db,
    failed.map((verdict) => verdict.id),
  );
  const due = failed.filter((verdict) => !answered.has(verdict.id));
  if (due.length === 0) return offered;
  // The tracker answers which moved again (reopened, then finished again) after their Failed verdict.
  const movedKeys = await deps.tracker.movedSince(
    deps.credentials,
    due.map((verdict) => ({ key: verdict.issue_key, since: verdict.created_at })),
  );
  const moved = due.filter((verdict) => movedKeys.has(verdict.issue_key));
  await insertRetestOffers(
    deps.db,
    projectId,
    moved.map((verdict) => ({ key: verdict.issue_key, reason: 'failed' as const, verdictId: verdict.id })),
    deps.now(),
  );
  // Another fetch may have opened some at the same moment: what is open now counts.
  for (const key of await openRetestKeys(
    deps.db,
    projectId,
    moved.map((verdict) => verdict.issue_key),
  ))
    offered.add(key);
  return offered;
}
