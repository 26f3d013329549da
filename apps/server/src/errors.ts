/**
 * The one error type services throw. The error handler turns it into the product's error answer:
 * `{ status, code, message }` with `status` as the HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** Headers the answer carries (e.g. Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST') => new AppError(400, code, message);
export const unauthorized = (message = 'Sign in again: your session is missing or has expired.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You may not access this resource.') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);

/** The body of every error answer of the product API. */
export interface ErrorBody {
  status: number;
  code: string;
  message: string;
}
