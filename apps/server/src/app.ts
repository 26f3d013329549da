import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { authPlugin } from './auth/auth.plugin.ts';
import { type AutosendOptions, autosendPlugin } from './autosend/autosend.plugin.ts';
import type { Db } from './db/database.ts';
import { AppError, type ErrorBody } from './errors.ts';
import { type IdentityOptions, identityPlugin } from './identity/identity.plugin.ts';
import { withSafeRequestLog } from './identity/safe-request-log.ts';
import { mailPlugin } from './mail/mailer.ts';
import { projectsRoutes } from './projects/projects.routes.ts';
import type { ResolvedConfig } from './secrets.ts';
import { sendsRoutes } from './sends/sends.routes.ts';
import { storiesRoutes } from './stories/stories.routes.ts';
import { trackerPlugin } from './tracker/tracker.plugin.ts';
import { trackerRoutes } from './tracker/tracker.routes.ts';
import { runtimeConfigRoutes } from './web/runtime-config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: ResolvedConfig;
    db: Db;
  }
}

export interface AppOptions {
  config: ResolvedConfig;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** The built web app to serve; defaults to apps/web/dist when it exists. */
  webRoot?: string | false;
  /** A clock and rate limits for the identity provider (tests), Google's URLs in firebase mode. */
  identity?: IdentityOptions;
  /** Whether the auto-send timer runs (the server: yes; tests run rounds by hand), and its clock. */
  autosend?: AutosendOptions;
}

const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole server without listening, so tests can `inject()` requests. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    logger: withSafeRequestLog(options.logger ?? false),
    // Only behind a proxy that sets X-Forwarded-For; otherwise any client could pick its own address.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorAnswer(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(body);
  });
  app.setNotFoundHandler((request, reply) => {
    const webRoot = options.webRoot === undefined ? defaultWebRoot : options.webRoot;
    if (
      request.method === 'GET' &&
      webRoot &&
      existsSync(path.join(webRoot, 'index.html')) &&
      wantsPage(request.url)
    ) {
      return reply.type('text/html').sendFile('index.html', webRoot);
    }
    const body: ErrorBody = {
      status: 404,
      code: 'NOT_FOUND',
      message: `No such route: ${request.method} ${request.url.split('?')[0]}`,
    };
    return reply.status(404).send(body);
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Handoff API',
        version: '1.0.0',
        description: 'Product API and built-in identity provider.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  const webRoot = options.webRoot === undefined ? defaultWebRoot : options.webRoot;
  if (webRoot && existsSync(webRoot)) {
    await app.register(fastifyStatic, { root: webRoot, wildcard: false, index: false });
  }

  await app.register(runtimeConfigRoutes);
  // Mail, the identity provider (or Google's, by AUTH_MODE), bearer-token checks, registration.
  await app.register(mailPlugin);
  await app.register(identityPlugin, options.identity ?? {});
  await app.register(authPlugin, { verifier: app.identity.verifier });
  await app.register(accountsRoutes);
  // The tracker (Jira, or the built-in demo tracker under /rest/api/3) and the product calls on it.
  await app.register(trackerPlugin);
  await app.register(trackerRoutes);
  await app.register(projectsRoutes);
  await app.register(storiesRoutes);
  // E-mailing stories to clients, by hand and on a schedule.
  await app.register(sendsRoutes);
  await app.register(autosendPlugin, options.autosend ?? {});
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get(
    '/health',
    {
      schema: {
        description: 'Liveness and database reachability.',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => {
      await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();
      return { status: 'ok' as const };
    },
  );

  return app;
}

/** Browser navigations get the single-page app; API-looking paths get a JSON 404. */
function wantsPage(url: string): boolean {
  const pathname = url.split('?')[0] ?? '/';
  return (
    !/^\/(jira|rest|identitytoolkit\.googleapis\.com|securetoken\.googleapis\.com|\.well-known|openapi\.json|config\.json)(\/|$)/.test(
      pathname,
    ) && !path.extname(pathname)
  );
}

function toErrorAnswer(error: FastifyError): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      body: { status: error.statusCode, code: error.code, message: error.message },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => {
      const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return where ? `${where}: ${issue.message}` : issue.message;
    });
    const place = error.validationContext ?? 'request';
    return {
      status: 400,
      body: { status: 400, code: 'INVALID_REQUEST', message: `Invalid ${place}: ${details.join('; ')}` },
    };
  }
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  if (status >= 500) {
    return {
      status,
      body: { status, code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.' },
    };
  }
  // Fastify's own 4xx errors (malformed JSON, body too large, wrong content type) carry a safe message.
  return { status, body: { status, code: error.code ?? 'BAD_REQUEST', message: error.message } };
}
