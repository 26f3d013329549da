// A Jira Data Center double on a real local HTTP port, for tests and the e2e run: REST v2 only, under a
// context path (default /jira), personal access tokens as Bearer (Basic refused, as Jira 11 does by
// default), `startAt`/`total` paging clamped to its own page size, wiki-markup descriptions and comments
// kept as strings, 204 transitions. Every request and every answer is checked against Atlassian's DC 10.3
// OpenAPI document (tracker/testdata/dc-openapi.ts); what does not fit is collected in `problems`.
import type { ServerResponse } from 'node:http';
import { dcAnswerProblems, dcRequestProblems } from '../tracker/testdata/dc-openapi.ts';
import { type FakeRequest, sendJson, startFakeJira } from './fake-jira.ts';

interface DcUser {
  name: string;
  displayName: string;
  emailAddress: string;
  /** The personal access token that signs this user in. */
  token: string;
}

interface DcIssue {
  key: string;
  summary: string;
  /** Wiki markup, or null. */
  description: string | null;
  status: string;
  /** The issue's parent epic (Jira's `parent` field); left out: none. */
  parent?: { id: string; key: string; summary: string };
  /** The issue's type (`issuetype`); left out: Story (id 10001). */
  issueType?: { id: string; name: string };
  /** The key of the epic its `Epic Link` field (customfield_10100) names; left out: none. */
  epicLink?: string;
  /** The ids of its fix versions (FakeJiraDc.versions). */
  fixVersions?: string[];
  /** In a sprint that is open (JQL `sprint in openSprints()`). */
  inOpenSprint?: boolean;
}

interface DcVersion {
  id: string;
  project: string;
  name: string;
  released: boolean;
  archived?: boolean;
  releaseDate?: string;
}

interface DcComment {
  id: string;
  issueKey: string;
  body: string;
  author: string;
}

interface Forced {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface FakeJiraDc {
  /** The site's base URL, with its context path: http://127.0.0.1:<port>/jira */
  url: string;
  requests: FakeRequest[];
  /** Requests and answers that do not fit the OpenAPI document; a test expects none. */
  problems: string[];
  projects: Array<{ key: string; name: string }>;
  issues: DcIssue[];
  versions: DcVersion[];
  comments: DcComment[];
  transitionsRun: Array<{ issueKey: string; transitionId: string; by: string }>;
  /** The most issues a search page holds, whatever is asked (Jira's jira.search.views.default.max). */
  maxPageSize: number;
  /** Milliseconds each answer waits (a slow server). */
  answerDelayMs: number;
  /** The next requests get these answers instead, one each (429, CAPTCHA …). */
  failNext(...answers: Forced[]): void;
  close(): Promise<void>;
}

export const DC_STATUSES = ['To Do', 'In Progress', 'Testing', 'Done'];
const statusJson = (name: string, base: string) => ({
  self: `${base}/rest/api/2/status/${DC_STATUSES.indexOf(name) + 1}`,
  id: String(DC_STATUSES.indexOf(name) + 1),
  name,
  description: '',
  iconUrl: `${base}/images/icons/status.png`,
  statusCategory: {
    self: `${base}/rest/api/2/statuscategory/2`,
    id: 2,
    key: 'new',
    colorName: 'blue-gray',
    name: 'To Do',
  },
});

export async function startFakeJiraDc(
  options: { contextPath?: string; users?: DcUser[]; projects?: Array<{ key: string; name: string }> } = {},
): Promise<FakeJiraDc> {
  const contextPath = options.contextPath ?? '/jira';
  const users = options.users ?? [];
  const queue: Forced[] = [];
  const fake = await startFakeJira();
  const base = `${fake.url}${contextPath}`;
  const dc: FakeJiraDc = {
    url: base,
    requests: fake.requests,
    problems: [],
    projects: options.projects ?? [],
    issues: [],
    versions: [],
    comments: [],
    transitionsRun: [],
    maxPageSize: 50,
    answerDelayMs: 0,
    failNext: (...answers) => queue.push(...answers),
    close: () => fake.close(),
  };
  let nextId = 10_000;
  const histories = new Map<string, object[]>();

  fake.handle(async (request, response) => {
    if (dc.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, dc.answerDelayMs));
    const forced = queue.shift();
    if (forced) return sendJson(response, forced.status, forced.body ?? {}, forced.headers);
    if (!request.path.startsWith(`${contextPath}/rest/`)) return notFound(response);
    const path = request.path.slice(`${contextPath}/rest`.length);
    const problems = dcRequestProblems(request.method, path, request.query, request.json);
    if (problems.some((p) => p.endsWith('no such operation'))) return notFound(response);
    dc.problems.push(...problems);
    const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
      dc.problems.push(...dcAnswerProblems(request.method, path, status, body));
      if (body === undefined) {
        response.writeHead(status, headers);
        response.end();
      } else sendJson(response, status, body, headers);
    };
    if (path === '/api/2/serverInfo') {
      return answer(200, {
        baseUrl: base,
        version: '10.3.13',
        versionNumbers: [10, 3, 13],
        deploymentType: 'Server',
        buildNumber: 10030013,
        serverTitle: 'Jira',
      });
    }
    const authorization = String(request.headers.authorization ?? '');
    if (/^Basic /i.test(authorization)) {
      return sendJson(response, 403, { message: 'Basic Authentication has been disabled on this instance.' });
    }
    const user = users.find((u) => authorization === `Bearer ${u.token}`);
    if (!user) {
      return sendJson(
        response,
        401,
        {
          errorMessages: ['You are not authenticated. Authentication required to perform this operation.'],
          errors: {},
        },
        authorization ? { 'x-seraph-loginreason': 'AUTHENTICATED_FAILED' } : {},
      );
    }
    const userJson = {
      self: `${base}/rest/api/2/user?username=${user.name}`,
      key: `JIRAUSER${users.indexOf(user) + 10_000}`,
      name: user.name,
      emailAddress: user.emailAddress,
      displayName: user.displayName,
      active: true,
      timeZone: 'Europe/Berlin',
    };
    if (path === '/api/2/myself') return answer(200, userJson);
    if (path === '/api/2/project') {
      return answer(
        200,
        dc.projects.map((p, i) => ({
          self: `${base}/rest/api/2/project/${20_000 + i}`,
          id: String(20_000 + i),
          key: p.key,
          name: p.name,
          archived: false,
          avatarUrls: { '48x48': `${base}/secure/projectavatar?pid=${20_000 + i}` },
        })),
      );
    }
    const statuses = /^\/api\/2\/project\/([^/]+)\/statuses$/.exec(path);
    if (statuses) {
      const key = decodeURIComponent(statuses[1]!);
      if (!dc.projects.some((p) => p.key === key))
        return sendJson(response, 404, { errorMessages: ['No project'], errors: {} });
      return answer(200, [
        {
          self: `${base}/rest/api/2/issuetype/10001`,
          id: '10001',
          name: 'Story',
          subtask: false,
          statuses: DC_STATUSES.map((s) => statusJson(s, base)),
        },
      ]);
    }
    const versions = /^\/api\/2\/project\/([^/]+)\/versions$/.exec(path);
    if (versions) {
      const key = decodeURIComponent(versions[1]!);
      if (!dc.projects.some((p) => p.key === key))
        return sendJson(response, 404, {
          errorMessages: [`No project could be found with key '${key}'.`],
          errors: {},
        });
      return answer(
        200,
        dc.versions.filter((v) => v.project === key).map((v) => versionJson(v, base)),
      );
    }
    if (path === '/api/2/search') return search(request, answer);
    // The site's fields: Jira Software's Epic Link is a custom field of its own id.
    if (path === '/api/2/field') {
      return answer(200, [
        { id: 'summary', name: 'Summary', custom: false, schema: { type: 'string', system: 'summary' } },
        {
          id: 'customfield_10100',
          name: 'Epic Link',
          custom: true,
          schema: { type: 'any', custom: 'com.pyxis.greenhopper.jira:gh-epic-link', customId: 10100 },
        },
      ]);
    }
    const issuePath = /^\/api\/2\/issue\/([^/]+)(?:\/(comment|transitions))?$/.exec(path);
    const issue = issuePath && dc.issues.find((i) => i.key === decodeURIComponent(issuePath[1]!));
    if (!issuePath) return notFound(response);
    if (!issue) return sendJson(response, 404, { errorMessages: ['Issue Does Not Exist'], errors: {} });
    const what = issuePath[2];
    if (!what) {
      const expand = request.query.get('expand') ?? '';
      const changes = histories.get(issue.key) ?? [];
      return answer(200, {
        expand: 'renderedFields,names,schema,operations,editmeta,changelog,versionedRepresentations',
        id: String(30_000 + dc.issues.indexOf(issue)),
        self: `${base}/rest/api/2/issue/${issue.key}`,
        key: issue.key,
        fields: { summary: issue.summary },
        ...(expand.includes('changelog')
          ? {
              changelog: {
                startAt: 0,
                maxResults: changes.length,
                total: changes.length,
                histories: changes,
              },
            }
          : {}),
      });
    }
    if (what === 'comment' && request.method === 'POST') {
      const body = (request.json as { body?: unknown } | undefined)?.body;
      if (typeof body !== 'string')
        return sendJson(response, 400, {
          errorMessages: [],
          errors: { comment: 'Comment body can not be empty!' },
        });
      const comment = { id: String(nextId++), issueKey: issue.key, body, author: user.name };
      dc.comments.push(comment);
      return answer(201, commentJson(comment, base, userJson));
    }
    if (what === 'comment') {
      const all = dc.comments.filter((c) => c.issueKey === issue.key);
      const startAt = Number(request.query.get('startAt') ?? 0);
      const maxResults = Math.min(Number(request.query.get('maxResults') ?? 50), dc.maxPageSize);
      const page = all.slice(startAt, startAt + maxResults);
      return answer(200, {
        startAt,
        maxResults,
        total: all.length,
        comments: page.map((c) => commentJson(c, base, userJson)),
      });
    }
    if (request.method === 'GET') {
      return answer(200, {
        expand: 'transitions',
        transitions: DC_STATUSES.filter((s) => s !== issue.status).map((s) => ({
          id: String((DC_STATUSES.indexOf(s) + 1) * 10 + 1),
          name: `Move to ${s}`,
          to: statusJson(s, base),
        })),
      });
    }
    const transitionId = (request.json as { transition?: { id?: string } } | undefined)?.transition?.id ?? '';
    const to = DC_STATUSES.find((s) => String((DC_STATUSES.indexOf(s) + 1) * 10 + 1) === transitionId);
    if (!to || to === issue.status) {
      return sendJson(response, 400, {
        errorMessages: [`Transition id '${transitionId}' is not valid for this issue.`],
        errors: {},
      });
    }
    const history = {
      id: String(nextId++),
      author: userJson,
      created: new Date().toISOString().replace('Z', '+0000'),
      items: [
        { field: 'status', fieldtype: 'jira', from: '1', fromString: issue.status, to: '2', toString: to },
      ],
    };
    histories.set(issue.key, [...(histories.get(issue.key) ?? []), history]);
    issue.status = to;
    dc.transitionsRun.push({ issueKey: issue.key, transitionId, by: user.name });
    return answer(204);
  });

  function search(request: FakeRequest, answer: (status: number, body?: unknown) => void) {
    const asked = (request.method === 'POST' ? request.json : Object.fromEntries(request.query)) as Record<
      string,
      unknown
    >;
    const jql = String(asked.jql ?? '');
    const startAt = Number(asked.startAt ?? 0);
    const maxResults = Math.min(Number(asked.maxResults ?? 50), dc.maxPageSize);
    const matching = dc.issues.filter((issue) => matches(jql, issue, dc.versions));
    const page = matching.slice(startAt, startAt + maxResults);
    answer(200, {
      expand: null,
      startAt,
      maxResults,
      total: matching.length,
      issues: page.map((issue) => ({
        expand: 'operations,versionedRepresentations,editmeta,changelog,renderedFields',
        id: String(30_000 + dc.issues.indexOf(issue)),
        self: `${base}/rest/api/2/issue/${issue.key}`,
        key: issue.key,
        fields: pickFields(asked.fields, {
          summary: issue.summary,
          description: issue.description,
          status: { self: `${base}/rest/api/2/status/${issue.status}`, name: issue.status, id: issue.status },
          issuetype: {
            self: `${base}/rest/api/2/issuetype/${issue.issueType?.id ?? '10001'}`,
            id: issue.issueType?.id ?? '10001',
            name: issue.issueType?.name ?? 'Story',
            subtask: false,
          },
          customfield_10100: issue.epicLink ?? null,
          ...(issue.parent
            ? {
                parent: {
                  id: issue.parent.id,
                  key: issue.parent.key,
                  self: `${base}/rest/api/2/issue/${issue.parent.id}`,
                  fields: { summary: issue.parent.summary },
                },
              }
            : {}),
          fixVersions: dc.versions
            .filter((v) => issue.fixVersions?.includes(v.id))
            .map((v) => versionJson(v, base)),
        }),
      })),
      names: null,
      schema: null,
      warningMessages: null,
    });
  }

  return dc;
}

/** The fields a search asked for (all of these when it named none). */
function pickFields(asked: unknown, all: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(asked)) return all;
  return Object.fromEntries(Object.entries(all).filter(([name]) => asked.includes(name)));
}

/**
 * The JQL Handoff writes: `project = "K" AND status = "S" AND issuetype in (…)` or `key in (…)`, with
 * `fixVersion = "id"` (a version's id or name) or `sprint in openSprints()`.
 */
function matches(jql: string, issue: DcIssue, versions: readonly DcVersion[]): boolean {
  const project = /project = "((?:[^"\\]|\\.)*)"/.exec(jql)?.[1];
  const fixVersion = /fixVersion = "((?:[^"\\]|\\.)*)"/.exec(jql)?.[1];
  if (fixVersion !== undefined) {
    const version = versions.find((v) => v.id === fixVersion || v.name === fixVersion);
    if (!version || !issue.fixVersions?.includes(version.id)) return false;
  }
  if (/sprint in openSprints\(\)/.test(jql) && !issue.inOpenSprint) return false;
  const status = /status = "((?:[^"\\]|\\.)*)"/.exec(jql)?.[1];
  const keys = /key in \(([^)]*)\)/.exec(jql)?.[1];
  if (project !== undefined && !issue.key.startsWith(`${project}-`)) return false;
  if (status !== undefined && issue.status !== status) return false;
  if (keys !== undefined && !keys.split(',').some((k) => k.trim() === JSON.stringify(issue.key)))
    return false;
  return true;
}

/** A VersionBean as Jira DC 10.3 writes it (dates as date-times). */
function versionJson(version: DcVersion, base: string) {
  return {
    self: `${base}/rest/api/2/version/${version.id}`,
    id: version.id,
    name: version.name,
    archived: version.archived ?? false,
    released: version.released,
    releaseDateSet: version.releaseDate !== undefined,
    ...(version.releaseDate ? { releaseDate: `${version.releaseDate}T00:00:00.000+0000` } : {}),
    overdue: false,
    projectId: 20_000,
  };
}

function commentJson(comment: DcComment, base: string, author: object) {
  return {
    self: `${base}/rest/api/2/issue/${comment.issueKey}/comment/${comment.id}`,
    id: comment.id,
    author,
    body: comment.body,
    created: '2026-11-26T09:00:00.000+0000',
    updated: '2026-11-26T09:00:00.000+0000',
  };
}

/** Jira DC's answer to a route it does not have (a Cloud-only one such as /rest/api/3 or /search/jql). */
function notFound(response: ServerResponse): void {
  sendJson(response, 404, { message: 'HTTP 404 Not Found', 'status-code': 404, 'sub-code': -1 });
}
