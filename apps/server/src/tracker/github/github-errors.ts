// GitHub's refusals as the user's errors, and its rate limits as waits. GitHub answers an exceeded primary
// rate limit with 403 or 429 and x-ratelimit-remaining: 0 (wait until x-ratelimit-reset), a secondary one
// with 403 or 429 and Retry-After, or without it (wait at least a minute):
// https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api#exceeding-the-rate-limit.
// A fine-grained token lacking a permission gets 403 with X-Accepted-GitHub-Permissions; a classic token
// lacking a scope, 403 or 404 with X-Accepted-OAuth-Scopes:
// https://docs.github.com/en/rest/authentication/authenticating-to-the-rest-api.

import { parseRetryAfter, type Refusal } from '../jira-http.ts';
import { TrackerError, type TrackerErrorDetails, type TrackerFailure } from '../tracker-errors.ts';

const SECONDARY_LIMIT_WAIT_MS = 60_000;
const who = (email: string) => (email ? ` of ${email}` : '');

/** GitHub's message in an error answer ({ message, documentation_url }), if it sent one. */
function gitHubMessage(text: string): string | undefined {
  try {
    const message = (JSON.parse(text) as { message?: unknown }).message;
    return typeof message === 'string' ? message.slice(0, 300) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * jira-http's `rateLimit` hook: a 403 or 429 that is a rate limit is waited out for its Retry-After, else
 * until x-ratelimit-reset when no request is left, else (a secondary limit that names no wait) a minute.
 */
export function gitHubRateLimit(
  answer: { status: number; text: string; headers: Headers },
  now: number,
): { waitMs: number | undefined } | undefined {
  const { status, headers } = answer;
  if (status !== 403 && status !== 429) return undefined;
  const retryAfter = parseRetryAfter(headers.get('retry-after'), now);
  if (retryAfter !== undefined) return { waitMs: retryAfter };
  if (headers.get('x-ratelimit-remaining') === '0') {
    const reset = Number(headers.get('x-ratelimit-reset'));
    return {
      waitMs: Number.isFinite(reset) && reset > 0 ? Math.max(0, reset * 1000 - now) : SECONDARY_LIMIT_WAIT_MS,
    };
  }
  if (status === 429 || /secondary rate limit/i.test(gitHubMessage(answer.text) ?? '')) {
    return { waitMs: SECONDARY_LIMIT_WAIT_MS };
  }
  return undefined;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

export function gitHubFailure({ status, text, headers, credentials, retryAfterMs }: Refusal): TrackerError {
  const message = gitHubMessage(text);
  const error = (failure: TrackerFailure, userMessage: string, details: TrackerErrorDetails = {}) =>
    new TrackerError(failure, userMessage, {
      trackerStatus: status,
      trackerMessages: message ? [message] : [],
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...details,
    });
  const permission = headers.get('x-accepted-github-permissions');
  const scopes = headers.get('x-accepted-oauth-scopes');
  if (retryAfterMs !== undefined && (status === 403 || status === 429)) {
    return error(
      'rate-limited',
      `GitHub is rate-limiting this token's requests; try again in ${seconds(retryAfterMs)} s.`,
    );
  }
  switch (status) {
    case 401:
      return error(
        'credential-refused',
        `GitHub refused the personal access token${who(credentials.email)}: it is wrong, expired or revoked. Create a new one in GitHub (Settings → Developer settings → Personal access tokens).`,
      );
    case 403:
      return error(
        'no-permission',
        permission
          ? `GitHub refused the request: the personal access token lacks the permission ${permission}. Give the token Issues "Read and write" and Metadata "Read-only" access to the repository.`
          : scopes
            ? `GitHub refused the request: the classic personal access token lacks the scope ${scopes}. Give it the repo scope.`
            : `GitHub refused the request: the account lacks permission for it${message ? ` (${message})` : ''}.`,
      );
    case 404:
      return error(
        'not-found',
        `GitHub has no such repository or issue that this token can read${scopes ? ` (a classic token needs the scope ${scopes})` : ''}. Check the repository's name and the token's access to it.`,
      );
    case 410:
      return error('not-found', 'Issues are turned off in this GitHub repository, or the issue was deleted.');
    case 400:
    case 422:
      return error('rejected', `GitHub refused the request${message ? `: ${message}` : '.'}`);
    default:
      return status >= 500
        ? error('unreachable', `GitHub had a problem answering (HTTP ${status}); try again later.`, {
            code: 'TRACKER_UNAVAILABLE',
          })
        : error('unexpected', `GitHub answered with something unexpected (HTTP ${status}).`);
  }
}
