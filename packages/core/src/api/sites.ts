// The Jira sites of a workspace (main README, "Jira sites"): POST /jira/sites/add, /list, /remove and
// /setCredential. The site `default` is JIRA_BASE_URL (or the demo tracker) and is in every workspace.
import { z } from 'zod';
import { ADDABLE_TRACKER_KINDS, TRACKER_KIND_IDS, type TrackerKindId } from '../tracker-kinds.ts';
import { apiKeySchema } from './accounts.ts';

const userId = z.string().min(1, 'userId is required.').max(200);

/** `default`, or the id the server gave a site when it was added. */
const siteIdSchema = z.string().trim().min(1, 'siteId is required.').max(64);
export const DEFAULT_SITE_ID = 'default';

/** A kind an owner may add (packages/core/src/tracker-kinds.ts). */
const addableKindSchema = z.enum(ADDABLE_TRACKER_KINDS as [TrackerKindId, ...TrackerKindId[]], {
  error: `Kind must be ${ADDABLE_TRACKER_KINDS.join(', ').replace(/, ([^,]*)$/, ' or $1')}.`,
});
/** Any kind a site may have, the built-in demo tracker's included. */
const siteKindSchema = z.enum(TRACKER_KIND_IDS as [TrackerKindId, ...TrackerKindId[]]);

/**
 * What is wrong with a tracker site's Base URL, naming the rule, or undefined when it is well formed: http
 * or https, no user info, no query or fragment (not even an empty `?` or `#`, which would turn the paths
 * Handoff appends into the attacker's query). A path stays, as the site's context path (`https://host/jira`).
 */
function baseUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'Enter the base URL as https://host or https://host/context-path.';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return 'The base URL must start with https:// or http://.';
  if (url.username || url.password || /^[a-z]+:\/\/[^/?#]*@/i.test(value)) {
    return 'The base URL may not contain a user name or password (user@host).';
  }
  if (value.includes('?')) return 'The base URL may not contain a query (?).';
  if (value.includes('#')) return 'The base URL may not contain a fragment (#).';
  return undefined;
}

/** A Base URL that meets `baseUrlProblem`'s rules; a trailing slash is dropped (a context path such as /jira stays). */
const baseUrlSchema = z
  .string()
  .trim()
  .max(2048, 'The base URL is too long.')
  .superRefine((value, context) => {
    const problem = baseUrlProblem(value);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((value) => value.replace(/\/+$/, ''));

export const addSiteBody = z.object({
  userId,
  name: z.string().trim().min(1, 'Enter a name for the site.').max(100, 'The name is too long.'),
  kind: addableKindSchema,
  baseUrl: baseUrlSchema,
});
export type AddSiteBody = z.input<typeof addSiteBody>;

const siteSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: siteKindSchema,
  baseUrl: z.string(),
});

export const addSiteAnswer = z.object({ data: siteSchema });
export type AddSiteAnswer = z.infer<typeof addSiteAnswer>;

export const listSitesBody = z.object({ userId });

const listedSiteSchema = siteSchema.extend({
  hasCredential: z.boolean().describe('Whether the caller has a credential for the site.'),
});
export type ListedSite = z.infer<typeof listedSiteSchema>;
export const listSitesAnswer = z.object({ data: z.array(listedSiteSchema) });
export type ListSitesAnswer = z.infer<typeof listSitesAnswer>;

export const removeSiteBody = z.object({ userId, siteId: siteIdSchema });
export type RemoveSiteBody = z.input<typeof removeSiteBody>;

export const setSiteCredentialBody = z.object({
  userId,
  siteId: siteIdSchema,
  token: apiKeySchema.describe('Jira Cloud: the API token; Jira Data Center: a personal access token.'),
  email: z
    .string()
    .trim()
    .min(1)
    .max(320)
    .optional()
    .describe("Jira Cloud: the account's e-mail (the caller's own when left out)."),
});
export type SetSiteCredentialBody = z.input<typeof setSiteCredentialBody>;

export const siteChangeAnswer = z.object({ status: z.literal(200), message: z.string() });
export type SiteChangeAnswer = z.infer<typeof siteChangeAnswer>;
