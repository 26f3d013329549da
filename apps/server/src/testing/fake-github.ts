// A GitHub double on a real local HTTP port, for tests, the benchmark and the e2e run: the REST calls the
// GitHub adapter makes, at the API's root (github.com) or under /api/v3 (GitHub Enterprise Server).
// Tokens as Bearer; the headers GitHub asks of every call (X-GitHub-Api-Version 2022-11-28, an Accept of
// application/vnd.github+json, a User-Agent); `page`/`per_page` paging with a Link header; the rate-limit
// headers on every answer. Every request and answer is checked against GitHub's REST OpenAPI description
// (tracker/testdata/github-openapi.ts); what does not fit is collected in `problems`, which a test expects
// empty. https://docs.github.com/en/rest/using-the-rest-api/getting-started-with-the-rest-api
import { gitHubAnswerProblems, gitHubRequestProblems } from '../tracker/testdata/github-openapi.ts';
import {
  commentJson,
  eventJson,
  type GitHubIssueRecord,
  type GitHubMilestoneRecord,
  type GitHubUserRecord,
  issueJson,
  labelJson,
  milestoneJson,
  privateUserJson,
  repoJson,
} from './fake-github-json.ts';
import { type FakeRequest, sendJson, startFakeJira } from './fake-jira.ts';

interface FakeGitHubUser extends GitHubUserRecord {
  /** The personal access token that signs this user in. */
  token: string;
  /** False for a token with Issues read-only: writes are refused as GitHub does. */
  canWrite?: boolean;
}

interface Forced {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

interface FakeGitHubComment {
  id: number;
  repo: string;
  number: number;
  body: string;
  author: string;
}

interface FakeGitHubEvent {
  id: number;
  repo: string;
  number: number;
  event: 'closed' | 'reopened' | 'labeled';
  at: string;
  actor: string;
  label?: string;
  stateReason?: string | null;
}

export interface FakeGitHub {
  /** The API's base URL: http://127.0.0.1:<port> (github.com) or …/api/v3 (Enterprise Server). */
  url: string;
  requests: FakeRequest[];
  /** Requests and answers that do not fit GitHub's description or its rules; a test expects none. */
  problems: string[];
  /** owner/repo of every repository (every user reads every one). */
  repos: string[];
  /** The labels of each repository, by owner/repo. */
  labels: Map<string, string[]>;
  milestones: GitHubMilestoneRecord[];
  issues: GitHubIssueRecord[];
  comments: FakeGitHubComment[];
  events: FakeGitHubEvent[];
  /** The most items a page holds, whatever is asked (GitHub's 100). */
  maxPageSize: number;
  /** Milliseconds each answer waits (a slow server). */
  answerDelayMs: number;
  /** Closes an issue as a developer would on GitHub (a `closed` event in its timeline). */
  closeIssue(repo: string, number: number, by: string, reason?: 'completed' | 'not_planned'): void;
  /** The next requests get these answers instead, one each (rate limits …). */
  failNext(...answers: Forced[]): void;
  close(): Promise<void>;
}

const API_VERSION = '2022-11-28';
const DOCS = 'https://docs.github.com/rest';
const error = (message: string, status: number) => ({
  message,
  documentation_url: DOCS,
  status: String(status),
});
const timestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export async function startFakeGitHub(
  options: {
    enterprise?: boolean;
    users?: FakeGitHubUser[];
    repos?: string[];
    now?: () => number;
    /** false: no schema checks (the benchmark measures the adapter, not the double's validator). */
    checks?: boolean;
  } = {},
): Promise<FakeGitHub> {
  const prefix = options.enterprise ? '/api/v3' : '';
  const users = options.users ?? [];
  const now = options.now ?? Date.now;
  const queue: Forced[] = [];
  const fake = await startFakeJira();
  const api = `${fake.url}${prefix}`;
  const web = fake.url;
  let nextId = 50_000;
  let remaining = 5_000;
  const github: FakeGitHub = {
    url: api,
    requests: fake.requests,
    problems: [],
    repos: options.repos ?? [],
    labels: new Map(),
    milestones: [],
    issues: [],
    comments: [],
    events: [],
    maxPageSize: 100,
    answerDelayMs: 0,
    closeIssue(repo, number, by, reason = 'completed') {
      const issue = github.issues.find((i) => i.repo === repo && i.number === number);
      if (!issue) throw new Error(`no issue ${repo}#${number}`);
      Object.assign(issue, { state: 'closed', state_reason: reason });
      github.events.push({
        id: nextId++,
        repo,
        number,
        event: 'closed',
        at: timestamp(now()),
        actor: by,
        stateReason: reason,
      });
    },
    failNext: (...answers) => queue.push(...answers),
    close: () => fake.close(),
  };
  const userOf = (login: string) => users.find((u) => u.login === login) ?? { login, id: 1 };

  fake.handle(async (request, response) => {
    if (github.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, github.answerDelayMs));
    const rateHeaders = {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(Math.max(0, --remaining)),
      'x-ratelimit-reset': String(Math.floor(now() / 1000) + 3600),
      'x-github-api-version-selected': API_VERSION,
    };
    const forced = queue.shift();
    if (forced)
      return sendJson(response, forced.status, forced.body ?? {}, { ...rateHeaders, ...forced.headers });
    if (!request.path.startsWith(`${prefix}/`)) return sendJson(response, 404, error('Not Found', 404));
    const path = request.path.slice(prefix.length);
    const checks = options.checks !== false;
    const problems = checks ? gitHubRequestProblems(request.method, path, request.query, request.json) : [];
    if (problems.some((p) => p.endsWith('no such operation'))) {
      github.problems.push(...problems);
      return sendJson(response, 404, error('Not Found', 404));
    }
    // GET /meta answers anyone (a site check before any token).
    github.problems.push(...problems, ...headerProblems(request, path !== '/meta'));
    const answer = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      if (checks) github.problems.push(...gitHubAnswerProblems(request.method, path, status, body));
      sendJson(response, status, body, { ...rateHeaders, ...headers });
    };
    if (path === '/meta') {
      return answer(200, {
        verifiable_password_authentication: false,
        ...(prefix ? { installed_version: '3.17.0' } : {}),
      });
    }
    const authorization = String(request.headers.authorization ?? '');
    const user = users.find((u) => authorization === `Bearer ${u.token}`);
    if (!user) return answer(401, error('Bad credentials', 401));
    if (path === '/user') return answer(200, privateUserJson(user, api, web));
    const paged = (items: unknown[]) => {
      const perPage = Math.min(Number(request.query.get('per_page') ?? 30), github.maxPageSize);
      const page = Number(request.query.get('page') ?? 1);
      const last = Math.max(1, Math.ceil(items.length / perPage));
      const link = (n: number, rel: string) => {
        const query = new URLSearchParams(request.query);
        query.set('page', String(n));
        return `<${web}${request.path}?${query}>; rel="${rel}"`;
      };
      const links = page < last ? [link(page + 1, 'next'), link(last, 'last')] : [];
      answer(
        200,
        items.slice((page - 1) * perPage, page * perPage),
        links.length ? { link: links.join(', ') } : {},
      );
    };
    if (path === '/user/repos') {
      return paged(github.repos.map((r, i) => repoJson(r, 10_000 + i, userOf(r.split('/')[0]!), api, web)));
    }
    const inRepo =
      /^\/repos\/([^/]+\/[^/]+)\/(labels|milestones|issues)(?:\/(\d+)(?:\/(comments|labels|timeline))?)?$/.exec(
        path,
      );
    const repo = inRepo?.[1];
    if (!inRepo || !repo || !github.repos.includes(repo)) return answer(404, error('Not Found', 404));
    if (inRepo[2] === 'labels') {
      return paged((github.labels.get(repo) ?? []).map((name, i) => labelJson(repo, name, 600_000 + i, api)));
    }
    if (inRepo[2] === 'milestones') {
      const state = request.query.get('state') ?? 'open';
      const owner = userOf(repo.split('/')[0]!);
      return paged(
        github.milestones
          .filter((m) => m.repo === repo && (state === 'all' || m.state === state))
          .map((m) => milestoneJson(m, owner, api, web)),
      );
    }
    if (!inRepo[3]) {
      const milestone = request.query.get('milestone');
      const title = github.milestones.find((m) => m.repo === repo && String(m.number) === milestone)?.title;
      return paged(
        listIssues(
          github.issues.filter((i) => i.repo === repo && (milestone === null || i.milestone === title)),
          request.query,
        ).map(asJson),
      );
    }
    const issue = github.issues.find((i) => i.repo === repo && i.number === Number(inRepo[3]));
    if (!issue) return answer(404, error('Not Found', 404));
    const what = inRepo[4];
    const writes = request.method !== 'GET';
    if (writes && user.canWrite === false) {
      return answer(403, error('Resource not accessible by personal access token', 403), {
        'x-accepted-github-permissions': 'issues=write',
      });
    }
    const record = (event: FakeGitHubEvent['event'], extra: Partial<FakeGitHubEvent> = {}) =>
      github.events.push({
        id: nextId++,
        repo,
        number: issue.number,
        event,
        at: timestamp(now()),
        actor: user.login,
        ...extra,
      });
    if (!what && request.method === 'PATCH') {
      const state = (request.json as { state?: string }).state;
      if (state === 'open' && issue.state === 'closed') {
        Object.assign(issue, { state: 'open', state_reason: 'reopened' });
        record('reopened', { stateReason: 'reopened' });
      }
      return answer(200, asJson(issue));
    }
    if (!what) return answer(200, asJson(issue));
    if (what === 'comments' && request.method === 'POST') {
      const body = (request.json as { body?: unknown }).body;
      const comment = { id: nextId++, repo, number: issue.number, body: String(body), author: user.login };
      github.comments.push(comment);
      return answer(201, commentJson(comment, user, api, web));
    }
    if (what === 'comments') {
      const mine = github.comments.filter((c) => c.repo === repo && c.number === issue.number);
      return paged(mine.map((c) => commentJson(c, userOf(c.author), api, web)));
    }
    if (what === 'labels') {
      const added = (request.json as { labels?: string[] }).labels ?? [];
      for (const name of added.filter((n) => !issue.labels.includes(n))) {
        issue.labels.push(name);
        record('labeled', { label: name });
      }
      return answer(
        200,
        issue.labels.map((name, i) => labelJson(repo, name, 700_000 + i, api)),
      );
    }
    const timeline = github.events.filter((e) => e.repo === repo && e.number === issue.number);
    return paged(timeline.map((e) => eventJson(e, userOf(e.actor), api, web)));
  });

  const asJson = (issue: GitHubIssueRecord) => issueJson(issue, userOf(issue.repo.split('/')[0]!), api, web);
  return github;
}

/** GET /repos/{owner}/{repo}/issues's filters: state (default open), labels (all of them). */
function listIssues(issues: GitHubIssueRecord[], query: URLSearchParams): GitHubIssueRecord[] {
  const state = query.get('state') ?? 'open';
  const labels = query.get('labels')?.split(',').filter(Boolean) ?? [];
  return issues
    .filter((i) => state === 'all' || i.state === state)
    .filter((i) => labels.every((label) => i.labels.includes(label)))
    .sort((a, b) => b.number - a.number);
}

/** What GitHub would refuse or treat otherwise in a request's headers. */
function headerProblems(request: FakeRequest, signedIn: boolean): string[] {
  const where = `${request.method} ${request.path}`;
  const problems: string[] = [];
  if (request.headers['x-github-api-version'] !== API_VERSION) {
    problems.push(
      `${where}: X-GitHub-Api-Version is ${request.headers['x-github-api-version']}, not ${API_VERSION}`,
    );
  }
  if (request.headers.accept !== 'application/vnd.github+json') {
    problems.push(`${where}: Accept is ${request.headers.accept}, not application/vnd.github+json`);
  }
  if (!request.headers['user-agent']) problems.push(`${where}: no User-Agent (GitHub refuses the request)`);
  if (signedIn && !/^Bearer \S+$/.test(String(request.headers.authorization ?? ''))) {
    problems.push(`${where}: no Bearer token`);
  }
  return problems;
}
