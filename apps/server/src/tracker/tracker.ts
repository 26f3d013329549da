// The one seam between Handoff and an issue tracker (docs/architecture.md, "A tracker adapter"). Jira Cloud
// (cloud/), Jira Data Center (datacenter/) and the built-in demo tracker (demo/) implement it; the rest of
// the server speaks only this interface, so no other module builds ADF or wiki markup or knows a tracker's
// URLs. A GitHub, GitLab or Linear adapter is one more folder implementing it.
import type { Issue } from '@handoff/core';
import type { JiraClientOptions } from './jira-http.ts';

/** The kinds of site a workspace can add (main README, "Jira sites"). */
const SITE_KINDS = ['jira-cloud', 'jira-datacenter'] as const;
export type SiteKind = (typeof SITE_KINDS)[number];

/**
 * A member's credential for one site, decrypted (sites/ opens it, in one place). Jira Cloud: the account's
 * e-mail and API token (Basic). Jira Data Center: a personal access token in `apiToken` (Bearer); the
 * e-mail only names the member in messages.
 */
export interface TrackerCredentials {
  email: string;
  apiToken: string;
}

export interface TrackerProject {
  name: string;
  key: string;
}

export interface StorySearch {
  /** JQL built with jql.ts (every value quoted). */
  jql: string;
  /** Asked for per page; the tracker may answer with fewer. */
  maxResults?: number;
}

/** What a client's verdict says, for the tracker to write as a comment in its own format. */
export interface VerdictComment {
  id: string;
  verdict: 'passed' | 'failed';
  /** The client's own words: written so that nothing in them becomes markup. */
  comment: string | null;
  sentAt: Date;
  subject: string | null;
  /** The name the client gave on the review page: written so that nothing in it becomes markup. */
  reviewer?: string | null;
}

/** One change of an issue's history (who, when, which fields from what to what). */
export interface ChangelogEntry {
  id: string;
  created: string;
  author: string | null;
  items: Array<{ field: string; from: string | null; to: string | null }>;
}

export interface Tracker {
  readonly kind: SiteKind | 'demo';
  /** Every project the credentials can browse. */
  listProjects(credentials: TrackerCredentials): Promise<TrackerProject[]>;
  /** Every story matching the JQL (summary and description, drafted by packages/core), over every page. */
  searchStories(credentials: TrackerCredentials, search: StorySearch): Promise<Issue[]>;
  /** The names of the statuses of the project's workflows, each once, in the tracker's order. */
  listStatuses(credentials: TrackerCredentials, projectKey: string): Promise<string[]>;
  /** The issue's history, oldest first. */
  changelog(credentials: TrackerCredentials, issueKey: string): Promise<ChangelogEntry[]>;
  /**
   * When each issue's status last changed, by key, from its changelog; issues whose status never changed
   * are absent (a re-test needs a change after the Failed verdict).
   */
  lastStatusChanges(
    credentials: TrackerCredentials,
    issueKeys: readonly string[],
  ): Promise<Map<string, Date>>;
  /** The key of one issue of the project (its first by key), or undefined when the tracker lists none. */
  anyIssueOfProject(credentials: TrackerCredentials, projectKey: string): Promise<string | undefined>;
  /** Writes a verdict as a comment; returns the comment's id. */
  addVerdictComment(
    credentials: TrackerCredentials,
    issueKey: string,
    verdict: VerdictComment,
  ): Promise<{ id: string }>;
  /** The id of a comment an earlier attempt wrote for this verdict, if there is one. */
  findVerdictComment(
    credentials: TrackerCredentials,
    issueKey: string,
    verdictId: string,
  ): Promise<string | undefined>;
  listTransitions(
    credentials: TrackerCredentials,
    issueKey: string,
  ): Promise<Array<{ id: string; name: string }>>;
  transitionIssue(credentials: TrackerCredentials, issueKey: string, transitionId: string): Promise<void>;
  /** Resolves when the tracker accepts the credentials; a TrackerError says why it does not. */
  checkCredential(credentials: TrackerCredentials): Promise<void>;
  /** The same tracker with other client options (e.g. one attempt per call, for callers that retry durably). */
  withOptions(overrides: TrackerOptions): Tracker;
}

export type TrackerOptions = Partial<Omit<JiraClientOptions, 'endpoint'>>;

/** The marker in each verdict comment, so a retry finds a comment an earlier attempt may have posted. */
export function verdictMarker(verdictId: string): string {
  return `Handoff verdict ${verdictId}`;
}

/** The day of a notice, as its comment and e-mails name it. */
export { dateOf } from '@handoff/core/dates';

/** The client's comment as lines of plain text (blank lines dropped). */
export function commentLines(comment: string | null): string[] {
  return (comment ?? '').split(/\r\n|\n|\r/).filter((line) => line.trim() !== '');
}

/** The first line of a verdict's comment after its verdict, when the client gave a name. */
export const reviewedBy = (reviewer: string) => `Reviewed by ${reviewer}`;

/**
 * When each issue's status last changed, read from each issue's changelog (a few at a time): the
 * `lastStatusChanges` of a tracker that has no bulk changelog call.
 */
export async function lastStatusChangesOf(
  changelog: (issueKey: string) => Promise<ChangelogEntry[]>,
  issueKeys: readonly string[],
): Promise<Map<string, Date>> {
  const changed = new Map<string, Date>();
  const queue = [...new Set(issueKeys)];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      for (const entry of await changelog(key)) {
        if (!entry.items.some((item) => item.field.toLowerCase() === 'status')) continue;
        const at = new Date(entry.created);
        const before = changed.get(key);
        if (!Number.isNaN(at.getTime()) && (!before || at > before)) changed.set(key, at);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
  return changed;
}
