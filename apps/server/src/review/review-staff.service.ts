// The staff calls on a project's reviews that read or write more than the project's settings: revoking a
// notice's link, the review status screen, the moves a verdict may make in the tracker.
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors.ts';
import { latestSentKey, storyStateCountsOf, storyStatusText } from '../ledger/ledger.service.ts';
import { type ProjectRef, projectForCaller } from '../projects/projects.service.ts';
import { reviewTransitionsFor } from '../projects/review-settings.service.ts';
import type { Membership } from '../workspaces/workspaces.service.ts';
import { revokeLinkOfSend, sendHasLink } from './review.repository.ts';

/** Revokes the link of the project's notice; revoking a revoked link again is no error, a send without one is. */
export async function revokeLink(
  db: Db,
  caller: Membership,
  ref: ProjectRef,
  sendId: string,
  at: Date,
): Promise<void> {
  const project = await projectForCaller(db, caller, ref);
  if (!(await revokeLinkOfSend(db, project.id, sendId, at)) && !(await sendHasLink(db, project.id, sendId))) {
    throw new AppError(404, 'NOT_FOUND', 'This project has no notice with a review link by that id.');
  }
}

/** The review status screen's answer, JSON text the database writes. */
export async function storyStatusOf(
  db: Db,
  caller: Membership,
  ref: ProjectRef,
  today: string,
): Promise<string> {
  const project = await projectForCaller(db, caller, ref);
  return storyStatusText(db, project.id, today);
}

/**
 * The projects list's review summary: per project key of the caller's workspace, its stories counted by the
 * state the review status screen shows them in (`today`, `YYYY-MM-DD`, decides what is overdue), so a
 * project's counts there are the chips of its review status.
 */
export async function reviewSummaries(db: Db, caller: Membership, today: string) {
  return Object.fromEntries(await storyStateCountsOf(db, caller.workspaceId, today));
}

/** The moves the tracker offers for the project's issues, and the ones chosen for Failed and Passed verdicts. */
export async function availableMoves(
  app: FastifyInstance,
  caller: Membership,
  user: { id: string },
  ref: ProjectRef,
) {
  const { project, transitions } = await reviewTransitionsFor(app.db, caller, ref);
  const site = await app.sites.site(caller.workspaceId, project.site_id);
  const credentials = await app.sites.requireCredential(caller.workspaceId, site, user.id);
  // The latest sent story shows the workflow as it is now; before the first notice the tracker picks.
  const available = await site.tracker.listMoves(
    credentials,
    project.project_key,
    await latestSentKey(app.db, project.id),
  );
  return { transitions, available };
}
