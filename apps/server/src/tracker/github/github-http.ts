// GitHub's REST API over the tracker's one HTTP client (jira-http.ts: its time-outs, retries and
// Retry-After handling), with GitHub's headers on every call, its rate limits waited out as a 429 is, and
// `page`/`per_page` paging that follows the Link header, never off the API's own address:
// https://docs.github.com/en/rest/using-the-rest-api/using-pagination-in-the-rest-api.
import type { z } from 'zod';
import { type JiraClientOptions, JiraHttp, withDefaults } from '../jira-http.ts';
import type { TrackerCredentials } from '../tracker.ts';
import { TrackerError } from '../tracker-errors.ts';
import { gitHubFailure, gitHubRateLimit } from './github-errors.ts';

/** The REST API version Handoff is written against (https://docs.github.com/en/rest/about-the-rest-api/api-versions). */
export const GITHUB_API_VERSION = '2022-11-28';
const PAGE_SIZE = '100';

type Query = Record<string, string>;

export class GitHubHttp {
  private readonly http: JiraHttp;

  constructor(options: JiraClientOptions) {
    this.http = new JiraHttp(
      withDefaults({
        ...options,
        auth: 'bearer',
        headers: {
          accept: 'application/vnd.github+json',
          'x-github-api-version': GITHUB_API_VERSION,
          'user-agent': 'Handoff',
        },
        rateLimit: (answer) => gitHubRateLimit(answer, (options.now ?? Date.now)()),
        failure: gitHubFailure,
      }),
    );
  }

  /** One call; the answer checked against `schema` (`what` names the call in the log). */
  async call<T extends z.ZodType>(
    credentials: TrackerCredentials,
    request: {
      method?: 'GET' | 'POST' | 'PATCH';
      path: string;
      query?: Query;
      body?: unknown;
      anonymous?: boolean;
    },
    schema: T,
    what: string,
  ): Promise<z.infer<T>> {
    const { json } = await this.send(credentials, request);
    return this.parse(schema, json, what);
  }

  /**
   * Every item of a paged GET, page by page (100 a page), following each answer's Link rel="next". The
   * next page is asked for as soon as its Link is known, so a page is checked while GitHub works on the next.
   */
  async *pages<T extends z.ZodType>(
    credentials: TrackerCredentials,
    request: { path: string; query?: Query },
    itemSchema: T,
    what: string,
  ): AsyncGenerator<Array<z.infer<T>>> {
    const cancel = new AbortController();
    const first = {
      path: request.path,
      query: new URLSearchParams({ ...request.query, per_page: PAGE_SIZE }),
    };
    let pending: ReturnType<GitHubHttp['send']> | undefined = this.send(credentials, first, cancel.signal);
    try {
      for (let page = 0; pending && page < this.http.options.maxPages; page++) {
        const { json, headers } = await pending;
        const next = nextLink(headers?.get('link'));
        pending = next ? this.send(credentials, this.onApi(next, what), cancel.signal) : undefined;
        // A page nobody waits for any more (the caller stopped, or this one failed) must not fail unheard.
        pending?.catch(() => {});
        if (!Array.isArray(json)) throw this.unexpected(`${what}: not a list`);
        yield json.map((item, i) => this.parse(itemSchema, item, `${what} ${i}`));
      }
      if (pending) throw this.unexpected(`${what}: more than ${this.http.options.maxPages} pages`);
    } finally {
      cancel.abort();
    }
  }

  private parse<T extends z.ZodType>(schema: T, json: unknown, what: string): z.infer<T> {
    try {
      return this.http.parse(schema, json, what);
    } catch (error) {
      throw asGitHubError(error, this.baseUrl());
    }
  }

  /** An answer off GitHub's description (logged with `detail`), as the neutral error. */
  private unexpected(detail: string): unknown {
    return asGitHubError(this.http.badAnswer(detail), this.baseUrl());
  }

  /** A Link URL as a path and query under the API's base URL; any other address is refused. */
  private onApi(url: string, what: string): { path: string; query: URLSearchParams } {
    const base = this.baseUrl();
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw this.unexpected(`${what}: Link ${url.slice(0, 200)} is no URL`);
    }
    const basePath = new URL(base).pathname.replace(/\/+$/, '');
    if (parsed.origin !== new URL(base).origin || !parsed.pathname.startsWith(`${basePath}/`)) {
      throw this.unexpected(`${what}: Link ${parsed.origin} is off the API's address`);
    }
    return { path: parsed.pathname.slice(basePath.length), query: parsed.searchParams };
  }

  private baseUrl(): string {
    const { endpoint } = this.http.options;
    return (typeof endpoint === 'function' ? endpoint() : endpoint).baseUrl;
  }

  private async send(
    credentials: TrackerCredentials,
    request: {
      method?: 'GET' | 'POST' | 'PATCH';
      path: string;
      query?: Query | URLSearchParams;
      body?: unknown;
      anonymous?: boolean;
    },
    signal?: AbortSignal,
  ) {
    try {
      return await this.http.request({
        ...(signal ? { signal } : {}),
        method: request.method ?? 'GET',
        path: request.path,
        ...(request.query ? { query: new URLSearchParams(request.query) } : {}),
        ...(request.body !== undefined ? { body: request.body } : {}),
        ...(request.anonymous ? { anonymous: true } : {}),
        credentials,
      });
    } catch (error) {
      throw asGitHubError(error, this.baseUrl());
    }
  }
}

/** The rel="next" URL of a Link header (RFC 8288), if there is one. */
export function nextLink(link: string | null | undefined): string | undefined {
  for (const part of (link ?? '').split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(?:^|;)\s*rel="?(?:[^";]*\s)?next(?:\s[^";]*)?"?\s*(?:;|$)/.test(match[2]!))
      return match[1];
  }
  return undefined;
}

/**
 * The HTTP client's own failures (no answer, an unreadable one; those without a status of GitHub's) are
 * worded for Jira: the same case, said for GitHub.
 */
function asGitHubError(error: unknown, baseUrl: string): unknown {
  if (!(error instanceof TrackerError) || error.trackerStatus !== undefined) return error;
  switch (error.failure) {
    case 'unreachable':
      return error.reworded(
        error.code === 'TRACKER_TIMEOUT'
          ? "GitHub didn't answer in time; try again in a minute."
          : `GitHub can't be reached at ${baseUrl}. Check the site's base URL and the network, then try again.`,
      );
    case 'unexpected':
      return error.reworded('GitHub answered with something unexpected; try again later.');
    default:
      return error;
  }
}
