// Routes that take JSON only: a body sent as anything else (text/plain, a form) is 415 before it is read.
// Fastify parses text/plain bodies by default, and a page on any site may post text/plain or a form
// without the browser asking first (a "simple" request), so such bodies must not reach the handler.
import type { FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../errors.ts';

const JSON_TYPE = /^application\/json\s*(;|$)/i;

async function jsonBodyOnly(request: FastifyRequest): Promise<void> {
  if (JSON_TYPE.test(request.headers['content-type'] ?? '')) return;
  throw new AppError(
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Send the request body as JSON, with the header Content-Type: application/json.',
  );
}

/** An onRoute hook: every POST route whose path starts with `prefix` takes JSON only. */
export function jsonOnlyUnder(prefix: string): (route: RouteOptions) => void {
  return (route) => {
    if (!route.url.startsWith(prefix) || route.method !== 'POST') return;
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [jsonBodyOnly, ...existing];
  };
}
