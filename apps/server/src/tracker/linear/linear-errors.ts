// Linear's refusals as the user's errors. Linear answers a GraphQL error with a list of `errors`, each with
// `extensions.code` / `extensions.type` (https://linear.app/developers/graphql#errors), mostly on HTTP 400,
// sometimes beside partial data on HTTP 200; a rate limit is the code RATELIMITED (on 400, or a plain 429)
// with the reset time in X-RateLimit-*-Reset headers (https://linear.app/developers/rate-limiting).

import { TRACKER_KINDS } from '@handoff/core/tracker-kinds';
import { z } from 'zod';
import type { Refusal } from '../jira-http.ts';
import { TrackerError, type TrackerFailure } from '../tracker-errors.ts';

const linearErrorSchema = z.object({
  message: z.string().optional(),
  extensions: z
    .object({
      code: z.string().optional(),
      type: z.string().optional(),
      userPresentableMessage: z.string().optional(),
    })
    .passthrough()
    .optional(),
});
type LinearGraphqlError = z.infer<typeof linearErrorSchema>;

const errorsSchema = z.object({ errors: z.array(z.unknown()).optional() }).passthrough();

/** The GraphQL errors of an answer body (unreadable entries and bodies give none). */
function linearErrorsOf(text: string): LinearGraphqlError[] {
  try {
    const body = errorsSchema.safeParse(JSON.parse(text));
    if (!body.success) return [];
    return (body.data.errors ?? []).flatMap((entry) => {
      const parsed = linearErrorSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  } catch {
    return [];
  }
}

const isRateLimit = (error: LinearGraphqlError) =>
  error.extensions?.code === 'RATELIMITED' || error.extensions?.type === 'ratelimited';

/**
 * jira-http's `rateLimit` hook: a 429, or a RATELIMITED error on any status, is waited out until the
 * earliest reset Linear names (requests or complexity budget, epoch milliseconds) or its Retry-After.
 */
export function linearRateLimit(
  answer: { status: number; text: string; headers: Headers },
  now: number,
): { waitMs: number | undefined } | undefined {
  if (answer.status !== 429 && !linearErrorsOf(answer.text).some(isRateLimit)) return undefined;
  const resets = ['x-ratelimit-requests-reset', 'x-ratelimit-complexity-reset']
    .map((name) => Number(answer.headers.get(name)))
    .filter((at) => Number.isFinite(at) && at > 0);
  if (resets.length === 0) return { waitMs: undefined };
  return { waitMs: Math.max(0, Math.min(...resets) - now) };
}

const who = (email: string) => (email ? ` of ${email}` : '');
const wait = (retryAfterMs: number | undefined) =>
  retryAfterMs !== undefined
    ? `try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`
    : 'try again in a minute';

/** The Base URL a Linear site has: its GraphQL endpoint. */
const ENDPOINT = TRACKER_KINDS.linear.baseUrlDefault;

/** Linear's answer with errors (on any status) as the user's error. */
export function linearFailure({ status, text, credentials, retryAfterMs }: Refusal): TrackerError {
  const errors = linearErrorsOf(text);
  const messages = errors
    .map((e) => e.extensions?.userPresentableMessage ?? e.message ?? '')
    .filter(Boolean)
    .slice(0, 5)
    .map((message) => message.slice(0, 500));
  const error = (failure: TrackerFailure, message: string, code?: string) =>
    new TrackerError(failure, message, {
      trackerStatus: status,
      trackerMessages: messages,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(code ? { code } : {}),
    });
  const codes = new Set(errors.flatMap((e) => [e.extensions?.code, e.extensions?.type]));
  if (status === 429 || errors.some(isRateLimit)) {
    return error('rate-limited', `Linear is rate-limiting requests; ${wait(retryAfterMs)}.`);
  }
  if (status === 401 || codes.has('AUTHENTICATION_ERROR') || codes.has('authentication error')) {
    return error(
      'credential-refused',
      `Linear refused the API key${who(credentials.email)}: it is wrong or revoked. ${TRACKER_KINDS.linear.credential.howToGet}`,
    );
  }
  if (status === 403 || codes.has('FORBIDDEN') || codes.has('forbidden')) {
    return error(
      'no-permission',
      `Linear refused the request${who(credentials.email)}: the API key lacks permission for it.`,
    );
  }
  if (errors.some((e) => /^Entity not found/i.test(e.message ?? ''))) {
    return error('not-found', 'Linear has nothing by that name that this API key can see.');
  }
  if (status >= 500) {
    return error('unreachable', `Linear had a problem answering (HTTP ${status}); ${wait(undefined)}.`);
  }
  if (errors.length > 0) {
    return error('rejected', `Linear refused the request: ${messages.join(' ') || 'no reason given'}.`);
  }
  return error(
    'unexpected',
    `Linear answered with something unexpected (HTTP ${status}). Check that the site's Base URL is Linear's GraphQL endpoint, ${ENDPOINT}.`,
  );
}

/**
 * The HTTP client's own failures (no answer, a time-out, an answer off the schema, too many pages) in
 * Linear's words: jira-http.ts words them for Jira.
 */
export function linearUnanswered(error: TrackerError): TrackerError {
  switch (error.code) {
    case 'TRACKER_UNREACHABLE':
      return new TrackerError(
        'unreachable',
        `Linear can't be reached. Check the site's Base URL (${ENDPOINT}) and the network, then try again.`,
      );
    case 'TRACKER_TIMEOUT':
      return new TrackerError('unreachable', "Linear didn't answer in time; try again in a minute.", {
        statusCode: 504,
        code: error.code,
      });
    default:
      return new TrackerError(
        'unexpected',
        `Linear answered with something unexpected. Check that the site's Base URL is Linear's GraphQL endpoint, ${ENDPOINT}, or try again later.`,
      );
  }
}
