// Turning a failed call into what the user sees (docs/product.md §7/§8: the server's `error` or `message`).
import { ApiError, SessionExpiredError } from './api-client';

/** The text to show for a failed call: the server's message, or a plain sentence for a network failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof TypeError)
    return 'The server could not be reached. Check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return String(error);
}

/**
 * True when the session has just been ended (an unrecoverable 401): the gate is already taking the user to
 * the sign-in page, so nothing more is reported.
 */
export function isSessionEnded(error: unknown): boolean {
  return error instanceof SessionExpiredError;
}
