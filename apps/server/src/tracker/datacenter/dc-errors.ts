// Jira Data Center's refusals as the user's errors. Besides Cloud's cases (jira-errors.ts), DC answers a
// failed login with a CAPTCHA demand (403 + X-Authentication-Denied-Reason), may refuse Basic auth outright,
// and rate-limits per user when its administrator enables it (429 + Retry-After); see
// https://confluence.atlassian.com/adminjiraserver/improving-instance-stability-with-rate-limiting-983794911.html.

import { statusError } from '../jira-errors.ts';
import type { Refusal } from '../jira-http.ts';
import { TrackerError, type TrackerFailure } from '../tracker-errors.ts';

const who = (email: string) => (email ? ` for ${email}` : '');

export function dcFailure({ status, text, headers, credentials, retryAfterMs }: Refusal): TrackerError {
  const denied = headers.get('x-authentication-denied-reason');
  const base = statusError(status, text, credentials.email, retryAfterMs);
  const error = (failure: TrackerFailure, message: string, statusCode?: number, code?: string) =>
    new TrackerError(failure, message, {
      trackerStatus: status,
      trackerMessages: base.trackerMessages,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
      ...(statusCode === undefined ? {} : { statusCode }),
      ...(code === undefined ? {} : { code }),
    });
  if (denied && /captcha/i.test(denied)) {
    return error(
      'credential-refused',
      'Jira Data Center wants a CAPTCHA answered after failed sign-ins: sign in to Jira in a browser once, then try again.',
      403,
      'TRACKER_CAPTCHA',
    );
  }
  switch (status) {
    case 401:
      return error(
        'credential-refused',
        `Jira Data Center refused the personal access token${who(credentials.email)}: it is wrong, expired or revoked. Create a new one in Jira (Profile → Personal Access Tokens).`,
      );
    case 403:
      return error(
        'no-permission',
        `Jira Data Center refused the request${who(credentials.email)}: the account lacks permission for it.`,
      );
    case 429:
      return error(
        'rate-limited',
        `Jira Data Center is rate-limiting requests${retryAfterMs !== undefined ? `; try again in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s` : '; try again in a minute'}.`,
      );
    case 404:
    case 410:
      return error(
        'unexpected',
        `Jira doesn't offer this API (HTTP ${status}). Check that the site's address is a Jira Data Center base URL (with its context path, such as /jira).`,
      );
    default:
      return base;
  }
}
