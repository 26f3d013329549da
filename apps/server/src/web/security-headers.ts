// Security headers on every answer (helmet, with every directive written out), and no caching of API
// and identity answers, which carry tokens and user data.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Paths of the product API, the identity provider and the demo tracker: never cached. */
const API_PATH =
  /^\/(jira|rest|identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com|\.well-known|openapi\.json|health)(\/|$)/;

/**
 * The Content-Security-Policy of the app (and of every other page the server serves): scripts, styles,
 * fonts and images only from the server itself, nothing inline, no eval, no plug-ins, no framing.
 * `connect-src` adds Google's identity service in firebase mode and PUBLIC_URL's origin when set.
 */
export function contentSecurityPolicy(options: {
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

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const publicOrigin = config.publicUrlConfigured ? new URL(config.publicUrl).origin : undefined;
    await app.register(helmet, {
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
    // Set first, so that a route with a reason to be cached (the JWKS, config.json) can say otherwise.
    app.addHook('onRequest', async (request, reply) => {
      if (API_PATH.test(request.url.split('?')[0] ?? '')) reply.header('cache-control', 'no-store');
    });
  },
  { name: 'security-headers', dependencies: [] },
);
