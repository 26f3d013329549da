// Every failure talking to Jira becomes a TrackerError with a message for the user, and says what Jira
// answered (status, its ErrorCollection's words, its Retry-After) when it answered.
import { errorCollectionSchema } from './jira.schemas.ts';
import { TrackerError, type TrackerFailure } from './tracker-errors.ts';

export function issueNotFound(issueKey: string): TrackerError {
  return new TrackerError('not-found', `Jira has no issue ${issueKey} that this account can see.`, {
    code: 'TRACKER_ISSUE_NOT_FOUND',
    trackerStatus: 404,
  });
}

export function badAnswer(): TrackerError {
  return new TrackerError(
    'unexpected',
    'Jira answered with something unexpected. Check that the Jira address is a Jira Cloud site, or try again later.',
  );
}

export function tooManyPages(maxPages: number): TrackerError {
  return new TrackerError(
    'unexpected',
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
  return retryAfterMs === undefined ? error : error.reworded(error.message, { retryAfterMs });
}

function statusErrorOf(status: number, text: string, email: string): TrackerError {
  const trackerMessages = jiraMessages(text);
  const error = (failure: TrackerFailure, message: string, statusCode?: number, code?: string) =>
    new TrackerError(failure, message, {
      trackerStatus: status,
      trackerMessages,
      ...(statusCode === undefined ? {} : { statusCode }),
      ...(code === undefined ? {} : { code }),
    });
  switch (status) {
    case 401:
      return error(
        'credential-refused',
        `Jira refused the API token for ${email}. Check the e-mail and API token.`,
      );
    case 403:
      return error(
        'no-permission',
        `Jira refused the API token for ${email}: the account lacks permission. Check the e-mail and API token.`,
        403,
        'TRACKER_AUTH_REFUSED',
      );
    case 400:
      return error(
        'rejected',
        `Jira refused the request${trackerMessages.length ? `: ${trackerMessages.join(' ')}` : '.'}`,
      );
    case 429:
      return error('rate-limited', 'Jira is rate-limiting requests; try again in a minute.');
    case 503:
      return error(
        'unreachable',
        'Jira is temporarily unavailable; try again in a minute.',
        503,
        'TRACKER_UNAVAILABLE',
      );
    case 504:
      return error(
        'unreachable',
        "Jira didn't answer in time; try again in a minute.",
        504,
        'TRACKER_TIMEOUT',
      );
    case 502:
      return error(
        'unreachable',
        'Jira is temporarily unavailable (bad gateway); try again in a minute.',
        502,
        'TRACKER_UNAVAILABLE',
      );
    case 404:
    case 410:
      return error(
        'unexpected',
        `Jira doesn't offer this API (HTTP ${status}). Check that the Jira address is a Jira Cloud site.`,
      );
    default:
      return status >= 500
        ? error(
            'unreachable',
            `Jira had a problem answering (HTTP ${status}); try again later.`,
            502,
            'TRACKER_UNAVAILABLE',
          )
        : error('unexpected', `Jira answered with something unexpected (HTTP ${status}).`);
  }
}

/** A request that got no answer (time-out, refused or dropped connection), as the user's error. */
export function networkError(error: unknown, timeoutMs: number): TrackerError {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return new TrackerError(
      'unreachable',
      `Jira didn't answer within ${Math.round(timeoutMs / 1000)} s; try again in a minute.`,
      { statusCode: 504, code: 'TRACKER_TIMEOUT' },
    );
  }
  const code = networkCode(error);
  if (
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return new TrackerError('unreachable', "Jira didn't answer in time; try again in a minute.", {
      statusCode: 504,
      code: 'TRACKER_TIMEOUT',
    });
  }
  return new TrackerError(
    'unreachable',
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
