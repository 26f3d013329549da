// GitHub Issues (github.com and GitHub Enterprise Server) behind the tracker seam (tracker.ts): REST under
// https://api.github.com or https://{host}/api/v3, a personal access token (fine-grained or classic) as
// Bearer. Projects are the repositories the token can read, stories their issues (github-stories.ts),
// verdicts issue comments in Markdown (github-comment.ts); a Failed verdict may reopen the issue and/or add
// a label; re-tests are read from the issue's timeline. Every call goes through github-http.ts.
import type { Issue } from '@handoff/core';
import { TrackerError } from '../jira-errors.ts';
import type { JiraClientOptions } from '../jira-http.ts';
import type {
  ChangelogEntry,
  TrackerCredentials,
  TrackerOptions,
  TrackerProject,
  VerdictComment,
} from '../tracker.ts';
import { verdictMarker } from '../tracker.ts';
import { verdictMarkdown } from './github-comment.ts';
import { GitHubHttp } from './github-http.ts';
import { type GitHubIssueRef, issueKeyOf, issuePath, issueRefOf, repoOf, repoPath } from './github-keys.ts';
import {
  commentSchema,
  type GitHubTimelineEvent,
  issueSchema,
  labelSchema,
  labelsSchema,
  metaSchema,
  repositorySchema,
  timelineEventSchema,
  userSchema,
} from './github-schemas.ts';
import { CLOSED_STATE, type GitHubStoryQuery, gitHubStories } from './github-stories.ts';

/** A Failed verdict's action: reopen the issue, add a label, or both (ids as listFailedActions gives them). */
const REOPEN = 'reopen';
const LABEL = 'label:';

export class GitHubTracker {
  readonly kind = 'github' as const;
  private readonly http: GitHubHttp;

  constructor(private readonly options: JiraClientOptions) {
    this.http = new GitHubHttp(options);
  }

  /** The repositories the token can read, with issues turned on, by owner/repo. */
  async listProjects(credentials: TrackerCredentials): Promise<TrackerProject[]> {
    const projects: TrackerProject[] = [];
    const pages = this.http.pages(
      credentials,
      { path: '/user/repos', query: { sort: 'full_name' } },
      repositorySchema,
      'repositories',
    );
    for await (const page of pages) {
      for (const repo of page)
        if (repo.has_issues !== false) projects.push({ key: repo.full_name, name: repo.full_name });
    }
    return projects;
  }

  stories(credentials: TrackerCredentials, query: GitHubStoryQuery): Promise<Issue[]> {
    return gitHubStories(this.http, credentials, query);
  }

  /** The states a project may offer: Closed (as completed), then the repository's labels. */
  async listStatuses(credentials: TrackerCredentials, projectKey: string): Promise<string[]> {
    return [CLOSED_STATE, ...(await this.labels(credentials, repoOf(projectKey)))];
  }

  /** The issue's timeline as changes: closed and reopened (field status), labeled and unlabeled (labels). */
  async changelog(credentials: TrackerCredentials, issueKey: string): Promise<ChangelogEntry[]> {
    const entries: ChangelogEntry[] = [];
    for (const event of await this.timeline(credentials, issueRefOf(issueKey))) {
      const entry = changeOf(event);
      if (entry) entries.push(entry);
    }
    return entries;
  }

  /**
   * When each issue was last closed again after being reopened (a re-test: the developer reopened it,
   * fixed it and closed it again), from its timeline; issues never reopened and closed are absent.
   */
  async lastStatusChanges(
    credentials: TrackerCredentials,
    issueKeys: readonly string[],
  ): Promise<Map<string, Date>> {
    const changed = new Map<string, Date>();
    const queue = [...new Set(issueKeys)];
    const worker = async () => {
      for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
        let reopened = false;
        for (const event of await this.timeline(credentials, issueRefOf(key))) {
          if (event.event === 'reopened') reopened = true;
          const at = new Date(event.created_at ?? '');
          if (event.event === 'closed' && reopened && !Number.isNaN(at.getTime())) changed.set(key, at);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
    return changed;
  }

  /** The key of one issue of the repository (its lowest number among the latest), or undefined. */
  async anyIssueOfProject(credentials: TrackerCredentials, projectKey: string): Promise<string | undefined> {
    const repo = repoOf(projectKey);
    const pages = this.http.pages(
      credentials,
      { path: repoPath(repo, 'issues'), query: { state: 'all' } },
      issueSchema,
      'issues',
    );
    for await (const page of pages) {
      const issue = page.find((i) => i.pull_request === undefined);
      if (issue) return issueKeyOf(repo, issue.number);
    }
    return undefined;
  }

  async addVerdictComment(
    credentials: TrackerCredentials,
    issueKey: string,
    verdict: VerdictComment,
  ): Promise<{ id: string }> {
    const path = issuePath(issueRefOf(issueKey), 'comments');
    const body = { body: verdictMarkdown(verdict) };
    const created = await this.http.call(
      credentials,
      { method: 'POST', path, body },
      commentSchema,
      'comment',
    );
    return { id: String(created.id) };
  }

  async findVerdictComment(
    credentials: TrackerCredentials,
    issueKey: string,
    verdictId: string,
  ): Promise<string | undefined> {
    const marker = verdictMarker(verdictId);
    const pages = this.http.pages(
      credentials,
      { path: issuePath(issueRefOf(issueKey), 'comments') },
      commentSchema,
      'comments',
    );
    for await (const page of pages) {
      const found = page.find((comment) => comment.body?.includes(marker));
      if (found) return String(found.id);
    }
    return undefined;
  }

  /** What a Failed verdict may do to the issue: reopen it, add one of the repository's labels, or both. */
  async listTransitions(
    credentials: TrackerCredentials,
    issueKey: string,
  ): Promise<Array<{ id: string; name: string }>> {
    const labels = await this.labels(credentials, issueRefOf(issueKey).repo);
    return [
      { id: REOPEN, name: 'Reopen the issue' },
      ...labels.map((label) => ({ id: `${LABEL}${label}`, name: `Add the label “${label}”` })),
      ...labels.map((label) => ({
        id: `${REOPEN}+${LABEL}${label}`,
        name: `Reopen the issue and add the label “${label}”`,
      })),
    ];
  }

  async transitionIssue(credentials: TrackerCredentials, issueKey: string, actionId: string): Promise<void> {
    const ref = issueRefOf(issueKey);
    const [first, second] = actionId.split(/\+(?=label:)/);
    const reopen = first === REOPEN;
    const label = [first, second].find((part) => part?.startsWith(LABEL))?.slice(LABEL.length);
    if (!reopen && label === undefined) {
      throw new TrackerError(
        400,
        'TRACKER_REJECTED',
        `GitHub has no action ${JSON.stringify(actionId)} for an issue.`,
      );
    }
    if (label !== undefined) {
      await this.http.call(
        credentials,
        { method: 'POST', path: issuePath(ref, 'labels'), body: { labels: [label] } },
        labelsSchema,
        'labels',
      );
    }
    if (reopen) {
      await this.http.call(
        credentials,
        { method: 'PATCH', path: issuePath(ref), body: { state: 'open' } },
        issueSchema,
        'reopen',
      );
    }
  }

  /** Resolves when GitHub accepts the token (GET /user; on Enterprise Server GET /meta first). */
  async checkCredential(credentials: TrackerCredentials): Promise<void> {
    if (isEnterpriseServer(this.baseUrl()))
      await this.http.call(credentials, { path: '/meta' }, metaSchema, 'meta');
    await this.http.call(credentials, { path: '/user' }, userSchema, 'account check');
  }

  withOptions(overrides: TrackerOptions): GitHubTracker {
    return new GitHubTracker({ ...this.options, ...overrides });
  }

  private async labels(credentials: TrackerCredentials, repo: string): Promise<string[]> {
    const names: string[] = [];
    const pages = this.http.pages(credentials, { path: repoPath(repo, 'labels') }, labelSchema, 'labels');
    for await (const page of pages) names.push(...page.map((label) => label.name));
    return names;
  }

  private async timeline(
    credentials: TrackerCredentials,
    ref: GitHubIssueRef,
  ): Promise<GitHubTimelineEvent[]> {
    const events: GitHubTimelineEvent[] = [];
    const pages = this.http.pages(
      credentials,
      { path: issuePath(ref, 'timeline') },
      timelineEventSchema,
      'timeline',
    );
    for await (const page of pages) events.push(...page);
    return events;
  }

  private baseUrl(): string {
    const { endpoint } = this.options;
    return (typeof endpoint === 'function' ? endpoint() : endpoint).baseUrl;
  }
}

/** A GitHub Enterprise Server's API is at https://{host}/api/v3; github.com's at https://api.github.com. */
export const isEnterpriseServer = (baseUrl: string) => /\/api\/v3\/?$/.test(baseUrl);

function changeOf(event: GitHubTimelineEvent): ChangelogEntry | undefined {
  const base = {
    id: String(event.id ?? ''),
    created: event.created_at ?? '',
    author: event.actor?.login ?? null,
  };
  switch (event.event) {
    case 'closed':
      return { ...base, items: [{ field: 'status', from: 'Open', to: CLOSED_STATE }] };
    case 'reopened':
      return { ...base, items: [{ field: 'status', from: CLOSED_STATE, to: 'Open' }] };
    case 'labeled':
      return { ...base, items: [{ field: 'labels', from: null, to: event.label?.name ?? null }] };
    case 'unlabeled':
      return { ...base, items: [{ field: 'labels', from: event.label?.name ?? null, to: null }] };
    default:
      return undefined;
  }
}
