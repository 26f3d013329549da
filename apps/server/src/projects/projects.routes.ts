// POST /jira/getFirebaseProjects, addProject, getFirebaseProjectByKey, updateFirebaseProject,
// deleteFirebaseProject (docs/product.md §7). Every query is scoped by the workspace the caller was admitted to
// (request.membership); a body naming another user is refused with 403 before anything is read or changed.
// Members list, fetch, send and toggle auto-send; only owners add, delete or change client addresses.
import { sameEmail, texts } from '@handoff/core';
import {
  addProjectBody,
  DEFAULT_SITE_ID,
  type Project,
  type ProjectChanges,
  projectAnswer,
  projectChangeAnswer,
  projectDeleteAnswer,
  projectListAnswer,
  projectRefBody,
  updateProjectBody,
  userIdBody,
} from '@handoff/core/api';
import { finishedStatesOf } from '@handoff/core/tracker-kinds';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailOfUser } from '../accounts/users.repository.ts';
import type { ProductUser } from '../auth/product-user.ts';
import { cachedRead } from '../db/read-cache.ts';
import { AppError, badRequest, conflict } from '../errors.ts';
import { sendJsonText } from '../http/json-text.ts';
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

const tags = ['projects'];

/**
 * The ledger's one fact a project answer shows (when auto-send last sent), passed in by app.ts: the ledger
 * builds on projects/ (a send is a project's), so projects/ does not import it.
 */
export interface ProjectLedger {
  lastAutomaticSend(db: FastifyInstance['db'], projectId: string): Promise<Date | null>;
}

export async function projectsRoutes(instance: FastifyInstance, ledger: ProjectLedger): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/jira/getFirebaseProjects',
    {
      schema: {
        tags,
        description: "The projects of the caller's current workspace (or X-Workspace-Id's), oldest first.",
        body: userIdBody,
        response: { 200: projectListAnswer },
      },
    },
    async (request, reply) => {
      const { workspaceId, projectsVersion } = request.membership;
      // JSON written by the database (see projectListJson), reused while the workspace's projects are
      // unchanged (cachedRead: the version came with the membership check, in the same query), and
      // compressed once per answer. The cache holds the workspace's list, never who may read it.
      const nextCheckAt = app.autosend.nextTickAt();
      const body = await cachedRead(
        app.db,
        `projects:${workspaceId}:${nextCheckAt?.getTime()}`,
        () => projectListJson(app.db, workspaceId, nextCheckAt),
        async () => projectsVersion,
      );
      return sendJsonText(request, reply, body);
    },
  );

  app.post(
    '/jira/addProject',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description:
          'Links a tracker project (owners only); 409 when the workspace already has a project with this key.',
        body: addProjectBody,
        response: { 200: projectChangeAnswer },
      },
    },
    async (request) => {
      const user = request.productUser;
      const site = await app.sites.site(request.membership.workspaceId, request.body.siteId);
      const row = await insertProject(app.db, {
        ...request.body,
        userId: user.id,
        workspaceId: request.membership.workspaceId,
        siteId: site.id === DEFAULT_SITE_ID ? null : site.id,
        // A kind whose finished stories are not in Done or Testing (GitHub: Closed) starts with its own.
        statusesOffered: finishedStatesOf(site.kind) ?? null,
      });
      if (!row) throw conflict(`The project ${request.body.projectKey} has already been added.`);
      return {
        status: 200 as const,
        message: texts.addProject.success,
        data: await answerFor(app, ledger, row),
      };
    },
  );

  app.post(
    '/jira/getFirebaseProjectByKey',
    {
      schema: {
        tags,
        description: 'One of the workspace’s projects by its tracker key.',
        body: projectRefBody,
        response: { 200: projectAnswer },
      },
    },
    async (request) => {
      const { projectKey, siteId } = request.body;
      const row = await findProjectForCaller(app.db, request.membership, projectKey, { siteId });
      if (!row) throw projectNotFound(projectKey);
      return { data: await answerFor(app, ledger, row) };
    },
  );

  app.post(
    '/jira/updateFirebaseProject',
    {
      schema: {
        tags,
        description:
          'Changes the client and CC addresses, the auto-send flag, and adds to the sent issue keys ' +
          '(keys are only ever added; the list stays free of duplicates). The key cannot change (400); a ' +
          'different projectName is ignored. Only owners may change the addresses (403).',
        body: updateProjectBody,
        response: { 200: projectChangeAnswer },
      },
    },
    async (request) => {
      const user = request.productUser;
      const caller = request.membership;
      const { projectKey, siteId, updatedProject: changes } = request.body;
      const ref = { projectKey, siteId };
      if (changes.autosend === true) await assertTrackerAcceptsToken(app, user, caller, ref);
      const row = await applyUpdate(app, user, caller, ref, changes);
      return {
        status: 200 as const,
        message: texts.editProject.success,
        data: await answerFor(app, ledger, row),
      };
    },
  );

  app.post(
    '/jira/deleteFirebaseProject',
    {
      config: { ownerOnly: true },
      schema: {
        tags,
        description: 'Deletes one of the workspace’s projects (owners only).',
        body: projectRefBody,
        response: { 200: projectDeleteAnswer },
      },
    },
    async (request) => {
      const { projectKey, siteId } = request.body;
      const deleted = await deleteProject(app.db, request.membership, projectKey, siteId);
      if (!deleted) throw projectNotFound(request.body.projectKey);
      return {
        status: 200 as const,
        message: 'Project has been deleted successfully.',
        data: { projectKey: request.body.projectKey },
      };
    },
  );
}

/**
 * The update of a project, under its row's lock: the addresses (owners only when they change), the
 * auto-send switch, and the keys it lists, which open a claim in the send ledger.
 */
async function applyUpdate(
  app: FastifyInstance,
  user: ProductUser,
  caller: Membership,
  { projectKey, siteId }: ProjectRef,
  changes: ProjectChanges,
): Promise<ProjectRecord> {
  return app.db.transaction().execute(async (trx) => {
    const current = await findProjectForCaller(trx, caller, projectKey, { lock: true, siteId });
    if (!current) throw projectNotFound(projectKey);
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
    await app.ledger.claimFromUpdate(
      trx,
      current.id,
      current.sent_issue_keys,
      changes.sentProjectIssuesList ?? [],
    );
    const autosend = changes.autosend ?? current.autosend;
    const switchedOn = autosend && !current.autosend;
    const updated = await updateProject(trx, current.id, {
      clientEmails,
      clientCC,
      autosend,
      autosendDueNow: switchedOn,
      // Auto-send runs on the Jira token of whoever switched it on.
      autosendUserId: switchedOn ? user.id : autosend ? current.autosend_user_id : null,
      statusesOffered: changes.statusesOffered === undefined ? undefined : (changes.statusesOffered ?? []),
      reminderDays: changes.reminderDays,
      groupBy: changes.groupBy,
    });
    return updated;
  });
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
  if (!current || current.autosend) return;
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
        `Auto-send was not turned on: Jira refused the Jira API token of ${user.email}. Replace it on your profile page, then try again.`,
      );
    }
    app.log.warn({ err: error }, 'could not check the Jira token while turning auto-send on');
  }
}

/** Address lists compared as the server stores them (already de-duplicated) and as every rule compares addresses. */
function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((address, index) => sameEmail(address, b[index] ?? ''));
}

/** A project named by its key, and its site where two sites have the key. */
interface ProjectRef {
  projectKey: string;
  siteId: string | undefined;
}

function dedupe(keys: readonly string[]): string[] {
  return [...new Set(keys)];
}

/** One project as the calls answer it, with its auto-send bookkeeping. */
async function answerFor(app: FastifyInstance, ledger: ProjectLedger, row: ProjectRecord): Promise<Project> {
  const [lastSentAt, switchedOnBy] = await Promise.all([
    ledger.lastAutomaticSend(app.db, row.id),
    row.autosend ? emailOfUser(app.db, row.autosend_user_id) : null,
  ]);
  return toProject(row, app.autosend.nextTickAt(), lastSentAt, switchedOnBy);
}

function toProject(
  row: ProjectRecord,
  nextCheckAt: Date | null,
  lastSentAt: Date | null,
  switchedOnBy: string | null,
): Project {
  return {
    userId: row.user_id,
    projectKey: row.project_key,
    projectName: row.project_name,
    clientEmails: row.client_emails,
    clientCC: row.client_cc,
    autosend: row.autosend,
    sentProjectIssuesList: dedupe(row.sent_issue_keys),
    siteId: row.site_id ?? DEFAULT_SITE_ID,
    siteName: row.site_name ?? DEFAULT_SITE_ID,
    statusesOffered: row.statuses_offered,
    reminderDays: row.reminder_days,
    groupBy: row.group_by,
    autosendStatus: {
      // Switched on but not run yet: the first round is due at the scheduler's next check.
      nextRunAt: row.autosend ? ((row.autosend_next_run_at ?? nextCheckAt)?.toISOString() ?? null) : null,
      lastRunAt: row.autosend_last_run_at?.toISOString() ?? null,
      lastError: row.autosend_last_error,
      lastSentAt: lastSentAt?.toISOString() ?? null,
      switchedOnBy,
    },
  };
}
