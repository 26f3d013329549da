// The demo tracker's enhanced JQL search (`/search/jql`): the query's clauses over the seed's issues,
// Jira's ordering and field selection, and `nextPageToken` pages bound to their query.
import { createHash } from 'node:crypto';
import type { Caller } from './demo-auth.ts';
import {
  DEMO_ISSUE_TYPES,
  DEMO_ISSUES,
  DEMO_PROJECTS,
  DEMO_STATUSES,
  DEMO_VERSIONS,
  type DemoIssue,
  type DemoProject,
  type DemoStatus,
} from './demo-data.ts';
import { integerParam, JiraHttpError, list, type QueryParams, single } from './demo-http.ts';
import { ALL_FIELDS, issueJson } from './demo-json.ts';
import { type JqlClause, JqlError, parseJql } from './jql-parser.ts';

const PAGE_CAP = 100; // Jira "may return fewer items per page"; so do we, to keep clients honest.

interface SearchParams {
  jql: string;
  nextPageToken: string | undefined;
  maxResults: number;
  fields: string[];
}

/** `GET /search/jql`: the parameters from the query string. */
export function searchParamsOfQuery(query: QueryParams): SearchParams {
  return {
    jql: single(query.jql) ?? '',
    nextPageToken: single(query.nextPageToken),
    maxResults: integerParam(query.maxResults, 'maxResults', 50),
    fields: list(query.fields).flatMap((f) => f.split(',')),
  };
}

const BODY_FIELDS = [
  'expand',
  'fields',
  'fieldsByKeys',
  'jql',
  'maxResults',
  'nextPageToken',
  'properties',
  'reconcileIssues',
];

/** `POST /search/jql`: the parameters from the JSON body, refused as Jira refuses them. */
export function searchParamsOfBody(body: unknown): SearchParams {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new JiraHttpError(400, ['The request body must be a JSON object.']);
  }
  for (const name of Object.keys(body)) {
    if (!BODY_FIELDS.includes(name)) throw new JiraHttpError(400, [`Unrecognized field "${name}".`]);
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
  if (b.fields !== undefined && !(Array.isArray(b.fields) && b.fields.every((f) => typeof f === 'string'))) {
    throw new JiraHttpError(400, ["'fields' must be a list of strings."]);
  }
  return {
    jql: (b.jql as string | undefined) ?? '',
    nextPageToken: (b.nextPageToken as string | null | undefined) ?? undefined,
    maxResults: (b.maxResults as number | undefined) ?? 50,
    fields: ((b.fields as string[] | undefined) ?? []).flatMap((f) => f.split(',')),
  };
}

/** One page of the search; `changed` holds the statuses transitions gave issues, by key. */
export function search(caller: Caller, base: string, changed: Map<string, DemoStatus>, params: SearchParams) {
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
    case 'fixversion': {
      const ids = clause.values.map((value) => {
        const v = value.toLowerCase();
        const version = DEMO_VERSIONS.find((x) => x.id === v || x.name.toLowerCase() === v);
        if (!version) throw unknownValue(value, clause.field);
        return version.id;
      });
      return (issue) => issue.fixVersions.some((id) => ids.includes(id));
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
