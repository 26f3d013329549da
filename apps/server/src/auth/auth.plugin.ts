// Who may call a product route, decided in one place: every route under /jira/ needs the bearer ID
// token of a Handoff user, and may only name that user's own id and e-mail. Handlers read the caller
// from `request.productUser`, and the workspace it acts in from `request.membership`.
import { comparableEmail } from '@handoff/core';
import { WORKSPACE_HEADER } from '@handoff/core/api';
import type { FastifyRequest, onRequestHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../errors.ts';
import type { AuthenticatedUser, TokenVerifier } from '../identity/token-verifier.ts';
import { admitToWorkspace, assertOwner, type Membership } from '../workspaces/workspaces.service.ts';
import { loadProductUser, type ProductUser } from './product-user.ts';

/** Where a route names the caller's e-mail, and the 403 message when it names someone else's. */
export interface OwnEmail {
  in: 'body' | 'headers';
  refusal: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified ID token's user; null on public routes. */
    user: AuthenticatedUser | null;
    /** The caller's Handoff user, set before the handler of every product route except public ones. */
    productUser: ProductUser;
    /**
     * The workspace the request acts in (X-Workspace-Id, else the caller's current one) and the caller's
     * role there; set on every product route except those with `config.workspace: false`.
     */
    membership: Membership;
  }
  interface FastifyContextConfig {
    /** A product route anyone may call, without a token (register). */
    public?: boolean;
    /** The route names the caller's e-mail (checked like userId, with its own message). */
    ownEmail?: OwnEmail;
    /** false: the route acts on the caller's account, in no workspace (profile, workspace list, joining). */
    workspace?: boolean;
    /** Only the workspace's owners may call the route. */
    ownerOnly?: boolean;
    /** An account whose address is not yet verified may call it too (its own profile). */
    unverified?: boolean;
  }
}

const PRODUCT_ROUTE = /^\/jira\//;
const SECURITY = [{ bearer: [] }];
const NOT_YOUR_PROJECTS = 'You may only access your own projects.';
const VERIFY_FIRST = 'Please verify your e-mail address first. We sent you a link.';

/**
 * Puts the caller checks on every product route as it is added: the bearer token and a verified address
 * (onRequest, so a missing token is 401, and an unverified account 403, before the body is read), then, once the request is validated, the Handoff user
 * and the ownership of what the request names (preHandler). The verifier comes from the identity module.
 */
export const authPlugin = fp<{ verifier: TokenVerifier }>(
  async (app, { verifier }) => {
    app.decorateRequest('user', null);
    // Set by admitCaller before any handler that reads it; public routes never do.
    app.decorateRequest('productUser', null as unknown as ProductUser);
    app.decorateRequest('membership', null as unknown as Membership);

    const authenticate: onRequestHookHandler = async (request) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw unauthorized('Sign in first: this call needs an Authorization: Bearer token.');
      request.user = await verifier.verify(match[1]);
      // Before the body is read, so that whatever it sends an unverified account gets this answer.
      if (!request.user.emailVerified && !request.routeOptions.config.unverified) {
        throw new AppError(403, 'EMAIL_NOT_VERIFIED', VERIFY_FIRST);
      }
    };

    const admitCaller: preHandlerHookHandler = async (request) => {
      const user = await loadProductUser(request);
      const { config } = request.routeOptions;
      assertOwnUserId(request, user);
      assertOwnEmail(request, user);
      request.productUser = user;
      if (config.workspace === false) return;
      // Current on every call (see admitToWorkspace): a removed member is refused on their very next call.
      const named = request.headers[WORKSPACE_HEADER.toLowerCase()];
      request.membership = await admitToWorkspace(
        request.server.db,
        user,
        typeof named === 'string' ? named : undefined,
      );
      if (config.ownerOnly) assertOwner(request.membership);
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      if (!PRODUCT_ROUTE.test(route.url) || route.config?.public) return;
      route.onRequest = [authenticate, ...hooksOf(route.onRequest)];
      route.preHandler = [admitCaller, ...hooksOf(route.preHandler)];
      if (route.schema) route.schema.security ??= SECURITY;
    });
  },
  { name: 'auth' },
);

function hooksOf<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

/** A `userId` in the body or the query must be the caller's own. */
function assertOwnUserId(request: FastifyRequest, user: ProductUser): void {
  for (const source of [request.body, request.query]) {
    const userId = fieldOf(source, 'userId');
    if (userId !== undefined && userId !== user.id) throw forbidden(NOT_YOUR_PROJECTS);
  }
}

/**
 * The e-mail a route names must be the caller's own, compared in its one spelling (comparableEmail): the one they signed in
 * with, or their Handoff profile's (the same unless it was changed at the identity provider).
 */
function assertOwnEmail(request: FastifyRequest, user: ProductUser): void {
  const ownEmail = request.routeOptions.config.ownEmail;
  if (!ownEmail) return;
  const named = fieldOf(ownEmail.in === 'body' ? request.body : request.headers, 'email');
  if (named === undefined) return;
  const folded = comparableEmail(named.trim());
  const own = [user.email, request.user?.email ?? ''].map(comparableEmail);
  if (!own.includes(folded)) throw forbidden(ownEmail.refusal);
}

function fieldOf(source: unknown, name: string): string | undefined {
  if (typeof source !== 'object' || source === null) return undefined;
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}
