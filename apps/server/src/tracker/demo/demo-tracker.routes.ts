// The built-in demo tracker: when JIRA_BASE_URL is unset, the server itself answers the few Jira Cloud
// REST v3 calls the product makes, in the shapes of Atlassian's OpenAPI document
// (https://developer.atlassian.com/cloud/jira/platform/swagger-v3.v3.json): project search, the enhanced
// JQL search (GET and POST), a project's versions, `myself`, and an issue's comments and transitions
// (demo-issue.routes.ts; kept in the database, so they outlive a restart). Basic auth takes a registered user's e-mail and the API key
// stored for that user (demo-auth.ts).
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { demoAuth } from './demo-auth.ts';
import { demoChangelogRoutes } from './demo-changelog.routes.ts';
import { DEMO_PROJECTS, DEMO_VERSIONS } from './demo-data.ts';
import { integerParam, JiraHttpError, list, type QueryParams, single, startAtParam } from './demo-http.ts';
import { demoIssueRoutes } from './demo-issue.routes.ts';
import { myselfJson, projectJson, versionJson } from './demo-json.ts';
import { search, searchParamsOfBody, searchParamsOfQuery } from './demo-search.ts';
import { statusChanges } from './demo-statuses.ts';

const PROJECT_PAGE_DEFAULT = 50;
const PROJECT_PAGE_MAX = 100;

/** Registered under the prefix /rest/api/3. */
export async function demoTrackerRoutes(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof JiraHttpError) {
      return reply.status(error.status).send({ errorMessages: error.errorMessages, errors: error.errors });
    }
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'demo tracker failed');
    return reply
      .status(status)
      .send({ errorMessages: [status >= 500 ? 'Internal server error' : error.message], errors: {} });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ errorMessages: [`null for uri: ${request.url}`], errors: {} }),
  );

  const auth = demoAuth(app);
  const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  app.get('/myself', async (request) => myselfJson(await auth.signedIn(request), baseOf(request)));

  app.get('/project/search', async (request) => {
    const caller = await auth.authenticate(request);
    const query = request.query as QueryParams;
    const startAt = startAtParam(query);
    let maxResults = integerParam(query.maxResults, 'maxResults', PROJECT_PAGE_DEFAULT);
    if (maxResults < 1) throw new JiraHttpError(400, ["'maxResults' must be greater than 0."]);
    maxResults = Math.min(maxResults, PROJECT_PAGE_MAX);

    let projects = caller.kind === 'user' ? [...DEMO_PROJECTS] : [];
    const text = single(query.query)?.toLowerCase();
    if (text) {
      projects = projects.filter(
        (p) => p.key.toLowerCase().includes(text) || p.name.toLowerCase().includes(text),
      );
    }
    const keys = list(query.keys);
    if (keys.length > 0)
      projects = projects.filter((p) => keys.some((k) => k.toLowerCase() === p.key.toLowerCase()));
    const orderBy = single(query.orderBy) ?? 'key';
    const descending = orderBy.startsWith('-');
    const by = orderBy.replace(/^[+-]/, '');
    projects.sort((a, b) => (by === 'name' ? a.name.localeCompare(b.name) : a.key.localeCompare(b.key)));
    if (descending) projects.reverse();

    const base = baseOf(request);
    const values = projects.slice(startAt, startAt + maxResults);
    const isLast = startAt + values.length >= projects.length;
    const pageUrl = (at: number) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        if (name === 'startAt' || name === 'maxResults' || value === undefined) continue;
        for (const v of Array.isArray(value) ? value : [value]) params.append(name, v);
      }
      params.set('startAt', String(at));
      params.set('maxResults', String(maxResults));
      return `${base}/rest/api/3/project/search?${params}`;
    };
    return {
      self: pageUrl(startAt),
      ...(isLast ? {} : { nextPage: pageUrl(startAt + values.length) }),
      maxResults,
      startAt,
      total: projects.length,
      isLast,
      values: values.map((project) => projectJson(project, base)),
    };
  });

  app.get('/project/:projectIdOrKey/versions', async (request) => {
    const caller = await auth.authenticate(request);
    const wanted = (request.params as { projectIdOrKey: string }).projectIdOrKey.toLowerCase();
    const project = (caller.kind === 'user' ? DEMO_PROJECTS : []).find(
      (p) => p.key.toLowerCase() === wanted || p.id === wanted,
    );
    if (!project) {
      throw new JiraHttpError(404, [`No project could be found with key '${wanted.toUpperCase()}'.`]);
    }
    const base = baseOf(request);
    return DEMO_VERSIONS.filter((v) => v.projectKey === project.key).map((v) => versionJson(v, base));
  });

  app.get('/search/jql', async (request) => {
    const caller = await auth.authenticate(request);
    const params = searchParamsOfQuery(request.query as QueryParams);
    return search(
      caller,
      baseOf(request),
      await statusChanges(app.db, caller.kind === 'user' ? caller.userId : null),
      params,
    );
  });

  app.post('/search/jql', async (request) => {
    const caller = await auth.authenticate(request);
    const params = searchParamsOfBody(request.body);
    return search(
      caller,
      baseOf(request),
      await statusChanges(app.db, caller.kind === 'user' ? caller.userId : null),
      params,
    );
  });

  demoIssueRoutes(app, auth);
  demoChangelogRoutes(app, auth);

  // The old search is gone on Jira Cloud; answer as Jira does.
  app.route({
    method: ['GET', 'POST'],
    url: '/search',
    handler: async () => {
      throw new JiraHttpError(410, [
        'The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046',
      ]);
    },
  });
}
