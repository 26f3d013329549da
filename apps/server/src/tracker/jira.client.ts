// A small Jira Cloud REST v3 client over fetch (https://developer.atlassian.com/cloud/jira/platform/rest/v3/):
// project search and the enhanced JQL search, every page followed; `myself` to check a token.
// Retries 429 / 502 / 503 / 504 and dropped connections, honouring Retry-After; never other 4xx.
// Every answer is parsed with a schema; every failure becomes an AppError with a message for the user.
import type { z } from 'zod';
import { AppError } from '../errors.ts';
import {
  commentPageSchema,
  createdCommentSchema,
  errorCollectionSchema,
  type JiraUser,
  myselfSchema,
  projectPageSchema,
  type SearchIssue,
  searchPageHeadSchema,
  searchPageSchema,
  transitionsSchema,
} from './jira.schemas.ts';

export interface JiraCredentials {
  email: string;
  apiToken: string;
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

/** Where the tracker is and how to reach it; resolved on every call (the demo tracker's port is known late). */
export interface JiraEndpoint {
  /** The site's base URL without a trailing slash, e.g. https://team.atlassian.net. */
  baseUrl: string;
  fetch?: FetchLike;
}

export interface JiraClientOptions {
  endpoint: JiraEndpoint | (() => JiraEndpoint);
  /** Per attempt, including reading the body. */
  timeoutMs?: number;
  /** Attempts per request, the first one included. */
  maxAttempts?: number;
  /** A Retry-After longer than this is not waited for: the call fails at once. */
  maxRetryAfterMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Safety stop for paging. */
  maxPages?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  logger?: { warn: (details: object, message: string) => void };
}

export interface TrackerProject {
  name: string;
  key: string;
}

export interface SearchOptions {
  jql: string;
  fields: readonly string[];
  /** Asked for; Jira may answer with fewer per page. */
  maxResults?: number;
  method?: 'GET' | 'POST';
}

/** A failure talking to Jira; `jiraStatus` and `jiraMessages` say what Jira answered, when it answered. */
export class TrackerError extends AppError {
  constructor(
    statusCode: number,
    code: string,
    message: string,
    readonly jiraStatus?: number,
    readonly jiraMessages: readonly string[] = [],
    /** How long Jira asked us to wait before trying again (its Retry-After), when it said. */
    readonly retryAfterMs?: number,
  ) {
    super(statusCode, code, message);
    this.name = 'TrackerError';
  }
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
// Connection-level failures worth another attempt (the request may never have reached Jira).
const RETRY_NETWORK_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED', 'EAI_AGAIN']);

const rateLimitedMessage = 'Jira is rate-limiting requests; try again in a minute.';

interface Attempt {
  path: string;
  method: 'GET' | 'POST';
  query?: URLSearchParams;
  body?: unknown;
  credentials: JiraCredentials;
  /** Statuses the caller handles itself instead of them becoming errors. */
  accept?: readonly number[];
  /** Abandons the request (a later page nobody needs any more). */
  signal?: AbortSignal;
}

export class JiraClient {
  private readonly options: Required<Omit<JiraClientOptions, 'logger'>> & Pick<JiraClientOptions, 'logger'>;

  constructor(options: JiraClientOptions) {
    this.options = {
      timeoutMs: 10_000,
      maxAttempts: 4,
      maxRetryAfterMs: 20_000,
      backoffBaseMs: 1_000,
      backoffMaxMs: 10_000,
      maxPages: 200,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      now: Date.now,
      random: Math.random,
      ...options,
    };
  }

  /** Every project the account can browse, following pages until Jira says it was the last. */
  async listProjects(credentials: JiraCredentials): Promise<TrackerProject[]> {
    const projects = new Map<string, TrackerProject>();
    let startAt = 0;
    for (let page = 0; ; page++) {
      if (page >= this.options.maxPages) throw this.tooManyPages();
      const query = new URLSearchParams({
        startAt: String(startAt),
        maxResults: '50',
        orderBy: 'name',
        action: 'browse',
      });
      const { status, json } = await this.request({
        path: '/rest/api/3/project/search',
        method: 'GET',
        query,
        credentials,
        accept: [404], // "no projects matching the search criteria"
      });
      if (status === 404) break;
      const body = this.parse(projectPageSchema, json, 'project search');
      for (const { key, name } of body.values) if (!projects.has(key)) projects.set(key, { name, key });
      // Read the page size from the answer, never from the request (Atlassian may change it).
      startAt = (body.startAt ?? startAt) + body.values.length;
      if (body.values.length === 0 || body.isLast === true) break;
      if (body.isLast === undefined) {
        const more = body.nextPage !== undefined || (body.total !== undefined && startAt < body.total);
        if (!more) break;
      }
    }
    return [...projects.values()];
  }

  /**
   * Every issue matching the JQL, over every `nextPageToken` page, with only the fields asked for.
   * Pages must be fetched one after another (each names the next), so the next page is requested as
   * soon as its token is known, and the page in hand is checked while Jira works on the next one.
   */
  async searchIssues(credentials: JiraCredentials, options: SearchOptions): Promise<SearchIssue[]> {
    const issues: SearchIssue[] = [];
    const seen = new Set<string>();
    const cancel = new AbortController();
    let pending = this.searchPage(credentials, options, undefined, cancel.signal);
    try {
      for (let page = 1; ; page++) {
        const { json } = await pending;
        const head = this.parse(searchPageHeadSchema, json, 'issue search');
        const token = head.nextPageToken ?? undefined;
        // Stop on any end signal: isLast, no token, or an empty page.
        const more = !(head.isLast === true || !token || head.issues.length === 0);
        if (more) {
          if (seen.has(token)) {
            throw new TrackerError(
              502,
              'TRACKER_BAD_ANSWER',
              'Jira answered with something unexpected: its search pages repeat.',
            );
          }
          if (page >= this.options.maxPages) throw this.tooManyPages();
          seen.add(token);
          pending = this.searchPage(credentials, options, token, cancel.signal);
          pending.catch(() => {}); // awaited on the next turn, or abandoned when this page fails
          // Let the request go out before the CPU-bound check of this page.
          await new Promise((resolve) => setImmediate(resolve));
        }
        issues.push(...this.parse(searchPageSchema, json, 'issue search').issues);
        if (!more) return issues;
      }
    } finally {
      cancel.abort();
    }
  }

  private searchPage(
    credentials: JiraCredentials,
    options: SearchOptions,
    nextPageToken: string | undefined,
    signal: AbortSignal,
  ): Promise<{ status: number; json: unknown }> {
    const maxResults = options.maxResults ?? 100;
    const path = '/rest/api/3/search/jql';
    if ((options.method ?? 'POST') === 'POST') {
      return this.request({
        path,
        method: 'POST',
        credentials,
        signal,
        body: {
          jql: options.jql,
          fields: options.fields,
          maxResults,
          ...(nextPageToken ? { nextPageToken } : {}),
        },
      });
    }
    return this.request({
      path,
      method: 'GET',
      credentials,
      signal,
      query: new URLSearchParams({
        jql: options.jql,
        fields: options.fields.join(','),
        maxResults: String(maxResults),
        ...(nextPageToken ? { nextPageToken } : {}),
      }),
    });
  }

  /** The account behind the credentials; a refused token becomes a TrackerError. */
  async myself(credentials: JiraCredentials): Promise<JiraUser> {
    const { json } = await this.request({ path: '/rest/api/3/myself', method: 'GET', credentials });
    return this.parse(myselfSchema, json, 'account check');
  }

  /** The same client with some options changed (e.g. one attempt per call, for callers that retry durably). */
  withOptions(overrides: Partial<Omit<JiraClientOptions, 'endpoint'>>): JiraClient {
    return new JiraClient({ ...this.options, ...overrides });
  }

  /** Adds a comment (an ADF document) to an issue; returns the comment's id. */
  async addComment(credentials: JiraCredentials, issueKey: string, body: object): Promise<{ id: string }> {
    const { status, json } = await this.request({
      path: `/rest/api/3/issue/${encodeURIComponent(issueKey)}/comment`,
      method: 'POST',
      credentials,
      body: { body },
      accept: [404],
    });
    if (status === 404) throw issueNotFound(issueKey);
    return this.parse(createdCommentSchema, json, 'comment');
  }

  /** Every comment of an issue (id and ADF body), oldest first, over every page. */
  async listComments(
    credentials: JiraCredentials,
    issueKey: string,
  ): Promise<Array<{ id: string; body?: unknown }>> {
    const comments: Array<{ id: string; body?: unknown }> = [];
    let startAt = 0;
    for (let page = 0; ; page++) {
      if (page >= this.options.maxPages) throw this.tooManyPages();
      const { status, json } = await this.request({
        path: `/rest/api/3/issue/${encodeURIComponent(issueKey)}/comment`,
        method: 'GET',
        query: new URLSearchParams({ startAt: String(startAt), maxResults: '100', orderBy: 'created' }),
        credentials,
        accept: [404],
      });
      if (status === 404) throw issueNotFound(issueKey);
      const body = this.parse(commentPageSchema, json, 'comments');
      comments.push(...body.comments);
      startAt = (body.startAt ?? startAt) + body.comments.length;
      if (body.comments.length === 0 || body.total === undefined || startAt >= body.total) return comments;
    }
  }

  /** The transitions Jira offers for an issue now. */
  async listTransitions(
    credentials: JiraCredentials,
    issueKey: string,
  ): Promise<Array<{ id: string; name: string }>> {
    const { status, json } = await this.request({
      path: `/rest/api/3/issue/${encodeURIComponent(issueKey)}/transitions`,
      method: 'GET',
      credentials,
      accept: [404],
    });
    if (status === 404) throw issueNotFound(issueKey);
    return this.parse(transitionsSchema, json, 'transitions').transitions.map(({ id, name }) => ({
      id,
      name,
    }));
  }

  /** Moves an issue through a transition (Jira answers 204). */
  async transitionIssue(credentials: JiraCredentials, issueKey: string, transitionId: string): Promise<void> {
    const { status } = await this.request({
      path: `/rest/api/3/issue/${encodeURIComponent(issueKey)}/transitions`,
      method: 'POST',
      credentials,
      body: { transition: { id: transitionId } },
      accept: [404],
    });
    if (status === 404) throw issueNotFound(issueKey);
  }

  private async request(attempt: Attempt): Promise<{ status: number; json: unknown }> {
    const { maxAttempts } = this.options;
    for (let n = 1; ; n++) {
      attempt.signal?.throwIfAborted();
      const outcome = await this.once(attempt);
      if ('response' in outcome) {
        const { status, text, retryAfter } = outcome.response;
        if (status >= 200 && status < 300) return { status, json: this.json(text, status) };
        if (attempt.accept?.includes(status)) return { status, json: undefined };
        if (RETRY_STATUSES.has(status) && n < maxAttempts) {
          const wait = this.retryDelay(n, retryAfter);
          if (wait !== undefined) {
            this.options.logger?.warn(
              { status, attempt: n, waitMs: Math.round(wait) },
              'Jira asked us to retry',
            );
            await this.options.sleep(wait);
            continue;
          }
        }
        throw this.statusError(
          status,
          text,
          attempt.credentials,
          parseRetryAfter(retryAfter, this.options.now()),
        );
      }
      const { error } = outcome;
      const code = networkCode(error);
      if (code && RETRY_NETWORK_CODES.has(code) && n < maxAttempts) {
        const wait = this.retryDelay(n, undefined) as number;
        this.options.logger?.warn(
          { code, attempt: n, waitMs: Math.round(wait) },
          'Jira connection failed; retrying',
        );
        await this.options.sleep(wait);
        continue;
      }
      throw this.networkError(error);
    }
  }

  private async once(
    attempt: Attempt,
  ): Promise<{ response: { status: number; text: string; retryAfter: string | null } } | { error: unknown }> {
    const endpoint =
      typeof this.options.endpoint === 'function' ? this.options.endpoint() : this.options.endpoint;
    const url = `${endpoint.baseUrl}${attempt.path}${attempt.query ? `?${attempt.query}` : ''}`;
    const doFetch = endpoint.fetch ?? fetch;
    const headers: Record<string, string> = {
      accept: 'application/json',
      authorization: basicAuth(attempt.credentials),
    };
    if (attempt.body !== undefined) headers['content-type'] = 'application/json';
    try {
      const timeout = AbortSignal.timeout(this.options.timeoutMs);
      const signal = attempt.signal ? AbortSignal.any([timeout, attempt.signal]) : timeout;
      const response = await doFetch(url, {
        method: attempt.method,
        headers,
        signal,
        ...(attempt.body !== undefined ? { body: JSON.stringify(attempt.body) } : {}),
      });
      const text = await response.text();
      return { response: { status: response.status, text, retryAfter: response.headers.get('retry-after') } };
    } catch (error) {
      return { error };
    }
  }

  /** How long to wait before attempt n + 1; undefined when Jira asks for longer than we are willing to wait. */
  private retryDelay(n: number, retryAfter: string | null | undefined): number | undefined {
    const { random, backoffBaseMs, backoffMaxMs, maxRetryAfterMs } = this.options;
    const advised = parseRetryAfter(retryAfter, this.options.now());
    if (advised !== undefined) {
      // Retry-After: 0 has been seen; wait at least a second, plus a little jitter.
      const wait = Math.round(Math.max(advised, 1_000) + random() * 250);
      return wait > maxRetryAfterMs ? undefined : wait;
    }
    const exponential = Math.min(backoffMaxMs, backoffBaseMs * 2 ** (n - 1));
    return Math.round(exponential * (0.7 + 0.6 * random()));
  }

  private json(text: string, status: number): unknown {
    if (status === 204) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      throw this.badAnswer(`HTTP ${status}, not JSON`);
    }
  }

  private parse<T extends z.ZodType>(schema: T, json: unknown, what: string): z.infer<T> {
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw this.badAnswer(`${what}: ${issue?.path.join('.') || 'answer'} ${issue?.message ?? ''}`.trim());
    }
    return parsed.data;
  }

  private badAnswer(detail: string): TrackerError {
    this.options.logger?.warn({ detail }, 'Jira answered with something unexpected');
    return new TrackerError(
      502,
      'TRACKER_BAD_ANSWER',
      'Jira answered with something unexpected. Check that the Jira address is a Jira Cloud site, or try again later.',
    );
  }

  private tooManyPages(): TrackerError {
    return new TrackerError(
      502,
      'TRACKER_BAD_ANSWER',
      `Jira answered with something unexpected: more than ${this.options.maxPages} pages.`,
    );
  }

  private statusError(
    status: number,
    text: string,
    credentials: JiraCredentials,
    retryAfterMs?: number,
  ): TrackerError {
    const error = this.statusErrorOf(status, text, credentials);
    if (retryAfterMs === undefined) return error;
    return new TrackerError(
      error.statusCode,
      error.code,
      error.message,
      error.jiraStatus,
      error.jiraMessages,
      retryAfterMs,
    );
  }

  private statusErrorOf(status: number, text: string, credentials: JiraCredentials): TrackerError {
    const messages = jiraMessages(text);
    switch (status) {
      case 401:
        return new TrackerError(
          403,
          'TRACKER_AUTH_REFUSED',
          `Jira refused the API token for ${credentials.email}. Check the e-mail and API token.`,
          status,
          messages,
        );
      case 403:
        return new TrackerError(
          403,
          'TRACKER_AUTH_REFUSED',
          `Jira refused the API token for ${credentials.email}: the account lacks permission. Check the e-mail and API token.`,
          status,
          messages,
        );
      case 400:
        return new TrackerError(
          400,
          'TRACKER_REJECTED',
          `Jira refused the request${messages.length ? `: ${messages.join(' ')}` : '.'}`,
          status,
          messages,
        );
      case 429:
        return new TrackerError(429, 'TRACKER_RATE_LIMITED', rateLimitedMessage, status, messages);
      case 503:
        return new TrackerError(
          503,
          'TRACKER_UNAVAILABLE',
          'Jira is temporarily unavailable; try again in a minute.',
          status,
          messages,
        );
      case 504:
        return new TrackerError(
          504,
          'TRACKER_TIMEOUT',
          "Jira didn't answer in time; try again in a minute.",
          status,
        );
      case 502:
        return new TrackerError(
          502,
          'TRACKER_UNAVAILABLE',
          'Jira is temporarily unavailable (bad gateway); try again in a minute.',
          status,
        );
      case 404:
      case 410:
        return new TrackerError(
          502,
          'TRACKER_BAD_ANSWER',
          `Jira doesn't offer this API (HTTP ${status}). Check that the Jira address is a Jira Cloud site.`,
          status,
          messages,
        );
      default:
        return new TrackerError(
          502,
          status >= 500 ? 'TRACKER_UNAVAILABLE' : 'TRACKER_BAD_ANSWER',
          status >= 500
            ? `Jira had a problem answering (HTTP ${status}); try again later.`
            : `Jira answered with something unexpected (HTTP ${status}).`,
          status,
          messages,
        );
    }
  }

  private networkError(error: unknown): TrackerError {
    if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
      return new TrackerError(
        504,
        'TRACKER_TIMEOUT',
        `Jira didn't answer within ${Math.round(this.options.timeoutMs / 1000)} s; try again in a minute.`,
      );
    }
    const code = networkCode(error);
    if (
      code === 'UND_ERR_CONNECT_TIMEOUT' ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT'
    ) {
      return new TrackerError(504, 'TRACKER_TIMEOUT', "Jira didn't answer in time; try again in a minute.");
    }
    return new TrackerError(
      502,
      'TRACKER_UNREACHABLE',
      `The Jira site can't be reached${code ? ` (${code})` : ''}. Check the Jira address and the network, then try again.`,
    );
  }
}

function issueNotFound(issueKey: string): TrackerError {
  return new TrackerError(
    404,
    'TRACKER_ISSUE_NOT_FOUND',
    `Jira has no issue ${issueKey} that this account can see.`,
    404,
  );
}

export function basicAuth({ email, apiToken }: JiraCredentials): string {
  return `Basic ${Buffer.from(`${email}:${apiToken}`, 'utf8').toString('base64')}`;
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function jiraMessages(text: string): string[] {
  try {
    const parsed = errorCollectionSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return [];
    const fieldMessages = Object.values(parsed.data.errors ?? {}).filter(
      (value): value is string => typeof value === 'string',
    );
    return [...(parsed.data.errorMessages ?? []), ...fieldMessages].slice(0, 5).map((m) => m.slice(0, 500));
  } catch {
    return [];
  }
}
