import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { googleErrorBody, IdentityError, identityErrors } from './identity.errors.ts';
import * as s from './identity.schemas.ts';
import type { IdentityService } from './identity.service.ts';
import type { SigningKeys } from './signing-keys.ts';

interface IdentityRoutesOptions {
  service: IdentityService;
  keys: SigningKeys;
  apiKey: string;
}

const tags = ['identity provider'];

/**
 * The Identity-Toolkit-compatible endpoints at the origin root, in the Firebase Auth Emulator's layout
 * (so `connectAuthEmulator` works), plus the JWKS. Each Google host prefix is its own encapsulated
 * context: Google's error envelope, CORS, the API-key check and bodies that are never rejected.
 */
export async function identityRoutes(app: FastifyInstance, options: IdentityRoutesOptions): Promise<void> {
  const { service, keys } = options;
  const checkKey = apiKeyCheck(options.apiKey);

  await app.register(
    async (ctx) => {
      googleContext(ctx, checkKey);
      const api = ctx.withTypeProvider<ZodTypeProvider>();
      api.post(
        '/v1/accounts::signUp',
        {
          schema: {
            tags,
            summary: 'Create an e-mail/password account',
            querystring: s.apiKeyQuery,
            body: s.passwordCredentialsBody,
            response: { 200: s.signUpAnswer, 400: s.googleError },
          },
        },
        async (request) => service.signUp(request.body as s.Fields, request.ip),
      );
      api.post(
        '/v1/accounts::signInWithPassword',
        {
          schema: {
            tags,
            summary: 'Sign in with e-mail and password',
            querystring: s.apiKeyQuery,
            body: s.passwordCredentialsBody,
            response: { 200: s.signInAnswer, 400: s.googleError },
          },
        },
        async (request) => service.signInWithPassword(request.body as s.Fields, request.ip),
      );
      api.post(
        '/v1/accounts::lookup',
        {
          schema: {
            tags,
            summary: 'The account of an ID token',
            querystring: s.apiKeyQuery,
            body: s.lookupBody,
            response: { 200: s.lookupAnswer, 400: s.googleError },
          },
        },
        async (request) => service.lookup(request.body as s.Fields),
      );
      api.post(
        '/v1/accounts::sendOobCode',
        {
          schema: {
            tags,
            summary: 'Send a password-reset or address-verification e-mail',
            querystring: s.apiKeyQuery,
            body: s.sendOobCodeBody,
            response: { 200: s.sendOobCodeAnswer, 400: s.googleError },
          },
        },
        async (request) => service.sendOobCode(request.body as s.Fields, request.ip),
      );
      api.post(
        '/v1/accounts::resetPassword',
        {
          schema: {
            tags,
            summary: 'Check a password-reset code, or use it to set a new password',
            querystring: s.apiKeyQuery,
            body: s.resetPasswordBody,
            response: { 200: s.resetPasswordAnswer, 400: s.googleError },
          },
        },
        async (request) => service.resetPassword(request.body as s.Fields, request.ip),
      );
      api.post(
        '/v1/accounts::update',
        {
          schema: {
            tags,
            summary: 'Apply an address-verification code (only oobCode is supported)',
            querystring: s.apiKeyQuery,
            body: s.updateBody,
            response: { 200: s.updateAnswer, 400: s.googleError },
          },
        },
        async (request) => service.applyActionCode(request.body as s.Fields, request.ip),
      );
      api.get(
        '/v2/passwordPolicy',
        {
          schema: {
            tags,
            summary: 'The password policy',
            querystring: s.apiKeyQuery,
            response: { 200: s.passwordPolicyAnswer, 400: s.googleError },
          },
        },
        async () => service.passwordPolicy(),
      );
    },
    { prefix: '/identitytoolkit.googleapis.com' },
  );

  await app.register(
    async (ctx) => {
      googleContext(ctx, checkKey);
      ctx.withTypeProvider<ZodTypeProvider>().post(
        '/v1/token',
        {
          schema: {
            tags,
            summary: 'Exchange a refresh token for a new ID token (form or JSON body)',
            querystring: s.apiKeyQuery,
            body: s.tokenBody,
            response: { 200: s.tokenAnswer, 400: s.googleError },
          },
        },
        async (request) => service.refresh(request.body as s.Fields),
      );
    },
    { prefix: '/securetoken.googleapis.com' },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/.well-known/jwks.json',
    {
      schema: {
        tags,
        summary: 'The public keys that verify ID tokens',
        response: { 200: s.jwksAnswer },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return keys.jwks();
    },
  );
}

/** Everything one Google host prefix shares. */
function googleContext(ctx: FastifyInstance, checkKey: (request: FastifyRequest) => void): void {
  // Bodies are read as sent: never rejected or stripped by the schemas, keys accepted in snake_case too.
  ctx.setValidatorCompiler(({ httpPart }) => (data) => ({
    value: httpPart === 'body' ? camelCaseKeys(data) : data,
  }));
  ctx.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  ctx.addHook('onRequest', async (request, reply) => {
    // CORS as Google (and the emulator) answer it: any origin, reflected; the SDK's headers allowed.
    const origin = request.headers.origin;
    if (origin) {
      reply.header('access-control-allow-origin', origin);
      reply.header('vary', 'Origin');
    }
    if (request.method !== 'OPTIONS') checkKey(request);
  });

  ctx.options('/*', async (request, reply) => {
    reply.header('access-control-allow-methods', 'GET, POST, OPTIONS');
    const requested = request.headers['access-control-request-headers'];
    if (requested) reply.header('access-control-allow-headers', requested);
    if (request.headers['access-control-request-private-network'] === 'true') {
      reply.header('access-control-allow-private-network', 'true');
    }
    reply.header('access-control-max-age', '3600');
    reply.header('vary', 'Origin, Access-Control-Request-Headers, Access-Control-Request-Private-Network');
    return reply.code(204).send();
  });

  ctx.setErrorHandler((error: FastifyError, request, reply) =>
    sendGoogleError(toIdentityError(error, request), reply),
  );
  ctx.setNotFoundHandler((_request, reply) =>
    sendGoogleError(new IdentityError('Not Found', undefined, 404, 'NOT_FOUND', 'notFound'), reply),
  );
}

function sendGoogleError(error: IdentityError, reply: FastifyReply) {
  if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(error.httpStatus).type('application/json; charset=UTF-8').send(googleErrorBody(error));
}

function toIdentityError(error: FastifyError, request: FastifyRequest): IdentityError {
  if (error instanceof IdentityError) return error;
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'identity request failed');
    return new IdentityError('Internal error encountered.', undefined, 500, 'INTERNAL', 'backendError');
  }
  // Malformed JSON, an empty JSON body, an unsupported content type, a body too large …
  const message = error.code?.startsWith('FST_ERR_CTP_') ? 'Invalid JSON payload received.' : error.message;
  return new IdentityError(message, undefined, status, 'INVALID_ARGUMENT', 'badRequest');
}

/** `?key=` (the SDK's way) or the `x-goog-api-key` header, compared in constant time. */
function apiKeyCheck(apiKey: string): (request: FastifyRequest) => void {
  const expected = digest(apiKey);
  return (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    const fromQuery = typeof query?.key === 'string' ? query.key : undefined;
    const fromHeader = request.headers['x-goog-api-key'];
    const given = fromQuery || (typeof fromHeader === 'string' ? fromHeader : undefined);
    if (!given) throw identityErrors.missingApiKey();
    if (!timingSafeEqual(digest(given), expected)) throw identityErrors.badApiKey();
  };
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `grant_type` → `grantType`, one level deep (Google's REST mapping accepts either spelling). */
function camelCaseKeys(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    out[key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase())] = value;
  }
  return out;
}
