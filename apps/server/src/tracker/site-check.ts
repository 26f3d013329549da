// Telling what a site is before it is added (Jira Cloud or Data Center), and recognising Jira's
// "anonymous" answers to a dead credential. Both products answer GET /rest/api/2/serverInfo without
// signing in; Cloud says deploymentType "Cloud", Data Center "Server" (anything else counts as DC).

import { TRACKER_KINDS } from '@handoff/core/tracker-kinds';
import { serverInfoSchema } from './datacenter/dc-schemas.ts';
import { JiraHttp, withDefaults } from './jira-http.ts';
import { OutboundError } from './outbound.ts';
import type { SiteProbe } from './tracker.ts';
import { TrackerError } from './tracker-errors.ts';

type JiraKind = 'jira-cloud' | 'jira-datacenter';
const kindName = (kind: JiraKind) => TRACKER_KINDS[kind].label;

/** Resolves when the site answers serverInfo as the kind chosen; otherwise a TrackerError says which it is. */
export async function checkSiteKind(
  baseUrl: string,
  kind: JiraKind,
  options: SiteProbe = {},
): Promise<{ version: string | null }> {
  const http = new JiraHttp(
    withDefaults({
      endpoint: { baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) },
      maxAttempts: 1,
      timeoutMs: options.timeoutMs ?? 10_000,
    }),
  );
  let json: unknown;
  try {
    ({ json } = await http.request({
      path: '/rest/api/2/serverInfo',
      method: 'GET',
      credentials: { email: '', apiToken: '' },
      anonymous: true,
    }));
  } catch (error) {
    // The guard's refusal (a host that is not public, a redirect) says what to change. Anything else a
    // site answers (a closed port, a time-out, 404, 403, not JSON) is one answer, so that the probe
    // can't be used to map a network.
    if (error instanceof OutboundError) throw error;
    throw notJira(baseUrl);
  }
  const info = serverInfoSchema.safeParse(json);
  if (!info.success || info.data.deploymentType === undefined) throw notJira(baseUrl);
  const found: JiraKind = info.data.deploymentType === 'Cloud' ? 'jira-cloud' : 'jira-datacenter';
  if (found !== kind) {
    throw siteError(
      'SITE_KIND_MISMATCH',
      `${baseUrl} is a ${kindName(found)} site, not ${kindName(kind)} (serverInfo says deploymentType ${JSON.stringify(info.data.deploymentType)}). Choose ${kindName(found)}.`,
    );
  }
  return { version: info.data.version ?? null };
}

/** A site that is not what the owner said it is: a 400 for the Sites screen. */
function siteError(code: string, message: string): TrackerError {
  return new TrackerError('unexpected', message, { statusCode: 400, code });
}

function notJira(baseUrl: string): TrackerError {
  return siteError(
    'SITE_NOT_JIRA',
    `${baseUrl} is not a Jira site: it doesn't answer GET /rest/api/2/serverInfo as Jira does. Check the base URL, with its context path for Data Center.`,
  );
}

/**
 * Jira answers a dead credential as an anonymous caller, with 200, saying so only in X-Seraph-LoginReason
 * (https://github.com/go-jira/jira/issues/8): such an answer is a refusal.
 */
export function answeredAnonymously(headers: Headers | undefined): boolean {
  const reason = headers?.get('x-seraph-loginreason');
  return typeof reason === 'string' && /AUTHENTICAT(ED_FAILED|ION_DENIED)/i.test(reason);
}
