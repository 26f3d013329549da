import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { JiraCloudTracker } from './cloud/cloud-tracker.ts';
import { demoTrackerRoutes } from './demo/demo-tracker.routes.ts';
import { DemoTracker } from './demo/demo-tracker.ts';
import type { JiraClientOptions, JiraEndpoint } from './jira-http.ts';
import { allowedHostOf, OutboundGuard, type ResolvedAddress } from './outbound.ts';
import type { FetchLike } from './tracker.ts';
import { Trackers } from './trackers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The tracker of each site (tracker.ts): `default` (JIRA_BASE_URL or the demo tracker), and added ones. */
    trackers: Trackers;
    /** Every request to a tracker site goes through it (outbound.ts). */
    outbound: OutboundGuard;
  }
}

export interface TrackerPluginOptions {
  /** Overrides for the client (tests: a fake clock, short time-outs). */
  client?: Omit<JiraClientOptions, 'endpoint'>;
  /** How the outbound guard resolves host names (tests: a table); default the system's resolver. */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

/**
 * The tracker adapter. Without JIRA_BASE_URL the server serves a Jira-compatible demo tracker under
 * /rest/api/3 and the client calls it on the server's own listening address; before the server
 * listens (tests that only inject), the calls go through `app.inject` instead.
 */
export const trackerPlugin = fp<TrackerPluginOptions>(
  async (app, options) => {
    const { jiraBaseUrl } = app.config;
    // The site `default` is the administrator's own choice (JIRA_BASE_URL): allowed as configured.
    const outbound = new OutboundGuard({
      allowed: allowedHostOf(app.config.trackerAllowedHosts, jiraBaseUrl),
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
    app.decorate('outbound', outbound);
    app.addHook('onClose', () => outbound.close());
    const inProcess: JiraEndpoint = { baseUrl: 'http://handoff.invalid', fetch: injectFetch(app) };
    const endpoint = (): JiraEndpoint => {
      if (jiraBaseUrl) return { baseUrl: jiraBaseUrl, fetch: outbound.fetch };
      const address = app.server.address();
      if (address && typeof address === 'object')
        return { baseUrl: `http://${loopbackHost(address)}:${address.port}` };
      return inProcess;
    };
    const clientOptions = { logger: app.log, ...options.client, issueTypes: app.config.jiraIssueTypes };
    const defaultTracker = jiraBaseUrl
      ? new JiraCloudTracker({ ...clientOptions, endpoint })
      : new DemoTracker({ ...clientOptions, endpoint });
    app.decorate('trackers', new Trackers(defaultTracker, clientOptions, outbound.fetch));
    if (!jiraBaseUrl) await app.register(demoTrackerRoutes, { prefix: '/rest/api/3' });
  },
  { name: 'tracker' },
);

/** The address to call ourselves on: the bound one, or loopback when bound to every interface. */
function loopbackHost(address: AddressInfo): string {
  if (address.family === 'IPv6' || address.family === (6 as unknown as string)) {
    return address.address === '::' ? '[::1]' : `[${address.address}]`;
  }
  return address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
}

/** A fetch that hands the request to this Fastify instance without a socket. */
function injectFetch(app: FastifyInstance): FetchLike {
  return async (url, init) => {
    const target = new URL(url);
    const response = await app.inject({
      method: (init.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: init.headers as Record<string, string>,
      ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      ...(init.signal ? { signal: init.signal } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (Array.isArray(value)) for (const v of value) headers.append(name, String(v));
      else if (value !== undefined) headers.set(name, String(value));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : response.rawPayload, { status: response.statusCode, headers });
  };
}
