// Jira Data Center (9.x–11.x, self-hosted) behind the tracker seam (tracker.ts): REST v2 under the site's
// base URL (which may carry a context path such as /jira), personal access tokens as Bearer (Basic is off by
// default from Jira 11), `startAt`/`total` paging, wiki-markup descriptions and comments. Every call goes
// through jira-http.ts (retries, Retry-After) and fails with dc-errors.ts's messages.
import type { Issue } from '@handoff/core';
import { changelogEntry, projectStatusesSchema, statusNames } from '../cloud/cloud-schemas.ts';
import { createdCommentSchema, transitionsSchema } from '../jira.schemas.ts';
import { issueNotFound, TrackerError } from '../jira-errors.ts';
import { type JiraClientOptions, JiraHttp, withDefaults } from '../jira-http.ts';
import { jqlString } from '../jql.ts';
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
import { dcFailure } from './dc-errors.ts';
import {
  dcCommentPageSchema,
  dcIssueChangelogSchema,
  dcMyselfSchema,
  dcSearchHeadSchema,
} from './dc-schemas.ts';
import { dcListProjects, dcSearchStories } from './dc-search.ts';
import { verdictWiki } from './dc-wiki.ts';

const issuePath = (issueKey: string, what = '') =>
  `/rest/api/2/issue/${encodeURIComponent(issueKey)}${what ? `/${what}` : ''}`;

export class JiraDataCenterTracker implements Tracker {
  readonly kind = 'jira-datacenter' as const;
  private readonly http: JiraHttp;

  constructor(private readonly options: JiraClientOptions) {
    this.http = new JiraHttp(withDefaults({ ...options, auth: 'bearer', failure: dcFailure }));
  }

  listProjects(credentials: TrackerCredentials): Promise<TrackerProject[]> {
    return dcListProjects(this.http, credentials);
  }

  searchStories(credentials: TrackerCredentials, search: StorySearch): Promise<Issue[]> {
    return dcSearchStories(this.http, credentials, search.jql, search.maxResults ?? 100);
  }

  async listStatuses(credentials: TrackerCredentials, projectKey: string): Promise<string[]> {
    const { json } = await this.http.request({
      path: `/rest/api/2/project/${encodeURIComponent(projectKey)}/statuses`,
      method: 'GET',
      credentials,
    });
    return statusNames(this.http.parse(projectStatusesSchema, json, 'project statuses'));
  }

  async changelog(credentials: TrackerCredentials, issueKey: string): Promise<ChangelogEntry[]> {
    const { status, json } = await this.http.request({
      path: issuePath(issueKey),
      method: 'GET',
      query: new URLSearchParams({ expand: 'changelog', fields: 'summary' }),
      credentials,
      accept: [404],
    });
    if (status === 404) throw issueNotFound(issueKey);
    const body = this.http.parse(dcIssueChangelogSchema, json, 'changelog');
    return (body.changelog?.histories ?? []).map(changelogEntry);
  }

  lastStatusChanges(
    credentials: TrackerCredentials,
    issueKeys: readonly string[],
  ): Promise<Map<string, Date>> {
    return lastStatusChangesOf((key) => this.changelog(credentials, key), issueKeys);
  }

  async anyIssueOfProject(credentials: TrackerCredentials, projectKey: string): Promise<string | undefined> {
    const { status, json } = await this.http.request({
      path: '/rest/api/2/search',
      method: 'POST',
      credentials,
      body: {
        jql: `project = ${jqlString(projectKey)} ORDER BY key ASC`,
        startAt: 0,
        maxResults: 1,
        fields: ['summary'],
      },
      // Jira's 400 for a project it does not know (or this account cannot see): no issue to ask about.
      accept: [400],
    });
    if (status === 400) return undefined;
    const [first] = this.http.parse(dcSearchHeadSchema, json, 'issue search').issues;
    const key = (first as { key?: unknown } | undefined)?.key;
    return typeof key === 'string' ? key : undefined;
  }

  async addVerdictComment(
    credentials: TrackerCredentials,
    issueKey: string,
    verdict: VerdictComment,
  ): Promise<{ id: string }> {
    const { status, json } = await this.http.request({
      path: issuePath(issueKey, 'comment'),
      method: 'POST',
      credentials,
      body: { body: verdictWiki(verdict) },
      accept: [404],
    });
    if (status === 404) throw issueNotFound(issueKey);
    return this.http.parse(createdCommentSchema, json, 'comment');
  }

  async findVerdictComment(
    credentials: TrackerCredentials,
    issueKey: string,
    verdictId: string,
  ): Promise<string | undefined> {
    const marker = verdictMarker(verdictId);
    const pages = this.http.offsetPages(
      { path: issuePath(issueKey, 'comment'), query: { orderBy: 'created' }, credentials },
      (json) => this.http.parse(dcCommentPageSchema, json, 'comments'),
      (page) => page.comments,
      () => issueNotFound(issueKey),
    );
    for await (const page of pages) {
      const found = page.comments.find((comment) => comment.body?.includes(marker));
      if (found) return found.id;
    }
    return undefined;
  }

  async listTransitions(credentials: TrackerCredentials, issueKey: string) {
    const { status, json } = await this.http.request({
      path: issuePath(issueKey, 'transitions'),
      method: 'GET',
      credentials,
      accept: [404],
    });
    if (status === 404) throw issueNotFound(issueKey);
    const { transitions } = this.http.parse(transitionsSchema, json, 'transitions');
    return transitions.map(({ id, name }) => ({ id, name }));
  }

  async transitionIssue(credentials: TrackerCredentials, issueKey: string, transitionId: string) {
    const { status } = await this.http.request({
      path: issuePath(issueKey, 'transitions'),
      method: 'POST',
      credentials,
      body: { transition: { id: transitionId } },
      accept: [404],
    });
    if (status === 404) throw issueNotFound(issueKey);
  }

  async checkCredential(credentials: TrackerCredentials): Promise<void> {
    const { json, headers } = await this.http.request({
      path: '/rest/api/2/myself',
      method: 'GET',
      credentials,
    });
    const user = this.http.parse(dcMyselfSchema, json, 'account check');
    if (answeredAnonymously(headers) || (!user.name && !user.key)) {
      throw new TrackerError(
        403,
        'TRACKER_AUTH_REFUSED',
        'Jira Data Center answered as if no one had signed in: the personal access token is wrong, expired or revoked.',
        401,
      );
    }
  }

  withOptions(overrides: TrackerOptions): Tracker {
    return new JiraDataCenterTracker({ ...this.options, ...overrides });
  }
}
