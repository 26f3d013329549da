// The review page's calls: public, JSON in and out, nothing but the link's token (wire shapes:
// @handoff/core/api review.ts, imported as types only).
import type { ReviewTokenBody, SignOffBody, SubmitVerdictsBody } from '@handoff/core/api';
import { say } from './review-messages';

class ReviewCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** A public review call; an error carries the server's message ({status, code, message}). */
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
    throw new ReviewCallError(0, say('unreachable'));
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ReviewCallError(
      response.status,
      response.status === 429
        ? say('tooManyRequests')
        : typeof message === 'string' && message !== ''
          ? message
          : say('serverStatus', { status: response.status }),
    );
  }
  return data as T;
}

/** A link that no longer opens its notice: unknown (404, or 400 for a malformed token), expired or revoked. */
export const isClosedLink = (error: unknown) =>
  error instanceof ReviewCallError && (error.status === 404 || error.status === 400);
