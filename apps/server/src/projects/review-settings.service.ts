// A project's review settings (reminder days, test environment, client's language, notice template) and
// the transitions of its verdicts, read and written for the review module's routes.
import type { Db } from '../db/database.ts';
import type { Membership } from '../workspaces/workspaces.service.ts';
import { findProjectForCaller, projectNotFound } from './projects.repository.ts';
import {
  type ReviewSettingsUpdate,
  reviewSettingsOf,
  reviewTransitionsOf,
  setReviewSettings,
  setReviewTransitions,
} from './review-settings.repository.ts';

type Caller = Pick<Membership, 'workspaceId'>;
interface Ref {
  projectKey: string;
  siteId?: string | undefined;
}

export async function reviewSettingsFor(db: Db, caller: Caller, { projectKey, siteId }: Ref) {
  const project = await findProjectForCaller(db, caller, projectKey, { siteId });
  const settings = project && (await reviewSettingsOf(db, project.id));
  if (!settings) throw projectNotFound(projectKey);
  return settings;
}

export async function saveReviewSettings(
  db: Db,
  caller: Caller,
  { projectKey, siteId }: Ref,
  settings: ReviewSettingsUpdate,
): Promise<void> {
  const project = await findProjectForCaller(db, caller, projectKey, { siteId });
  if (!project) throw projectNotFound(projectKey);
  await setReviewSettings(db, project.id, settings);
}

/** The project and the transitions chosen for its Failed and Passed verdicts. */
export async function reviewTransitionsFor(db: Db, caller: Caller, { projectKey, siteId }: Ref) {
  const project = await findProjectForCaller(db, caller, projectKey, { siteId });
  const transitions = project && (await reviewTransitionsOf(db, project.id));
  if (!project || !transitions) throw projectNotFound(projectKey);
  return { project, transitions };
}

export async function saveReviewTransitions(
  db: Db,
  caller: Caller,
  { projectKey, siteId }: Ref,
  transitions: Parameters<typeof setReviewTransitions>[2],
): Promise<void> {
  const project = await findProjectForCaller(db, caller, projectKey, { siteId });
  if (!project || !(await setReviewTransitions(db, project.id, transitions)))
    throw projectNotFound(projectKey);
}
