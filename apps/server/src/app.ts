import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { countUsers } from './accounts/users.repository.ts';
import { authPlugin } from './auth/auth.plugin.ts';
import { forgetProductUser } from './auth/product-user.ts';
import { type AutosendOptions, autosendPlugin } from './autosend/autosend.plugin.ts';
import { stopAutosendOfMember } from './autosend/autosend.repository.ts';
import type { Db } from './db/database.ts';
import { AppError, type ErrorBody } from './errors.ts';
import { lingeringClosePlugin } from './http/lingering-close.ts';
import { responseSerializerCompiler } from './http/response-serializer.ts';
import { safeInputPlugin } from './http/safe-input.ts';
import { type IdentityOptions, identityPlugin } from './identity/identity.plugin.ts';
import { logRequests, withSafeRequestLog } from './identity/safe-request-log.ts';
import { type JobsPluginOptions, jobsPlugin } from './jobs/jobs.ts';
import { type LedgerOptions, ledgerPlugin } from './ledger/ledger.ts';
import { mailPlugin } from './mail/mailer.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { projectsRoutes } from './projects/projects.routes.ts';
import { reviewPlugin } from './review/review.routes.ts';
import { createReviewLinks } from './review/review-links.ts';
import type { ResolvedConfig } from './secrets.ts';
import { sendsRoutes } from './sends/sends.routes.ts';
import { sitesPlugin } from './sites/sites.plugin.ts';
import { sitesRoutes } from './sites/sites.routes.ts';
import { storiesRoutes } from './stories/stories.routes.ts';
import { type TrackerPluginOptions, trackerPlugin } from './tracker/tracker.plugin.ts';
import { trackerRoutes } from './tracker/tracker.routes.ts';
import { appPageFor } from './web/app-page.ts';
import { runtimeConfigRoutes } from './web/runtime-config.ts';
import { securityHeadersPlugin } from './web/security-headers.ts';
import { hasOpenInvitation } from './workspaces/invites.repository.ts';
import { workspacesRoutes } from './workspaces/workspaces.routes.ts';
import { createPersonalWorkspace } from './workspaces/workspaces.service.ts';

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
  /** The send ledger's clock and test seam (tests only). */
  ledger?: LedgerOptions;
  /** Whether this process runs the job queue (default yes; a test may keep it still), and its timings. */
  jobs?: JobsPluginOptions;
  /** The review's clock and its Jira calls' time-out (tests). */
  review?: { now?: () => Date; jiraTimeoutMs?: number };
  /** How tracker host names resolve (tests: a table standing in for DNS). */
  outbound?: Pick<TrackerPluginOptions, 'resolve'>;
}

const defaultWebRoot = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole server without listening, so tests can `inject()` requests. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const app = Fastify({
    ...withSafeRequestLog(options.logger ?? false),
    // Only behind a proxy that sets X-Forwarded-For; otherwise any client could pick its own address.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  app.decorate('config', config);
  app.decorate('db', db);
  logRequests(app);

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = toErrorAnswer(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof AppError) reply.headers(error.headers);
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
      return reply.type('text/html').sendFile(appPageFor(request.url, webRoot, !config.jiraBaseUrl), webRoot);
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
        description:
          'Product API and built-in identity provider. Project calls act in the caller’s current workspace; ' +
          'the header X-Workspace-Id may name another workspace the caller belongs to (403 otherwise).',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });

  await app.register(securityHeadersPlugin);
  // Answers over 1 kB are compressed when the client accepts it; the web app's files are compressed
  // once, at build time (apps/web/vite.config.ts), and sent as they are.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  const webRoot = options.webRoot === undefined ? defaultWebRoot : options.webRoot;
  if (webRoot && existsSync(webRoot)) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader('cache-control', cacheControlFor(webRoot, filePath));
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  // Text PostgreSQL can't store and absurdly deep JSON are refused on every route, before validation.
  await app.register(safeInputPlugin);
  await app.register(lingeringClosePlugin);
  // The register screen says invite-only once the installation has its first account.
  await app.register(runtimeConfigRoutes, { hasAccounts: async () => (await countUsers(db)) > 0 });
  // Mail, the identity provider (or Google's, by AUTH_MODE), bearer-token checks, registration.
  await app.register(mailPlugin);
  // The job queue runs with the app: every module's jobs (and periodic work) are claimed under its leases.
  await app.register(jobsPlugin, options.jobs ?? {});
  // The ledger calls the review module through its notice hook: each notice gets its review link.
  await app.register(ledgerPlugin, {
    ...options.ledger,
    notices: createReviewLinks({
      publicUrl: app.config.publicUrl,
      secretKey: app.config.secretKey,
      linkDays: app.config.reviewLinkDays,
      smtpConfigured: app.mailer.smtpConfigured,
      ...(options.ledger?.now ? { now: options.ledger.now } : {}),
      onJobQueued: () => app.jobs.wake(),
    }),
  });
  await app.register(identityPlugin, options.identity ?? {});
  await app.register(authPlugin, { verifier: app.identity.verifier });
  await app.register(accountsRoutes, { createPersonalWorkspace, hasOpenInvitation, forgetProductUser });
  // The tracker (Jira, or the built-in demo tracker under /rest/api/3) and the product calls on it.
  await app.register(trackerPlugin, options.outbound ?? {});
  await app.register(trackerRoutes);
  await app.register(sitesPlugin);
  await app.register(sitesRoutes);
  await app.register(projectsRoutes);
  await app.register(storiesRoutes);
  // E-mailing stories to clients, by hand and on a schedule.
  await app.register(sendsRoutes);
  await app.register(workspacesRoutes, { onMemberLeaves: stopAutosendOfMember });
  // The client's review of each notice: its page, its calls, and writing verdicts back to Jira.
  await app.register(reviewPlugin, {
    webRoot,
    ...(options.review?.now ? { now: options.review.now } : {}),
    ...(options.review?.jiraTimeoutMs ? { jiraTimeoutMs: options.review.jiraTimeoutMs } : {}),
  });
  await app.register(autosendPlugin, options.autosend ?? {});
  await app.register(notificationsRoutes);
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
      await countUsers(db);
      return { status: 'ok' as const };
    },
  );

  return app;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts the socket peer and the next `hops - 1` entries
 * of X-Forwarded-For (right to left), so the client address is the entry the outermost proxy wrote
 * (Fastify's own numeric option trusts nothing).
 */
function trustProxyOption(trust: ResolvedConfig['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/**
 * Vite names the files under assets/ by their content's hash, so they never change: browsers keep them
 * for a year without asking. Everything else (index.html, the icon) is revalidated on every use by its
 * ETag.
 */
function cacheControlFor(webRoot: string, filePath: string): string {
  const relative = path.relative(webRoot, filePath);
  return relative.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
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
