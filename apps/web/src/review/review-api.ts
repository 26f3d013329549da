// The review page's calls: public, JSON in and out, nothing but the link's token (wire shapes:
// @handoff/core/api review.ts, imported as types only).
import type { ReviewTokenBody, SignOffBody, SubmitVerdictsBody } from '@handoff/core/api';
import { say } from './review-messages';

/** A refused or failed call: its HTTP status (0: no answer), the server's code and its (English) message. */
class ReviewCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** A public review call; an error carries the server's status, code and message ({status, code, message}). */
export async function callReview<T>(
  path: string,
  body: ReviewTokenBody | SubmitVerdictsBody | SignOffBody,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.href), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    });
  } catch {
    throw new ReviewCallError(0, '', '');
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const { code, message } = (data ?? {}) as { code?: unknown; message?: unknown };
    throw new ReviewCallError(
      response.status,
      typeof code === 'string' ? code : '',
      typeof message === 'string' ? message : '',
    );
  }
  return data as T;
}

/**
 * What the client reads of a failed call, in the page's language: the failures a client meets are the
 * catalogue's; anything else (an input the page itself keeps valid) is the server's own message.
 */
export function failureText(error: unknown): string {
  if (!(error instanceof ReviewCallError)) return String(error);
  if (error.status === 0) return say('unreachable');
  if (error.status === 429) return say('tooManyRequests');
  if (error.status === 409) return say('alreadySignedOff');
  if (error.code === 'REVIEW_NOT_ANSWERED') return say('signOffIncomplete');
  return error.message || say('serverStatus', { status: error.status });
}

/** A link that no longer opens its notice: unknown (404, or 400 for a malformed token), expired or revoked. */
export const isClosedLink = (error: unknown) =>
  error instanceof ReviewCallError && (error.status === 404 || error.status === 400);
