// POST /jira/getFirebaseProjects, addProject, getFirebaseProjectByKey, updateFirebaseProject,
// deleteFirebaseProject (SPEC.md §7). Every query is scoped by the product user of the bearer token;
// a body naming another user is refused with 403 before anything is read or changed.
import { texts } from '@handoff/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { assertSameUser, type ProductUser, requireProductUser } from '../accounts/current-user.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { recordManualClaim } from '../sends/sends.service.ts';
import { TrackerError } from '../tracker/jira.client.ts';
import { requireUser } from '../tracker/require-user.ts';
import {
  deleteProject,
  findProject,
  insertProject,
  lastAutomaticSend,
  type ProjectRecord,
  projectListJson,
  updateProject,
} from './projects.repository.ts';
import {
  addProjectBody,
  type Project,
  type ProjectListAnswer,
  projectAnswer,
  projectChangeAnswer,
  projectDeleteAnswer,
  projectListAnswer,
  projectRefBody,
  updateProjectBody,
  userIdBody,
} from './projects.schemas.ts';

const tags = ['projects'];
const security = [{ bearer: [] }];

export async function projectsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Looked up per request, so the auth plugin may be registered before or after this one.
  const onRequest = requireUser(app);

  app.post(
    '/jira/getFirebaseProjects',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: "The signed-in user's projects, oldest first.",
        body: userIdBody,
        response: { 200: projectListAnswer },
      },
    },
    async (request, reply) => {
      const user = await requireProductUser(request);
      assertSameUser(user, request.body.userId);
      // Already-serialised JSON (built by the database) is sent as it is; see projectListJson.
      const body = await projectListJson(app.db, user.id, app.autosend.nextTickAt());
      return reply.type('application/json; charset=utf-8').send(body as unknown as ProjectListAnswer);
    },
  );

  app.post(
    '/jira/addProject',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'Links a tracker project; 409 when the user already has a project with this key.',
        body: addProjectBody,
        response: { 200: projectChangeAnswer },
      },
    },
    async (request) => {
      const user = await requireProductUser(request);
      const { userId, ...values } = request.body;
      assertSameUser(user, userId);
      const row = await insertProject(app.db, { userId: user.id, ...values });
      if (!row) throw conflict(`The project ${values.projectKey} has already been added.`);
      return {
        status: 200 as const,
        message: texts.addProject.success,
        data: await answerFor(app, row),
      };
    },
  );

  app.post(
    '/jira/getFirebaseProjectByKey',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'One of the user’s projects by its tracker key.',
        body: projectRefBody,
        response: { 200: projectAnswer },
      },
    },
    async (request) => {
      const user = await requireProductUser(request);
      assertSameUser(user, request.body.userId);
      const row = await findProject(app.db, user.id, request.body.projectKey);
      if (!row) throw projectNotFound(request.body.projectKey);
      return { data: await answerFor(app, row) };
    },
  );

  app.post(
    '/jira/updateFirebaseProject',
    {
      onRequest,
      schema: {
        tags,
        security,
        description:
          'Changes the client and CC addresses, the auto-send flag, and adds to the sent issue keys ' +
          '(keys are only ever added; the list stays free of duplicates). The key cannot change (400); a ' +
          'different projectName is ignored.',
        body: updateProjectBody,
        response: { 200: projectChangeAnswer },
      },
    },
    async (request) => {
      const user = await requireProductUser(request);
      const { userId, projectKey, updatedProject: changes } = request.body;
      assertSameUser(user, userId);
      if (changes.autosend === true) await assertTrackerAcceptsToken(app, user, projectKey);
      const row = await app.db.transaction().execute(async (trx) => {
        const current = await findProject(trx, user.id, projectKey, { lock: true });
        if (!current) throw projectNotFound(projectKey);
        if (changes.projectKey !== undefined && changes.projectKey !== current.project_key) {
          throw badRequest("A project's key can't be changed. Delete the project and add it again.");
        }
        // projectName is accepted and ignored: the name is the tracker project's, fixed when it was added.
        const sent = current.sent_issue_keys;
        const known = new Set(sent);
        const added: string[] = [];
        for (const key of changes.sentProjectIssuesList ?? []) {
          if (!known.has(key)) {
            known.add(key);
            added.push(key);
          }
        }
        const autosend = changes.autosend ?? current.autosend;
        const updated = await updateProject(trx, current.id, {
          clientEmails: changes.clientEmails ?? current.client_emails,
          clientCC: changes.clientCC ?? changes.clinetCC ?? current.client_cc,
          autosend,
          sentIssueKeys: [...dedupe(sent), ...added],
          autosendDueNow: autosend && !current.autosend,
        });
        // The web appends keys before it sends the e-mail; the claim is released if the e-mail never goes.
        await recordManualClaim(trx, current.id, added);
        return updated;
      });
      return {
        status: 200 as const,
        message: texts.editProject.success,
        data: await answerFor(app, row),
      };
    },
  );

  app.post(
    '/jira/deleteFirebaseProject',
    {
      onRequest,
      schema: {
        tags,
        security,
        description: 'Deletes one of the user’s projects.',
        body: projectRefBody,
        response: { 200: projectDeleteAnswer },
      },
    },
    async (request) => {
      const user = await requireProductUser(request);
      assertSameUser(user, request.body.userId);
      const deleted = await deleteProject(app.db, user.id, request.body.projectKey);
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
 * Auto-send will use the owner's stored Jira token: switching it on with a token Jira refuses is
 * refused at once, instead of failing quietly every round. A tracker that can't be reached now does
 * not stop it (the rounds retry and report).
 */
async function assertTrackerAcceptsToken(
  app: FastifyInstance,
  user: ProductUser,
  projectKey: string,
): Promise<void> {
  const current = await findProject(app.db, user.id, projectKey);
  if (!current || current.autosend) return;
  try {
    await app.jira.myself({ email: user.email, apiToken: user.apikey });
  } catch (error) {
    if (error instanceof TrackerError && (error.jiraStatus === 401 || error.jiraStatus === 403)) {
      throw new AppError(
        409,
        'AUTOSEND_TOKEN_REFUSED',
        `Auto-send was not turned on: Jira refused the API token for ${user.email}. Replace the token on your profile page, then try again.`,
      );
    }
    app.log.warn({ err: error }, 'could not check the Jira token while turning auto-send on');
  }
}

function projectNotFound(projectKey: string) {
  return notFound(`You have no project with the key ${JSON.stringify(projectKey)}.`);
}

function dedupe(keys: readonly string[]): string[] {
  return [...new Set(keys)];
}

/** One project as the calls answer it, with its auto-send bookkeeping. */
async function answerFor(app: FastifyInstance, row: ProjectRecord): Promise<Project> {
  return toProject(row, app.autosend.nextTickAt(), await lastAutomaticSend(app.db, row.id));
}

export function toProject(row: ProjectRecord, nextCheckAt: Date | null, lastSentAt: Date | null): Project {
  return {
    userId: row.user_id,
    projectKey: row.project_key,
    projectName: row.project_name,
    clientEmails: row.client_emails,
    clientCC: row.client_cc,
    autosend: row.autosend,
    sentProjectIssuesList: dedupe(row.sent_issue_keys),
    autosendStatus: {
      // Switched on but not run yet: the first round is due at the scheduler's next check.
      nextRunAt: row.autosend ? ((row.autosend_next_run_at ?? nextCheckAt)?.toISOString() ?? null) : null,
      lastRunAt: row.autosend_last_run_at?.toISOString() ?? null,
      lastError: row.autosend_last_error,
      lastSentAt: lastSentAt?.toISOString() ?? null,
    },
  };
}
