// The one client for the product API at `${apiBaseUrl}`. It sends the ID token as a bearer token, renews it
// on a 401 and retries once; if that is impossible or the retry is refused too, the session is ended
// (storage cleared, LOGOUT_SUCCESS dispatched, the gate sends the user to /auth/login).
import type { AuthSession } from './auth-session';
import { absoluteUrl } from './runtime-config';

/** A product API call that failed. `message` comes from the body's `error` or `message` (docs/product.md §7). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** The session could not be renewed; it has been ended and the user is on the way to the sign-in page. */
export class SessionExpiredError extends ApiError {
  override name = 'SessionExpiredError';
}

interface RequestOptions {
  /** JSON-serialisable body, or FormData for multipart uploads. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the bearer token (default true). */
  auth?: boolean;
}

export interface ApiClient {
  get<T>(path: string, options?: Omit<RequestOptions, 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>): Promise<T>;
}

function messageOf(data: unknown, status: number): string {
  if (typeof data === 'object' && data !== null) {
    const { error, message } = data as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error !== '') return error;
    if (typeof error === 'object' && error !== null) {
      const nested = (error as { message?: unknown }).message;
      if (typeof nested === 'string' && nested !== '') return nested;
    }
    if (typeof message === 'string' && message !== '') return message;
  }
  if (typeof data === 'string' && data.trim() !== '' && data.length < 500) return data.trim();
  return `Request failed with status ${status}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

export function createApiClient({ baseUrl, session }: { baseUrl: string; session: AuthSession }): ApiClient {
  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const { body, headers = {}, auth = true } = options;
    const url = absoluteUrl(`${baseUrl}${path}`);
    const isForm = typeof FormData !== 'undefined' && body instanceof FormData;

    const send = (token: string | null) => {
      const allHeaders: Record<string, string> = { accept: 'application/json', ...headers };
      if (body !== undefined && !isForm) allHeaders['content-type'] = 'application/json';
      if (token) allHeaders.authorization = `Bearer ${token}`;
      const init: RequestInit = { method, headers: allHeaders };
      if (body !== undefined) init.body = isForm ? (body as FormData) : JSON.stringify(body);
      return fetch(url, init);
    };

    const token = auth ? await session.getValidToken() : null;
    let response = await send(token);

    if (response.status === 401 && token) {
      let renewed: string;
      try {
        renewed = await session.refresh();
      } catch {
        session.expire();
        throw new SessionExpiredError(401, messageOf(await readBody(response), 401));
      }
      response = await send(renewed);
      if (response.status === 401) {
        const data = await readBody(response);
        session.expire();
        throw new SessionExpiredError(401, messageOf(data, 401), data);
      }
    }

    const data = await readBody(response);
    if (!response.ok) throw new ApiError(response.status, messageOf(data, response.status), data);
    return data as T;
  }

  return {
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
  };
}
