// The notice's stories for its review page (main README, "The page's stories"): auto-send has them at hand;
// for a manual send this job reads them from the tracker right after the hand-over, and the page reads them itself
// if it is opened first.

import type { ReviewStorySnapshot } from '../db/schema.ts';
import type { Job, JobOutcome } from '../jobs/jobs.ts';
import { findLinkForStories, keepStories } from './review.repository.ts';
import type { OpenLink, ReviewDeps } from './review.service.ts';
import { memberCredentials, ownerCredentials } from './review-credentials.ts';
import { snapshotOf } from './review-links.ts';
import { failedForNow, refusedByTracker, retryLater } from './tracker-failures.ts';

/** Key, summary and test steps of the notice's stories, read from the tracker with the sender's (or owner's) token. */
export async function fetchNoticeStories(
  deps: ReviewDeps,
  link: Pick<
    OpenLink,
    'issueKeys' | 'workspaceId' | 'sentByUserId' | 'projectAddedBy' | 'siteId' | 'projectKey'
  >,
): Promise<ReviewStorySnapshot[]> {
  if (link.issueKeys.length === 0) return [];
  const credentials =
    (await memberCredentials(deps, link.workspaceId, link.sentByUserId, link.siteId)) ??
    (await ownerCredentials(deps, link.workspaceId, link.projectAddedBy, link.siteId));
  if (!credentials) return snapshotOf([], link.issueKeys);
  const tracker = await deps.trackerOf(link.workspaceId, link.siteId);
  // Whatever state they are in now: the notice named them.
  const stories = await tracker.searchStories(credentials, {
    project: link.projectKey,
    states: [],
    keys: link.issueKeys,
  });
  return snapshotOf(stories, link.issueKeys);
}

/** The job queued with a link that has no stories yet: fetches and keeps them. */
export async function noticeStoriesJob(deps: ReviewDeps, job: Job): Promise<JobOutcome> {
  const row = await findLinkForStories(deps.db, String(job.payload.linkId));
  if (!row || row.stories !== null) return { done: true };
  const link = {
    issueKeys: row.issue_keys,
    sentByUserId: row.sent_by_user_id,
    workspaceId: row.workspace_id,
    projectAddedBy: row.user_id,
    siteId: row.site_id,
    projectKey: row.project_key,
  };
  try {
    await keepStories(deps.db, row.id, await fetchNoticeStories(deps, link));
    return { done: true };
  } catch (error) {
    // The page fetches them when it is opened, if this never succeeds.
    if (refusedByTracker(error)) return { failed: error.message };
    if (failedForNow(error) && job.attempts < 5) return retryLater(deps.now(), job, error);
    throw error;
  }
}
