// The projects module's service: what its routes (and other modules' routes that name a project) call.
// A project's answer is assembled here from its row, the ledger's sent list and auto-send's state.
import { sameEmail } from '@handoff/core';
import { DEFAULT_SITE_ID, type Project, type ProjectChanges } from '@handoff/core/api';
import type { GroupBy } from '@handoff/core/story-groups';
import { finishedStatesOf, trackerNameOf } from '@handoff/core/tracker-kinds';
import type { FastifyInstance } from 'fastify';
import type { ProductUser } from '../auth/product-user.ts';
import { cachedRead } from '../db/read-cache.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import { TrackerError } from '../tracker/tracker-errors.ts';
import { assertOwner, type Membership } from '../workspaces/workspaces.service.ts';
import {
  deleteProject,
  findProjectForCaller,
  insertProject,
  type ProjectRecord,
  projectListJson,
  projectNotFound,
  updateProject,
} from './projects.repository.ts';

export type { ProjectRecord } from './projects.repository.ts';

/** A project named by its key, and its site where two sites have the key. */
export interface ProjectRef {
  projectKey: string;
  siteId?: string | undefined;
}

/**
 * The caller's project with this key (the one lookup by key: always in the caller's workspace), or the
 * 404 that says nothing about other workspaces.
 */
export async function projectForCaller(
  db: FastifyInstance['db'],
  caller: Pick<Membership, 'workspaceId'>,
  { projectKey, siteId }: ProjectRef,
): Promise<ProjectRecord> {
  const project = await findProjectForCaller(db, caller, projectKey, { siteId });
  if (!project) throw projectNotFound(projectKey);
  return project;
}

/** The caller's project with this key, or undefined (a call that works without a project, too). */
export function findProjectOfCaller(
  db: FastifyInstance['db'],
  caller: Pick<Membership, 'workspaceId'>,
  { projectKey, siteId }: ProjectRef,
): Promise<ProjectRecord | undefined> {
  return findProjectForCaller(db, caller, projectKey, { siteId });
}

export { projectNotFound } from './projects.repository.ts';

/**
 * The workspace's project list as JSON text written by the database (see projectListJson), reused while
 * the workspace's projects are unchanged (cachedRead: the version came with the membership check, in the
 * same query). The cache holds the workspace's list, never who may read it.
 */
export function projectListText(app: FastifyInstance, caller: Membership): Promise<string> {
  const { workspaceId, projectsVersion } = caller;
  const nextCheckAt = app.autosend.nextTickAt();
  return cachedRead(
    app.db,
    `projects:${workspaceId}:${nextCheckAt?.getTime()}`,
    () => projectListJson(app.db, workspaceId, nextCheckAt),
    async () => projectsVersion,
  );
}

/** Links a tracker project (the route admits owners only); 409 when the workspace has one with this key. */
export async function addProject(
  app: FastifyInstance,
  user: ProductUser,
  caller: Membership,
  body: {
    projectKey: string;
    projectName: string;
    clientEmails: string[];
    clientCC: string[];
    siteId?: string | undefined;
    reminderDays?: number | null | undefined;
    groupBy?: GroupBy | undefined;
  },
): Promise<Project> {
  const site = await app.sites.site(caller.workspaceId, body.siteId);
  const row = await insertProject(app.db, {
    ...body,
    userId: user.id,
    workspaceId: caller.workspaceId,
    siteId: site.id === DEFAULT_SITE_ID ? null : site.id,
    // A kind whose finished stories are not in Done or Testing (GitHub: Closed) starts with its own.
    statusesOffered: finishedStatesOf(site.kind) ?? null,
  });
  if (!row) throw conflict(`The project ${body.projectKey} has already been added.`);
  return answerFor(app, row);
}

export async function projectByKey(
  app: FastifyInstance,
  caller: Membership,
  ref: ProjectRef,
): Promise<Project> {
  return answerFor(app, await projectForCaller(app.db, caller, ref));
}

export async function removeProject(
  app: FastifyInstance,
  caller: Membership,
  ref: ProjectRef,
): Promise<void> {
  const deleted = await deleteProject(app.db, caller, ref.projectKey, ref.siteId);
  if (!deleted) throw projectNotFound(ref.projectKey);
}

/**
 * The update of a project, under its row's lock: the addresses (owners only when they change), the
 * auto-send switch (auto-send's), and the keys it lists, which open a claim in the send ledger.
 */
export async function changeProject(
  app: FastifyInstance,
  user: ProductUser,
  caller: Membership,
  ref: ProjectRef,
  changes: ProjectChanges,
): Promise<Project> {
  if (changes.autosend === true) await assertTrackerAcceptsToken(app, user, caller, ref);
  const row = await app.db.transaction().execute(async (trx) => {
    const current = await findProjectForCaller(trx, caller, ref.projectKey, {
      lock: 'update',
      siteId: ref.siteId,
    });
    if (!current) throw projectNotFound(ref.projectKey);
    if (changes.projectKey !== undefined && changes.projectKey !== current.project_key) {
      throw badRequest("A project's key can't be changed. Delete the project and add it again.");
    }
    // The screens send the addresses with every update; only a change is an owner's business, and an
    // unchanged list keeps its stored spelling (a look-alike re-spelling is no change, and no way around it).
    const asStored = (list: string[] | undefined, stored: string[]) =>
      list === undefined || sameList(list, stored) ? stored : list;
    const clientEmails = asStored(changes.clientEmails, current.client_emails);
    const clientCC = asStored(changes.clientCC ?? changes.clinetCC, current.client_cc);
    if (clientEmails !== current.client_emails || clientCC !== current.client_cc) assertOwner(caller);
    const statuses = changes.statusesOffered;
    if (statuses !== undefined && !sameList(statuses ?? [], current.statuses_offered ?? []))
      assertOwner(caller);
    // projectName is accepted and ignored: the name is the tracker project's, fixed when it was added.
    // Keys the update adds open a claim for the send that follows (the ledger; it alone writes them).
    await app.ledger.claimFromUpdate(trx, current.id, changes.sentProjectIssuesList ?? []);
    if (changes.autosend !== undefined) {
      const autosend = await app.autosend.stateOf(trx, current.id);
      // Auto-send runs on the Jira token of whoever switched it on.
      if (changes.autosend && !autosend.on)
        await app.autosend.switch(trx, current.id, { on: true, userId: user.id });
      if (!changes.autosend && autosend.on) await app.autosend.switch(trx, current.id, { on: false });
    }
    return updateProject(trx, current.id, {
      clientEmails,
      clientCC,
      statusesOffered: changes.statusesOffered === undefined ? undefined : (changes.statusesOffered ?? []),
      reminderDays: changes.reminderDays,
      groupBy: changes.groupBy,
    });
  });
  return answerFor(app, row);
}

/**
 * Auto-send will use the caller's stored Jira token: switching it on with a token Jira refuses is
 * refused at once, instead of failing quietly every round. A tracker that can't be reached now does
 * not stop it (the rounds retry and report).
 */
async function assertTrackerAcceptsToken(
  app: FastifyInstance,
  user: ProductUser,
  caller: Membership,
  { projectKey, siteId }: ProjectRef,
): Promise<void> {
  const current = await findProjectForCaller(app.db, caller, projectKey, { siteId });
  if (!current || (await app.autosend.stateOf(app.db, current.id)).on) return;
  const site = await app.sites.site(caller.workspaceId, current.site_id);
  const credentials = await app.sites.requireCredential(caller.workspaceId, site, user.id);
  try {
    await site.tracker.checkCredential(credentials);
  } catch (error) {
    if (
      error instanceof TrackerError &&
      (error.failure === 'credential-refused' || error.failure === 'no-permission')
    ) {
      throw new AppError(
        409,
        'AUTOSEND_TOKEN_REFUSED',
        `Auto-send was not turned on: ${trackerNameOf(site.kind)} refused the token of ${user.email}. Replace it on your profile page, then try again.`,
      );
    }
    app.log.warn({ err: error }, 'could not check the tracker token while turning auto-send on');
  }
}

/** Address lists compared as the server stores them (already de-duplicated) and as every rule compares addresses. */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((address, index) => sameEmail(address, b[index] ?? ''));
}

/** One project as the calls answer it: its row, the ledger's sent list and auto-send's state. */
async function answerFor(app: FastifyInstance, row: ProjectRecord): Promise<Project> {
  const [sentKeys, lastSentAt, autosend] = await Promise.all([
    app.ledger.sentKeysOf(app.db, row.id),
    app.ledger.lastAutomaticSend(app.db, row.id),
    app.autosend.stateOf(app.db, row.id),
  ]);
  // Switched on but not run yet: the first round is due at the scheduler's next check.
  const nextRunAt = autosend.on ? (autosend.nextRunAt ?? app.autosend.nextTickAt()) : null;
  return {
    userId: row.user_id,
    projectKey: row.project_key,
    projectName: row.project_name,
    clientEmails: row.client_emails,
    clientCC: row.client_cc,
    autosend: autosend.on,
    sentProjectIssuesList: [...new Set(sentKeys)],
    siteId: row.site_id ?? DEFAULT_SITE_ID,
    siteName: row.site_name ?? DEFAULT_SITE_ID,
    statusesOffered: row.statuses_offered,
    reminderDays: row.reminder_days,
    groupBy: row.group_by,
    autosendStatus: {
      nextRunAt: nextRunAt?.toISOString() ?? null,
      lastRunAt: autosend.lastRunAt?.toISOString() ?? null,
      lastError: autosend.lastError,
      lastSentAt: lastSentAt?.toISOString() ?? null,
      switchedOnBy: autosend.switchedOnByEmail,
    },
  };
}
