// The review page's calls (POST /jira/review/getNotice, submitVerdicts, signOff: nothing but the link's
// token) and what the client reads when one fails, in their language.
import type { ReviewTokenBody, SignOffBody, SubmitVerdictsBody } from '@handoff/core/api';
import type { Translate } from '@handoff/core/client-language';

/** A refused or failed call: its HTTP status (0: no answer), the server's code and message (English). */
export class ReviewCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What the client reads of a failed call, in their language: the cases a client meets are the catalogue's;
 * anything else (a refused input the page itself prevents) is the server's own message.
 */
export function failureText(error: unknown, t: Translate): string {
  if (!(error instanceof ReviewCallError)) return String(error);
  if (error.status === 0) return t('review.unreachable');
  if (error.status === 429) return t('review.tooManyRequests');
  if (error.status === 409) return t('review.alreadySignedOff');
  if (error.code === 'REVIEW_NOT_ANSWERED') return t('review.signOffIncomplete');
  return error.message || t('review.serverStatus', { status: error.status });
}

/** A public review call: JSON in, JSON out; errors carry the server's message ({status, code, message}). */
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
