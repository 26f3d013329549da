// Jira Data Center (9.x–11.x, self-hosted) behind the tracker seam (tracker.ts): REST v2 under the site's
// base URL (which may carry a context path such as /jira), personal access tokens as Bearer (Basic is off by
// default from Jira 11), `startAt`/`total` paging, wiki-markup descriptions and comments. Every call goes
// through jira-http.ts (retries, Retry-After) and fails with dc-errors.ts's messages.
import { changelogEntry, projectStatusesSchema, statusNames } from '../cloud/cloud-schemas.ts';
import { createdCommentSchema, transitionsSchema } from '../jira.schemas.ts';
import { issueNotFound } from '../jira-errors.ts';
import { type JiraClientOptions, JiraHttp, withDefaults } from '../jira-http.ts';
import {
  type ChangelogEntry,
  explainSearchError,
  jiraProjectOfKey,
  statusChangedSince,
  transitionsOfProject,
} from '../jira-stories.ts';
import { jiraReleases } from '../jira-versions.ts';
import { jqlString, storiesJql } from '../jql.ts';
import { answeredAnonymously, checkSiteKind } from '../site-check.ts';
import type {
  SiteKind,
  SiteProbe,
  Story,
  StoryMove,
  StoryQuery,
  Tracker,
  TrackerCredentials,
  TrackerOptions,
  TrackerProject,
  TrackerRelease,
  TrackerSettings,
  VerdictComment,
  VerdictWriteBack,
  VerdictWritten,
} from '../tracker.ts';
import { writeVerdictWith } from '../tracker.ts';
import { TrackerError } from '../tracker-errors.ts';
import { epicLinkFieldId, withLinkedEpics } from './dc-epics.ts';
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
  readonly kind: SiteKind = 'jira-datacenter';
  readonly hasSprints = true;
  private readonly http: JiraHttp;

  constructor(private readonly options: JiraClientOptions & Partial<Pick<TrackerSettings, 'issueTypes'>>) {
    this.http = new JiraHttp(withDefaults({ ...options, auth: 'bearer', failure: dcFailure }));
  }

  private get baseUrl(): string {
    const { endpoint } = this.options;
    return (typeof endpoint === 'function' ? endpoint() : endpoint).baseUrl;
  }

  async checkSite(probe: SiteProbe = {}): Promise<void> {
    await checkSiteKind(this.baseUrl, 'jira-datacenter', probe);
  }

  projectOfKey(key: string): string | undefined {
    return jiraProjectOfKey(this.kind, key);
  }

  listMoves(credentials: TrackerCredentials, project: string, sample?: string): Promise<StoryMove[]> {
    return transitionsOfProject(this, credentials, project, sample);
  }

  movedSince(
    credentials: TrackerCredentials,
    stories: ReadonlyArray<{ key: string; since: Date }>,
  ): Promise<Set<string>> {
    return statusChangedSince((key) => this.changelog(credentials, key), stories);
  }

  writeVerdict(
    credentials: TrackerCredentials,
    key: string,
    writeBack: VerdictWriteBack,
  ): Promise<VerdictWritten> {
    return writeVerdictWith(
      {
        findComment: async (marker) => this.findComment(credentials, key, marker),
        addComment: async () => (await this.addVerdictComment(credentials, key, writeBack.verdict)).id,
        move: (move) => this.transitionIssue(credentials, key, move.id),
      },
      writeBack,
    );
  }

  listProjects(credentials: TrackerCredentials): Promise<TrackerProject[]> {
    return dcListProjects(this.http, credentials);
  }

  listReleases(credentials: TrackerCredentials, project: string): Promise<TrackerRelease[]> {
    return jiraReleases(this.http, credentials, '/rest/api/2', project);
  }

  async searchStories(credentials: TrackerCredentials, query: StoryQuery): Promise<Story[]> {
    const issueTypes = this.options.issueTypes ?? ['Story'];
    try {
      const jql = storiesJql(query, issueTypes);
      const epicLink = await this.epicLinkField(credentials);
      const stories = await dcSearchStories(this.http, credentials, jql, 100, this.baseUrl, epicLink);
      return await withLinkedEpics(this.http, credentials, stories);
    } catch (error) {
      throw explainSearchError(error, query, issueTypes);
    }
  }

  async listStates(credentials: TrackerCredentials, projectKey: string): Promise<string[]> {
    const { json } = await this.http.request({
      path: `/rest/api/2/project/${encodeURIComponent(projectKey)}/statuses`,
      method: 'GET',
      credentials,
    });
    return statusNames(this.http.parse(projectStatusesSchema, json, 'project statuses'));
  }

  /**
   * The site's Epic Link field, read once per tracker; a site that will not say (no Jira Software, no
   * permission, down) gives none this time: the stories then have only the epics their `parent` names.
   */
  private epicLink: Promise<string | null> | undefined;
  private epicLinkField(credentials: TrackerCredentials): Promise<string | null> {
    this.epicLink ??= epicLinkFieldId(this.http, credentials);
    return this.epicLink.catch(() => {
      this.epicLink = undefined;
      return null;
    });
  }

  /** The issue's history, oldest first. */
  private async changelog(credentials: TrackerCredentials, issueKey: string): Promise<ChangelogEntry[]> {
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

  private async addVerdictComment(
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

  private async findComment(
    credentials: TrackerCredentials,
    issueKey: string,
    marker: string,
  ): Promise<string | undefined> {
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

  private async transitionIssue(credentials: TrackerCredentials, issueKey: string, transitionId: string) {
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
        'credential-refused',
        'Jira Data Center answered as if no one had signed in: the personal access token is wrong, expired or revoked.',
        { trackerStatus: 401 },
      );
    }
  }

  withOptions(overrides: TrackerOptions): Tracker {
    return new JiraDataCenterTracker({ ...this.options, ...overrides });
  }
}
