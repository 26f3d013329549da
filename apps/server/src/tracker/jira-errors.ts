// Every failure talking to Jira becomes a TrackerError with a message for the user, and says what Jira
// answered (status, its ErrorCollection's words, its Retry-After) when it answered.
import { AppError } from '../errors.ts';
import { errorCollectionSchema } from './jira.schemas.ts';

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

export function issueNotFound(issueKey: string): TrackerError {
  return new TrackerError(
    404,
    'TRACKER_ISSUE_NOT_FOUND',
    `Jira has no issue ${issueKey} that this account can see.`,
    404,
  );
}

export function badAnswer(): TrackerError {
  return new TrackerError(
    502,
    'TRACKER_BAD_ANSWER',
    'Jira answered with something unexpected. Check that the Jira address is a Jira Cloud site, or try again later.',
  );
}

export function tooManyPages(maxPages: number): TrackerError {
  return new TrackerError(
    502,
    'TRACKER_BAD_ANSWER',
    `Jira answered with something unexpected: more than ${maxPages} pages.`,
  );
}

/** Jira's answer with a status that is no success, as the user's error (with Jira's Retry-After, if any). */
export function statusError(
  status: number,
  text: string,
  email: string,
  retryAfterMs?: number,
): TrackerError {
  const error = statusErrorOf(status, text, email);
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

function statusErrorOf(status: number, text: string, email: string): TrackerError {
  const messages = jiraMessages(text);
  switch (status) {
    case 401:
      return new TrackerError(
        403,
        'TRACKER_AUTH_REFUSED',
        `Jira refused the API token for ${email}. Check the e-mail and API token.`,
        status,
        messages,
      );
    case 403:
      return new TrackerError(
        403,
        'TRACKER_AUTH_REFUSED',
        `Jira refused the API token for ${email}: the account lacks permission. Check the e-mail and API token.`,
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
      return new TrackerError(
        429,
        'TRACKER_RATE_LIMITED',
        'Jira is rate-limiting requests; try again in a minute.',
        status,
        messages,
      );
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

/** A request that got no answer (time-out, refused or dropped connection), as the user's error. */
export function networkError(error: unknown, timeoutMs: number): TrackerError {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new TrackerError(
      504,
      'TRACKER_TIMEOUT',
      `Jira didn't answer within ${Math.round(timeoutMs / 1000)} s; try again in a minute.`,
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

/** The system error code of a failed fetch (undici wraps it in `cause`), if any. */
export function networkCode(error: unknown): string | undefined {
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
