// Jira Cloud behind the tracker seam (tracker.ts): REST v3, e-mail + API token, the enhanced JQL search and
// ADF. The calls themselves are JiraClient's (jira.client.ts); this adds the project's statuses and an
// issue's changelog, and writes verdicts as ADF.
import type { Issue } from '@handoff/core';
import { JiraClient } from '../jira.client.ts';
import { myselfSchema } from '../jira.schemas.ts';
import { anyIssueOfProject } from '../jira-changelog.ts';
import { issueNotFound, TrackerError } from '../jira-errors.ts';
import { type JiraClientOptions, JiraHttp, withDefaults } from '../jira-http.ts';
import { answeredAnonymously } from '../site-check.ts';
import type {
  ChangelogEntry,
  StorySearch,
  Tracker,
  TrackerCredentials,
  TrackerOptions,
  TrackerProject,
  VerdictComment,
} from '../tracker.ts';
import { lastStatusChangesOf, verdictMarker } from '../tracker.ts';
import { cloudStory, verdictAdf } from './cloud-adf.ts';
import { changelogEntry, changelogPageSchema, projectStatusesSchema, statusNames } from './cloud-schemas.ts';

export class JiraCloudTracker implements Tracker {
  readonly kind: 'jira-cloud' | 'demo' = 'jira-cloud';
  protected readonly client: JiraClient;
  protected readonly http: JiraHttp;

  constructor(protected readonly options: JiraClientOptions) {
    this.client = new JiraClient(options);
    this.http = new JiraHttp(withDefaults(options));
  }

  listProjects(credentials: TrackerCredentials): Promise<TrackerProject[]> {
    return this.client.listProjects(credentials);
  }

  async searchStories(credentials: TrackerCredentials, search: StorySearch): Promise<Issue[]> {
    const issues = await this.client.searchIssues(credentials, {
      jql: search.jql,
      fields: ['summary', 'description'],
      maxResults: search.maxResults ?? 100,
    });
    return issues.map(cloudStory);
  }

  async listStatuses(credentials: TrackerCredentials, projectKey: string): Promise<string[]> {
    const { json } = await this.http.request({
      path: `/rest/api/3/project/${encodeURIComponent(projectKey)}/statuses`,
      method: 'GET',
      credentials,
    });
    return statusNames(this.http.parse(projectStatusesSchema, json, 'project statuses'));
  }

  async changelog(credentials: TrackerCredentials, issueKey: string): Promise<ChangelogEntry[]> {
    const entries: ChangelogEntry[] = [];
    const pages = this.http.offsetPages(
      { path: `/rest/api/3/issue/${encodeURIComponent(issueKey)}/changelog`, credentials },
      (json) => this.http.parse(changelogPageSchema, json, 'changelog'),
      (page) => page.values,
      () => issueNotFound(issueKey),
    );
    for await (const page of pages) entries.push(...page.values.map(changelogEntry));
    return entries;
  }

  lastStatusChanges(
    credentials: TrackerCredentials,
    issueKeys: readonly string[],
  ): Promise<Map<string, Date>> {
    return lastStatusChangesOf((key) => this.changelog(credentials, key), issueKeys);
  }

  anyIssueOfProject(credentials: TrackerCredentials, projectKey: string): Promise<string | undefined> {
    return anyIssueOfProject(this.http, credentials, projectKey);
  }

  addVerdictComment(
    credentials: TrackerCredentials,
    issueKey: string,
    verdict: VerdictComment,
  ): Promise<{ id: string }> {
    return this.client.addComment(credentials, issueKey, verdictAdf(verdict));
  }

  async findVerdictComment(
    credentials: TrackerCredentials,
    issueKey: string,
    verdictId: string,
  ): Promise<string | undefined> {
    const marker = verdictMarker(verdictId);
    const comments = await this.client.listComments(credentials, issueKey);
    return comments.find((comment) => JSON.stringify(comment.body ?? '').includes(marker))?.id;
  }

  listTransitions(credentials: TrackerCredentials, issueKey: string) {
    return this.client.listTransitions(credentials, issueKey);
  }

  transitionIssue(credentials: TrackerCredentials, issueKey: string, transitionId: string): Promise<void> {
    return this.client.transitionIssue(credentials, issueKey, transitionId);
  }

  async checkCredential(credentials: TrackerCredentials): Promise<void> {
    const { json, headers } = await this.http.request({
      path: '/rest/api/3/myself',
      method: 'GET',
      credentials,
    });
    this.http.parse(myselfSchema, json, 'account check');
    if (answeredAnonymously(headers)) {
      throw new TrackerError(
        403,
        'TRACKER_AUTH_REFUSED',
        `Jira answered as if no one had signed in: it refused the API token for ${credentials.email}. Check the e-mail and API token.`,
        401,
      );
    }
  }

  withOptions(overrides: TrackerOptions): Tracker {
    return new JiraCloudTracker({ ...this.options, ...overrides });
  }
}
