// The one error every tracker adapter fails with (docs/architecture.md, "The tracker seam"): each adapter maps
// its tracker's answers to one of these cases and words the user's message itself (Jira: jira-errors.ts and
// datacenter/dc-errors.ts); projects/, stories/ and review/ read only the case, the wait and the message.
import { AppError } from '../errors.ts';

/**
 * What went wrong, whatever the tracker:
 * - `credential-refused`: the token is wrong, expired or revoked (or the tracker wants a sign-in first);
 * - `no-permission`: the token is good but may not do this;
 * - `not-found`: the project, story, state or label asked for does not exist for this account;
 * - `rejected`: the tracker refused the request itself (a state change its workflow forbids now, a value
 *   it does not take);
 * - `rate-limited`: the tracker asked us to slow down (`retryAfterMs` says for how long, when it said);
 * - `unreachable`: no answer, a time-out, or the tracker is down for now (5xx);
 * - `unexpected`: it answered something this adapter cannot read (not this kind of tracker, a changed API).
 */
export type TrackerFailure =
  | 'credential-refused'
  | 'no-permission'
  | 'not-found'
  | 'rejected'
  | 'rate-limited'
  | 'unreachable'
  | 'unexpected';

/** Each case's HTTP status and error code for Handoff's own answer, unless the adapter says otherwise. */
const DEFAULTS: Record<TrackerFailure, { statusCode: number; code: string }> = {
  'credential-refused': { statusCode: 403, code: 'TRACKER_AUTH_REFUSED' },
  'no-permission': { statusCode: 403, code: 'TRACKER_FORBIDDEN' },
  'not-found': { statusCode: 404, code: 'TRACKER_NOT_FOUND' },
  rejected: { statusCode: 400, code: 'TRACKER_REJECTED' },
  'rate-limited': { statusCode: 429, code: 'TRACKER_RATE_LIMITED' },
  unreachable: { statusCode: 502, code: 'TRACKER_UNREACHABLE' },
  unexpected: { statusCode: 502, code: 'TRACKER_BAD_ANSWER' },
};

export interface TrackerErrorDetails {
  /** Handoff's HTTP status for it (default: the case's). */
  statusCode?: number;
  /** Handoff's error code for it (default: the case's), e.g. TRACKER_ISSUE_NOT_FOUND. */
  code?: string;
  /** The HTTP status the tracker answered with, when it answered. */
  trackerStatus?: number;
  /** The tracker's own words about it (a few, cut short), when it gave any. */
  trackerMessages?: readonly string[];
  /** How long the tracker asked us to wait before trying again, when it said. */
  retryAfterMs?: number;
}

/** A failure talking to a tracker, with the adapter's message for the user. */
export class TrackerError extends AppError {
  readonly trackerStatus: number | undefined;
  readonly trackerMessages: readonly string[];
  readonly retryAfterMs: number | undefined;

  constructor(
    readonly failure: TrackerFailure,
    message: string,
    details: TrackerErrorDetails = {},
  ) {
    super(
      details.statusCode ?? DEFAULTS[failure].statusCode,
      details.code ?? DEFAULTS[failure].code,
      message,
    );
    this.name = 'TrackerError';
    this.trackerStatus = details.trackerStatus;
    this.trackerMessages = details.trackerMessages ?? [];
    this.retryAfterMs = details.retryAfterMs;
  }

  /**
   * The tracker said no for good: trying again would not help (a refused or powerless credential, something
   * missing, a refused request, or an answer to a request it refused with a 4xx other than 408 and 429).
   * Rate limits, outages and unreadable answers to a good request may pass.
   */
  get final(): boolean {
    switch (this.failure) {
      case 'rate-limited':
      case 'unreachable':
        return false;
      case 'unexpected': {
        const status = this.trackerStatus;
        return status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429;
      }
      default:
        return true;
    }
  }

  /** The same failure with another message (and code), e.g. said in terms of what the user chose. */
  reworded(message: string, details: TrackerErrorDetails = {}): TrackerError {
    return new TrackerError(this.failure, message, {
      statusCode: this.statusCode,
      code: this.code,
      trackerStatus: this.trackerStatus,
      trackerMessages: this.trackerMessages,
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
      ...details,
    });
  }
}

/** A query field this adapter does not offer (e.g. a release on a tracker without releases): said plainly. */
export function unsupportedQuery(trackerLabel: string, what: string): TrackerError {
  return new TrackerError('rejected', `${trackerLabel} sites don't offer ${what} in Handoff yet.`, {
    code: 'TRACKER_QUERY_UNSUPPORTED',
  });
}
