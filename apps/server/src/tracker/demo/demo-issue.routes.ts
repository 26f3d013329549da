// The demo tracker's calls on one issue: its comments (`GET`/`POST …/comment`) and its transitions
// (`GET`/`POST …/transitions`), in Atlassian's shapes; both kept in the database.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Caller, DemoAuth } from './demo-auth.ts';
import { DEMO_ISSUES, DEMO_STATUSES, type DemoIssue } from './demo-data.ts';
import { integerParam, JiraHttpError, type QueryParams, single, startAtParam } from './demo-http.ts';
import { addComment, commentsOf, moveIssue } from './demo-issues.service.ts';
import { commentJson, statusJson } from './demo-json.ts';
import { statusChanges, transitionIdOf } from './demo-statuses.ts';

export function demoIssueRoutes(app: FastifyInstance, auth: DemoAuth): void {
  const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  const issueParams = (request: FastifyRequest) => (request.params as { issueIdOrKey: string }).issueIdOrKey;

  /** The issue a signed-in caller names in the path, with its current status; Jira's 404 otherwise. */
  async function issueOf(caller: Caller, issueIdOrKey: string): Promise<DemoIssue> {
    const wanted = issueIdOrKey.toUpperCase();
    const issue =
      caller.kind === 'user'
        ? DEMO_ISSUES.find((candidate) => candidate.key === wanted || candidate.id === issueIdOrKey)
        : undefined;
    if (!issue) {
      throw new JiraHttpError(404, ['Issue does not exist or you do not have permission to see it.']);
    }
    const status = (await statusChanges(app.db, caller.kind === 'user' ? caller.userId : null)).get(
      issue.key,
    );
    return status ? { ...issue, status } : issue;
  }

  app.get('/issue/:issueIdOrKey/comment', async (request) => {
    const caller = await auth.signedIn(request);
    const issue = await issueOf(caller, issueParams(request));
    const query = request.query as QueryParams;
    const startAt = startAtParam(query);
    const maxResults = Math.min(Math.max(integerParam(query.maxResults, 'maxResults', 100), 1), 100);
    const orderBy = single(query.orderBy) ?? 'created';
    if (!['created', '+created', '-created'].includes(orderBy)) {
      throw new JiraHttpError(400, [`Invalid orderBy value: ${orderBy}`]);
    }
    const rows = await commentsOf(app.db, issue.key, orderBy === '-created' ? 'desc' : 'asc', caller.userId);
    const base = baseOf(request);
    return {
      startAt,
      maxResults,
      total: rows.length,
      comments: rows
        .slice(startAt, startAt + maxResults)
        .map((row) =>
          commentJson({ ...row, id: String(row.id) }, { userId: row.author_user_id, email: row.email }, base),
        ),
    };
  });

  app.post('/issue/:issueIdOrKey/comment', async (request, reply) => {
    const caller = await auth.signedIn(request);
    const issue = await issueOf(caller, issueParams(request));
    const body = request.body as Record<string, unknown> | null;
    const doc = typeof body === 'object' && body !== null && !Array.isArray(body) ? body.body : undefined;
    if (
      typeof doc !== 'object' ||
      doc === null ||
      (doc as { type?: unknown }).type !== 'doc' ||
      !Array.isArray((doc as { content?: unknown }).content) ||
      (doc as { content: unknown[] }).content.length === 0
    ) {
      throw new JiraHttpError(400, [], { comment: 'Comment body can not be empty!' });
    }
    const row = await addComment(app.db, issue.key, caller.userId, doc);
    return reply
      .status(201)
      .send(
        commentJson(
          { ...row, id: String(row.id) },
          { userId: caller.userId, email: caller.email },
          baseOf(request),
        ),
      );
  });

  app.get('/issue/:issueIdOrKey/transitions', async (request) => {
    const caller = await auth.signedIn(request);
    const issue = await issueOf(caller, issueParams(request));
    const base = baseOf(request);
    return {
      expand: 'transitions',
      transitions: DEMO_STATUSES.filter((status) => status.id !== issue.status.id).map((status) => ({
        id: transitionIdOf(status),
        name: status.name,
        to: statusJson(status, base),
        hasScreen: false,
        isGlobal: true,
        isInitial: false,
        isAvailable: true,
        isConditional: false,
        looped: false,
      })),
    };
  });

  app.post('/issue/:issueIdOrKey/transitions', async (request, reply) => {
    const caller = await auth.signedIn(request);
    const issue = await issueOf(caller, issueParams(request));
    const body = request.body as { transition?: { id?: unknown } } | null;
    const id = typeof body === 'object' && body !== null ? body.transition?.id : undefined;
    if (typeof id !== 'string') throw new JiraHttpError(400, ['Missing transition in request body.']);
    const target = DEMO_STATUSES.find(
      (status) => transitionIdOf(status) === id && status.id !== issue.status.id,
    );
    if (!target) throw new JiraHttpError(400, [`Transition id '${id}' is not valid for this issue.`]);
    await moveIssue(app.db, caller.userId, {
      issueKey: issue.key,
      fromStatusId: issue.status.id,
      toStatusId: target.id,
    });
    return reply.status(204).send();
  });
}
