// One Jira Cloud REST call over fetch, with the retry policy: 429 / 502 / 503 / 504 and dropped
// connections are tried again (after Retry-After when Jira sends one, else an exponential back-off with
// jitter), never other 4xx. Every answer is parsed with a schema; every failure becomes a TrackerError.
import type { z } from 'zod';
import { badAnswer, networkCode, networkError, statusError, tooManyPages } from './jira-errors.ts';
import { OutboundError } from './outbound.ts';
import type { TrackerClientOptions } from './tracker.ts';

export interface JiraCredentials {
  email: string;
  apiToken: string;
}

/** Where the tracker is: the seam's endpoint (tracker.ts), resolved. */
export type JiraEndpoint = Exclude<TrackerClientOptions['endpoint'], () => unknown>;

export interface JiraClientOptions extends TrackerClientOptions {
  /**
   * How the credentials are sent: Basic e-mail:token (Jira Cloud, the default), Bearer token (a Data Center
   * PAT), or the token alone (a Linear personal API key).
   */
  auth?: 'basic' | 'bearer' | 'plain';
  /**
   * For a tracker that says "slow down" otherwise than with 429 and Retry-After (Linear's RATELIMITED error,
   * on any status): whether the answer is such a refusal, and the wait it advises. It is retried as a 429 is.
   */
  rateLimit?: (answer: Answer) => { waitMs: number | undefined } | undefined;
  /** The user's error for a refused request, when the site speaks otherwise than Jira Cloud (Data Center). */
  failure?: (refusal: Refusal) => Error;
  /** Headers sent with every request (an `accept` here replaces application/json): GitHub's version and media type. */
  headers?: Record<string, string>;
}

/** A request the tracker answered with a status that is no success. */
export interface Refusal {
  status: number;
  text: string;
  headers: Headers;
  credentials: JiraCredentials;
  retryAfterMs: number | undefined;
}

/** What the tracker answered to one attempt. */
interface Answer {
  status: number;
  text: string;
  retryAfter: string | null;
  headers: Headers;
}

type OptionalOptions = 'logger' | 'failure' | 'rateLimit' | 'headers';
type ResolvedJiraOptions = Required<Omit<JiraClientOptions, OptionalOptions>> &
  Pick<JiraClientOptions, OptionalOptions>;

/** The options with their defaults. */
export function withDefaults(options: JiraClientOptions): ResolvedJiraOptions {
  return {
    timeoutMs: 10_000,
    maxAttempts: 4,
    maxRetryAfterMs: 20_000,
    backoffBaseMs: 1_000,
    backoffMaxMs: 10_000,
    maxPages: 200,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: Date.now,
    random: Math.random,
    auth: 'basic',
    ...options,
  };
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
// Connection-level failures worth another attempt (the request may never have reached Jira).
const RETRY_NETWORK_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'ECONNABORTED', 'EAI_AGAIN']);

/** What a page of a `startAt`-paged answer says about where it is. */
interface OffsetPage {
  startAt?: number;
  total?: number;
  isLast?: boolean;
}

interface Attempt {
  path: string;
  method: 'GET' | 'POST' | 'PATCH';
  query?: URLSearchParams;
  body?: unknown;
  credentials: JiraCredentials;
  /** Statuses the caller handles itself instead of them becoming errors. */
  accept?: readonly number[];
  /** Sent without credentials (serverInfo, which both Jira products answer to anyone). */
  anonymous?: boolean;
  /** Abandons the request (a later page nobody needs any more). */
  signal?: AbortSignal;
}

export class JiraHttp {
  constructor(readonly options: ResolvedJiraOptions) {}

  async request(attempt: Attempt): Promise<{ status: number; json: unknown; headers?: Headers }> {
    const { maxAttempts } = this.options;
    for (let n = 1; ; n++) {
      attempt.signal?.throwIfAborted();
      const outcome = await this.once(attempt);
      if ('response' in outcome) {
        const { status, text, retryAfter, headers } = outcome.response;
        const limited = this.options.rateLimit?.(outcome.response);
        const retryAfterMs = limited?.waitMs ?? parseRetryAfter(retryAfter, this.options.now());
        if (!limited && status >= 200 && status < 300) {
          return { status, json: this.json(text, status), headers };
        }
        if (!limited && attempt.accept?.includes(status)) return { status, json: undefined };
        if ((limited || RETRY_STATUSES.has(status)) && n < maxAttempts) {
          const wait = this.retryDelay(n, retryAfterMs);
          if (wait !== undefined) {
            this.options.logger?.warn(
              { status, attempt: n, waitMs: Math.round(wait) },
              'Jira asked us to retry',
            );
            await this.options.sleep(wait);
            continue;
          }
        }
        if (this.options.failure) {
          throw this.options.failure({
            status,
            text,
            headers,
            credentials: attempt.credentials,
            retryAfterMs,
          });
        }
        throw statusError(status, text, attempt.credentials.email, retryAfterMs);
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
      throw networkError(error, this.options.timeoutMs);
    }
  }

  /** The answer checked against its schema; `what` names the call in the log. */
  parse<T extends z.ZodType>(schema: T, json: unknown, what: string): z.infer<T> {
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw this.badAnswer(`${what}: ${issue?.path.join('.') || 'answer'} ${issue?.message ?? ''}`.trim());
    }
    return parsed.data;
  }

  tooManyPages() {
    return tooManyPages(this.options.maxPages);
  }

  /**
   * The pages of a GET that Jira pages by `startAt` (an issue's comments or changelog), 100 items at a
   * time, until a page is empty, says it is the last, or reaches `total`. A 404 is the issue's absence.
   */
  async *offsetPages<Page extends OffsetPage>(
    request: { path: string; query?: Record<string, string>; credentials: JiraCredentials },
    read: (json: unknown) => Page,
    itemsOf: (page: Page) => readonly unknown[],
    notFound: () => Error,
  ): AsyncGenerator<Page> {
    let startAt = 0;
    for (let page = 0; page < this.options.maxPages; page++) {
      const query = new URLSearchParams({ startAt: String(startAt), maxResults: '100', ...request.query });
      const { status, json } = await this.request({ ...request, method: 'GET', query, accept: [404] });
      if (status === 404) throw notFound();
      const body = read(json);
      yield body;
      const count = itemsOf(body).length;
      startAt = (body.startAt ?? startAt) + count;
      if (count === 0 || body.isLast === true) return;
      if (body.isLast === undefined && (body.total === undefined || startAt >= body.total)) return;
    }
    throw this.tooManyPages();
  }

  private async once(attempt: Attempt): Promise<{ response: Answer } | { error: unknown }> {
    const endpoint =
      typeof this.options.endpoint === 'function' ? this.options.endpoint() : this.options.endpoint;
    const url = `${endpoint.baseUrl}${attempt.path}${attempt.query ? `?${attempt.query}` : ''}`;
    const doFetch = endpoint.fetch ?? fetch;
    const headers: Record<string, string> = { accept: 'application/json', ...this.options.headers };
    if (!attempt.anonymous) {
      const { auth } = this.options;
      headers.authorization =
        auth === 'plain'
          ? attempt.credentials.apiToken
          : auth === 'bearer'
            ? `Bearer ${attempt.credentials.apiToken}`
            : basicAuth(attempt.credentials);
    }
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
      return {
        response: {
          status: response.status,
          text,
          retryAfter: response.headers.get('retry-after'),
          headers: response.headers,
        },
      };
    } catch (error) {
      // The outbound guard's refusal (outbound.ts) is the user's answer as it is, never retried.
      if (error instanceof OutboundError) throw error;
      return { error };
    }
  }

  /** How long to wait before attempt n + 1; undefined when Jira asks for longer than we are willing to wait. */
  private retryDelay(n: number, advised: number | undefined): number | undefined {
    const { random, backoffBaseMs, backoffMaxMs, maxRetryAfterMs } = this.options;
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

  /** An answer that is not what the API promises, logged with `detail`. */
  badAnswer(detail: string) {
    this.options.logger?.warn({ detail }, 'Jira answered with something unexpected');
    return badAnswer();
  }
}

function basicAuth({ email, apiToken }: JiraCredentials): string {
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
