// The built-in demo tracker: when JIRA_BASE_URL is unset, the server itself answers the few Jira Cloud
// REST v3 calls the product makes, in the shapes of Atlassian's OpenAPI document
// (https://developer.atlassian.com/cloud/jira/platform/swagger-v3.v3.json): project search, the enhanced JQL search (GET and POST),
// `myself`, and an issue's comments and transitions (kept in the database, so they outlive a restart). Basic auth takes a registered user's e-mail and the API key stored for that user.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { SecretBox } from '../common/secret-box.ts';
import { rejectedTextProblem } from '../http/safe-input.ts';
import {
  DEMO_ISSUE_TYPES,
  DEMO_ISSUES,
  DEMO_PROJECTS,
  DEMO_STATUSES,
  type DemoIssue,
  type DemoProject,
  type DemoStatus,
} from './demo-data.ts';
import { type JqlClause, JqlError, parseJql } from './jql-parser.ts';

/** An answer Jira gives with an ErrorCollection body. */
class JiraHttpError extends Error {
  constructor(
    readonly status: number,
    readonly errorMessages: string[],
    readonly errors: Record<string, string> = {},
  ) {
    super(errorMessages[0] ?? `HTTP ${status}`);
  }
}

type Caller = { kind: 'anonymous' } | { kind: 'user'; userId: string; email: string };

const PAGE_CAP = 100; // Jira "may return fewer items per page"; so do we, to keep clients honest.
const PROJECT_PAGE_DEFAULT = 50;
const PROJECT_PAGE_MAX = 100;
const ISSUE_EXPAND = 'renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations';
const PROJECT_EXPAND = 'description,lead,issueTypes,url,projectKeys,permissions,insight';
const ALL_FIELDS = ['summary', 'description', 'status', 'issuetype', 'project', 'created', 'updated'];

/** Registered under the prefix /rest/api/3. */
export async function demoTrackerRoutes(app: FastifyInstance): Promise<void> {
  const box = new SecretBox(app.config.secretKey);

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

  async function authenticate(request: FastifyRequest): Promise<Caller> {
    const header = request.headers.authorization;
    if (!header) return { kind: 'anonymous' };
    const refused = new JiraHttpError(401, ['Client must be authenticated to access this resource.']);
    const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
    if (!match?.[1]) throw refused;
    const decoded = Buffer.from(match[1], 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    // Credentials PostgreSQL could not even compare (a NUL) belong to nobody.
    if (colon <= 0 || rejectedTextProblem(decoded, 'credentials')) throw refused;
    const email = decoded.slice(0, colon);
    const token = decoded.slice(colon + 1);
    const row = await app.db
      .selectFrom('users')
      .select(['id', 'email', 'apikey_encrypted'])
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    if (!row) throw refused;
    let stored: string;
    try {
      stored = box.open(row.apikey_encrypted);
    } catch {
      throw refused;
    }
    if (!sameSecret(stored, token)) throw refused;
    return { kind: 'user', userId: row.id, email: row.email };
  }

  const baseOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

  app.get('/myself', async (request) => {
    const caller = await authenticate(request);
    if (caller.kind === 'anonymous') {
      throw new JiraHttpError(401, ['Client must be authenticated to access this resource.']);
    }
    const base = baseOf(request);
    const accountId = `712020:${caller.userId}`;
    return {
      self: `${base}/rest/api/3/user?accountId=${encodeURIComponent(accountId)}`,
      accountId,
      accountType: 'atlassian',
      emailAddress: caller.email,
      avatarUrls: avatarUrls(`${base}/secure/useravatar?ownerId=${encodeURIComponent(accountId)}`),
      displayName: caller.email.split('@')[0] ?? caller.email,
      active: true,
      timeZone: 'Etc/UTC',
      locale: 'en_US',
    };
  });

  app.get('/project/search', async (request) => {
    const caller = await authenticate(request);
    const query = request.query as Record<string, string | string[] | undefined>;
    const startAt = integerParam(query.startAt, 'startAt', 0);
    if (startAt < 0) throw new JiraHttpError(400, ["'startAt' must be greater than or equal to 0."]);
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

  app.get('/search/jql', async (request) => {
    const caller = await authenticate(request);
    const query = request.query as Record<string, string | string[] | undefined>;
    return search(caller, baseOf(request), await statusChanges(), {
      jql: single(query.jql) ?? '',
      nextPageToken: single(query.nextPageToken),
      maxResults: integerParam(query.maxResults, 'maxResults', 50),
      fields: list(query.fields).flatMap((f) => f.split(',')),
    });
  });

  app.post('/search/jql', async (request) => {
    const caller = await authenticate(request);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new JiraHttpError(400, ['The request body must be a JSON object.']);
    }
    const known = [
      'expand',
      'fields',
      'fieldsByKeys',
      'jql',
      'maxResults',
      'nextPageToken',
      'properties',
      'reconcileIssues',
    ];
    for (const name of Object.keys(body)) {
      if (!known.includes(name)) throw new JiraHttpError(400, [`Unrecognized field "${name}".`]);
    }
    const b = body as Record<string, unknown>;
    if (b.jql !== undefined && typeof b.jql !== 'string')
      throw new JiraHttpError(400, ["'jql' must be a string."]);
    if (b.maxResults !== undefined && !Number.isInteger(b.maxResults)) {
      throw new JiraHttpError(400, ["'maxResults' must be an integer."]);
    }
    if (b.nextPageToken !== undefined && b.nextPageToken !== null && typeof b.nextPageToken !== 'string') {
      throw new JiraHttpError(400, ["'nextPageToken' must be a string."]);
    }
    if (
      b.fields !== undefined &&
      !(Array.isArray(b.fields) && b.fields.every((f) => typeof f === 'string'))
    ) {
      throw new JiraHttpError(400, ["'fields' must be a list of strings."]);
    }
    return search(caller, baseOf(request), await statusChanges(), {
      jql: (b.jql as string | undefined) ?? '',
      nextPageToken: (b.nextPageToken as string | null | undefined) ?? undefined,
      maxResults: (b.maxResults as number | undefined) ?? 50,
      fields: ((b.fields as string[] | undefined) ?? []).flatMap((f) => f.split(',')),
    });
  });

  /** Issues' statuses changed by transitions, by key. */
  async function statusChanges(): Promise<Map<string, DemoStatus>> {
    const rows = await app.db.selectFrom('demo_tracker_statuses').selectAll().execute();
    const changed = new Map<string, DemoStatus>();
    for (const row of rows) {
      const status = DEMO_STATUSES.find((s) => s.id === row.status_id);
      if (status) changed.set(row.issue_key, status);
    }
    return changed;
  }

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
    const status = (await statusChanges()).get(issue.key);
    return status ? { ...issue, status } : issue;
  }

  const signedIn = async (request: FastifyRequest): Promise<Caller & { kind: 'user' }> => {
    const caller = await authenticate(request);
    if (caller.kind === 'anonymous') {
      throw new JiraHttpError(401, ['Client must be authenticated to access this resource.']);
    }
    return caller;
  };

  function commentJson(
    row: { id: string; issue_key: string; body: unknown; created_at: Date; author_user_id: string | null },
    author: { userId: string | null; email: string | null },
    base: string,
  ) {
    const issue = DEMO_ISSUES.find((candidate) => candidate.key === row.issue_key) as DemoIssue;
    const accountId = `712020:${author.userId ?? 'unknown'}`;
    const user = {
      self: `${base}/rest/api/3/user?accountId=${encodeURIComponent(accountId)}`,
      accountId,
      ...(author.email ? { emailAddress: author.email } : {}),
      avatarUrls: avatarUrls(`${base}/secure/useravatar?ownerId=${encodeURIComponent(accountId)}`),
      displayName: author.email?.split('@')[0] ?? 'Former user',
      active: author.userId !== null,
      timeZone: 'Etc/UTC',
      accountType: 'atlassian',
    };
    const at = row.created_at.toISOString().replace('Z', '+0000');
    return {
      self: `${base}/rest/api/3/issue/${issue.id}/comment/${row.id}`,
      id: row.id,
      author: user,
      body: row.body,
      updateAuthor: user,
      created: at,
      updated: at,
      jsdPublic: true,
    };
  }

  const issueParams = (request: FastifyRequest) => (request.params as { issueIdOrKey: string }).issueIdOrKey;

  app.get('/issue/:issueIdOrKey/comment', async (request) => {
    const caller = await signedIn(request);
    const issue = await issueOf(caller, issueParams(request));
    const query = request.query as Record<string, string | string[] | undefined>;
    const startAt = integerParam(query.startAt, 'startAt', 0);
    if (startAt < 0) throw new JiraHttpError(400, ["'startAt' must be greater than or equal to 0."]);
    const maxResults = Math.min(Math.max(integerParam(query.maxResults, 'maxResults', 100), 1), 100);
    const orderBy = single(query.orderBy) ?? 'created';
    if (!['created', '+created', '-created'].includes(orderBy)) {
      throw new JiraHttpError(400, [`Invalid orderBy value: ${orderBy}`]);
    }
    const rows = await app.db
      .selectFrom('demo_tracker_comments as c')
      .leftJoin('users', 'users.id', 'c.author_user_id')
      .select(['c.id', 'c.issue_key', 'c.body', 'c.created_at', 'c.author_user_id', 'users.email'])
      .where('c.issue_key', '=', issue.key)
      .orderBy('c.id', orderBy === '-created' ? 'desc' : 'asc')
      .execute();
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
    const caller = await signedIn(request);
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
    const row = await app.db
      .insertInto('demo_tracker_comments')
      .values({ issue_key: issue.key, author_user_id: caller.userId, body: JSON.stringify(doc) })
      .returning(['id', 'issue_key', 'body', 'created_at', 'author_user_id'])
      .executeTakeFirstOrThrow();
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
    const caller = await signedIn(request);
    const issue = await issueOf(caller, issueParams(request));
    const base = baseOf(request);
    return {
      expand: 'transitions',
      transitions: DEMO_STATUSES.filter((status) => status.id !== issue.status.id).map((status) => ({
        id: transitionIdOf(status),
        name: status.name,
        to: {
          self: `${base}/rest/api/3/status/${status.id}`,
          description: '',
          iconUrl: `${base}/images/icons/statuses/generic.png`,
          name: status.name,
          id: status.id,
          statusCategory: {
            self: `${base}/rest/api/3/statuscategory/${status.category.id}`,
            ...status.category,
          },
        },
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
    const caller = await signedIn(request);
    const issue = await issueOf(caller, issueParams(request));
    const body = request.body as { transition?: { id?: unknown } } | null;
    const id = typeof body === 'object' && body !== null ? body.transition?.id : undefined;
    if (typeof id !== 'string') throw new JiraHttpError(400, ['Missing transition in request body.']);
    const target = DEMO_STATUSES.find(
      (status) => transitionIdOf(status) === id && status.id !== issue.status.id,
    );
    if (!target) throw new JiraHttpError(400, [`Transition id '${id}' is not valid for this issue.`]);
    await app.db
      .insertInto('demo_tracker_statuses')
      .values({ issue_key: issue.key, status_id: target.id })
      .onConflict((oc) => oc.column('issue_key').doUpdateSet({ status_id: target.id }))
      .execute();
    return reply.status(204).send();
  });

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

interface SearchParams {
  jql: string;
  nextPageToken: string | undefined;
  maxResults: number;
  fields: string[];
}

/** The demo workflow is global: one transition into each status, numbered as Jira numbers them (11, 21, …). */
function transitionIdOf(status: DemoStatus): string {
  return String((DEMO_STATUSES.indexOf(status) + 1) * 10 + 1);
}

function search(caller: Caller, base: string, changed: Map<string, DemoStatus>, params: SearchParams) {
  let parsed: ReturnType<typeof parseJql>;
  try {
    parsed = parseJql(params.jql);
  } catch (error) {
    if (error instanceof JqlError) throw new JiraHttpError(400, [error.message]);
    throw error;
  }
  if (parsed.clauses.length === 0) {
    throw new JiraHttpError(400, [
      'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.',
    ]);
  }
  if (params.maxResults < 1) throw new JiraHttpError(400, ["'maxResults' must be greater than 0."]);
  const visible = caller.kind === 'user' ? DEMO_PROJECTS : [];
  let issues = DEMO_ISSUES.filter((issue) => visible.some((p) => p.key === issue.projectKey)).map((issue) => {
    const status = changed.get(issue.key);
    return status ? { ...issue, status } : issue;
  });
  for (const clause of parsed.clauses) {
    const matches = clauseMatcher(clause, visible);
    issues = issues.filter((issue) => matches(issue) !== clause.negated);
  }
  issues = [...issues].sort(comparator(parsed.orderBy));

  const queryId = createHash('sha256').update(params.jql).digest('base64url').slice(0, 16);
  let offset = 0;
  if (params.nextPageToken) {
    const decoded = decodeToken(params.nextPageToken);
    if (!decoded || decoded.q !== queryId) {
      throw new JiraHttpError(400, ['The provided next page token is invalid or expired.']);
    }
    offset = decoded.o;
  }
  const size = Math.min(params.maxResults, PAGE_CAP);
  const page = issues.slice(offset, offset + size);
  const next = offset + page.length;
  const isLast = next >= issues.length;
  const wanted = resolveFields(params.fields);
  return {
    issues: page.map((issue) => issueJson(issue, base, wanted)),
    isLast,
    // Absent on the last page, as Jira Cloud does it.
    ...(isLast ? {} : { nextPageToken: encodeToken({ o: next, q: queryId }) }),
  };
}

function clauseMatcher(clause: JqlClause, visible: readonly DemoProject[]): (issue: DemoIssue) => boolean {
  const field = clause.field.toLowerCase();
  const lower = clause.values.map((v) => v.toLowerCase());
  const unknownValue = (value: string, name: string) =>
    new JiraHttpError(400, [`The value '${value}' does not exist for the field '${name}'.`]);
  switch (field) {
    case 'project': {
      const keys = clause.values.map((value) => {
        const v = value.toLowerCase();
        const project = visible.find(
          (p) => p.key.toLowerCase() === v || p.name.toLowerCase() === v || p.id === v,
        );
        if (!project) throw unknownValue(value, clause.field);
        return project.key;
      });
      return (issue) => keys.includes(issue.projectKey);
    }
    case 'status': {
      for (const [i, v] of lower.entries()) {
        if (!DEMO_STATUSES.some((s) => s.name.toLowerCase() === v || s.id === v)) {
          throw unknownValue(clause.values[i] as string, clause.field);
        }
      }
      return (issue) => lower.some((v) => issue.status.name.toLowerCase() === v || issue.status.id === v);
    }
    case 'issuetype':
    case 'type': {
      for (const [i, v] of lower.entries()) {
        if (!DEMO_ISSUE_TYPES.some((t) => t.name.toLowerCase() === v || t.id === v)) {
          throw unknownValue(clause.values[i] as string, clause.field);
        }
      }
      return (issue) =>
        lower.some((v) => issue.issueType.name.toLowerCase() === v || issue.issueType.id === v);
    }
    case 'key':
    case 'issuekey':
    case 'id':
      return (issue) => lower.some((v) => issue.key.toLowerCase() === v || issue.id === v);
    case 'summary':
    case 'description':
      throw new JiraHttpError(400, [
        `The operator '${clause.negated ? '!=' : '='}' is not supported by the '${clause.field}' field.`,
      ]);
    default:
      throw new JiraHttpError(400, [
        `Field '${clause.field}' does not exist or you do not have permission to view it.`,
      ]);
  }
}

function comparator(orderBy: ReturnType<typeof parseJql>['orderBy']): (a: DemoIssue, b: DemoIssue) => number {
  const keyOrder = (a: DemoIssue, b: DemoIssue) =>
    a.projectKey.localeCompare(b.projectKey) || issueNumber(a) - issueNumber(b);
  const parts = orderBy.map(({ field, direction }) => {
    const sign = direction === 'DESC' ? -1 : 1;
    const f = field.toLowerCase();
    let compare: (a: DemoIssue, b: DemoIssue) => number;
    if (f === 'key' || f === 'issuekey' || f === 'id') compare = keyOrder;
    else if (f === 'created' || f === 'updated') compare = (a, b) => a.created.localeCompare(b.created);
    else if (f === 'summary') compare = (a, b) => a.summary.localeCompare(b.summary);
    else if (f === 'status') compare = (a, b) => a.status.name.localeCompare(b.status.name);
    else if (f === 'issuetype' || f === 'type')
      compare = (a, b) => a.issueType.name.localeCompare(b.issueType.name);
    else if (f === 'project') compare = (a, b) => a.projectKey.localeCompare(b.projectKey);
    else throw new JiraHttpError(400, [`Not able to sort using field '${field}'.`]);
    return (a: DemoIssue, b: DemoIssue) => sign * compare(a, b);
  });
  return (a, b) => {
    for (const part of parts) {
      const result = part(a, b);
      if (result !== 0) return result;
    }
    return keyOrder(a, b);
  };
}

function issueNumber(issue: DemoIssue): number {
  return Number(issue.key.slice(issue.key.lastIndexOf('-') + 1));
}

/** `*all` / `*navigable`, named fields, and `-field` exclusions; the default is `id` (no fields). */
function resolveFields(requested: string[]): Set<string> {
  const wanted = new Set<string>();
  const names = requested.map((f) => f.trim()).filter(Boolean);
  for (const name of names) {
    if (name === '*all' || name === '*navigable') for (const f of ALL_FIELDS) wanted.add(f);
    else if (!name.startsWith('-')) wanted.add(name.toLowerCase() === 'type' ? 'issuetype' : name);
  }
  for (const name of names) if (name.startsWith('-')) wanted.delete(name.slice(1));
  return wanted;
}

function issueJson(issue: DemoIssue, base: string, wanted: Set<string>) {
  const project = DEMO_PROJECTS.find((p) => p.key === issue.projectKey) as DemoProject;
  const all: Record<string, unknown> = {
    summary: issue.summary,
    description: issue.description,
    status: {
      self: `${base}/rest/api/3/status/${issue.status.id}`,
      description: '',
      iconUrl: `${base}/images/icons/statuses/generic.png`,
      name: issue.status.name,
      id: issue.status.id,
      statusCategory: {
        self: `${base}/rest/api/3/statuscategory/${issue.status.category.id}`,
        ...issue.status.category,
      },
    },
    issuetype: {
      self: `${base}/rest/api/3/issuetype/${issue.issueType.id}`,
      id: issue.issueType.id,
      description: issue.issueType.description,
      iconUrl: `${base}/images/icons/issuetypes/${issue.issueType.name.toLowerCase()}.svg`,
      name: issue.issueType.name,
      subtask: false,
      hierarchyLevel: issue.issueType.hierarchyLevel,
    },
    project: { ...projectJson(project, base), expand: undefined },
    created: issue.created,
    updated: issue.created,
  };
  const fields: Record<string, unknown> = {};
  for (const name of wanted) if (name in all) fields[name] = all[name];
  return {
    expand: ISSUE_EXPAND,
    id: issue.id,
    self: `${base}/rest/api/3/issue/${issue.id}`,
    key: issue.key,
    ...(wanted.size > 0 ? { fields: JSON.parse(JSON.stringify(fields)) } : {}),
  };
}

function projectJson(project: DemoProject, base: string) {
  return {
    expand: PROJECT_EXPAND,
    self: `${base}/rest/api/3/project/${project.id}`,
    id: project.id,
    key: project.key,
    name: project.name,
    avatarUrls: avatarUrls(`${base}/rest/api/3/universal_avatar/view/type/project/avatar/10400`),
    projectTypeKey: 'software' as const,
    simplified: false,
    style: 'classic' as const,
    isPrivate: false,
    properties: {},
  };
}

function avatarUrls(url: string) {
  const sep = url.includes('?') ? '&' : '?';
  return {
    '48x48': `${url}${sep}size=large`,
    '24x24': `${url}${sep}size=small`,
    '16x16': `${url}${sep}size=xsmall`,
    '32x32': `${url}${sep}size=medium`,
  };
}

function encodeToken(value: { o: number; q: string }): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decodeToken(token: string): { o: number; q: string } | undefined {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as {
      o?: unknown;
      q?: unknown;
    };
    if (
      typeof value.o === 'number' &&
      Number.isInteger(value.o) &&
      value.o >= 0 &&
      typeof value.q === 'string'
    ) {
      return { o: value.o, q: value.q };
    }
  } catch {
    // fall through
  }
  return undefined;
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function integerParam(value: string | string[] | undefined, name: string, fallback: number): number {
  const raw = single(value);
  if (raw === undefined || raw === '') return fallback;
  if (!/^-?\d+$/.test(raw)) throw new JiraHttpError(400, [`'${name}' must be an integer.`]);
  return Number(raw);
}

function sameSecret(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}
