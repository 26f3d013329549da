// Security headers on every answer (helmet, with every directive written out), and no caching of API
// and identity answers, which carry tokens and user data.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/** Paths of the product API, the identity provider and the demo tracker: never cached. */
const API_PATH =
  /^\/(jira|rest|identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com|\.well-known|openapi\.json|health)(\/|$)/;

/**
 * The Content-Security-Policy of the app (and of every other page the server serves): scripts, styles,
 * fonts and images only from the server itself, nothing inline, no eval, no plug-ins, no framing.
 * `connect-src` adds Google's identity service in firebase mode and PUBLIC_URL's origin when set.
 */
function contentSecurityPolicy(options: {
  authMode: 'builtin' | 'firebase';
  publicOrigin: string | undefined;
}): Record<string, string[]> {
  const connect = ["'self'"];
  if (options.publicOrigin) connect.push(options.publicOrigin);
  if (options.authMode === 'firebase') {
    connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
  }
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': connect,
    'manifest-src': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
  };
}

/**
 * The headers helmet sets with these options. They are the same for every answer (no nonces), so helmet
 * runs once, against a recorder, instead of building the policy again for every request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const publicOrigin = config.publicUrlConfigured ? new URL(config.publicUrl).origin : undefined;
    const headers = helmetHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: contentSecurityPolicy({ authMode: config.authMode, publicOrigin }),
      },
      // HSTS only where users reach Handoff over https (PUBLIC_URL says so): a plain-http trial must
      // not make browsers insist on https for localhost.
      strictTransportSecurity: publicOrigin?.startsWith('https:')
        ? { maxAge: 31_536_000, includeSubDomains: false }
        : false,
      referrerPolicy: { policy: 'no-referrer' },
      xFrameOptions: { action: 'deny' },
      // The identity provider answers cross-origin calls (as Google does); the app itself is one origin.
      crossOriginResourcePolicy: false,
      crossOriginEmbedderPolicy: false,
    });
    // Set first, so that a route with a reason to differ (a cached JWKS or config.json, a review page's
    // stricter referrer policy) can say otherwise.
    app.addHook('onRequest', async (request, reply) => {
      reply.headers(headers);
      if (API_PATH.test(request.url.split('?')[0] ?? '')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers', dependencies: [] },
);
