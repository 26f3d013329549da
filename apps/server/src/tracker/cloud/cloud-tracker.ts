// Jira Cloud behind the tracker seam (tracker.ts): REST v3, e-mail + API token, the enhanced JQL search and
// ADF. The calls themselves are JiraClient's (jira.client.ts); this adds the project's statuses and an
// issue's changelog, and writes verdicts as ADF.
import { JiraClient } from '../jira.client.ts';
import { myselfSchema } from '../jira.schemas.ts';
import { anyIssueOfProject } from '../jira-changelog.ts';
import { issueNotFound } from '../jira-errors.ts';
import { type JiraClientOptions, JiraHttp, withDefaults } from '../jira-http.ts';
import {
  type ChangelogEntry,
  explainSearchError,
  jiraProjectOfKey,
  STORY_FIELDS,
  statusChangedSince,
  transitionsOfProject,
} from '../jira-stories.ts';
import { jiraReleases } from '../jira-versions.ts';
import { storiesJql } from '../jql.ts';
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
  VerdictWriteBack,
  VerdictWritten,
} from '../tracker.ts';
import { writeVerdictWith } from '../tracker.ts';
import { TrackerError } from '../tracker-errors.ts';
import { cloudStory, verdictAdf } from './cloud-adf.ts';
import { changelogEntry, changelogPageSchema, projectStatusesSchema, statusNames } from './cloud-schemas.ts';

export class JiraCloudTracker implements Tracker {
  readonly kind: SiteKind = 'jira-cloud';
  readonly hasSprints: boolean = true;
  protected readonly client: JiraClient;
  protected readonly http: JiraHttp;

  constructor(protected readonly options: JiraClientOptions & Partial<Pick<TrackerSettings, 'issueTypes'>>) {
    this.client = new JiraClient(options);
    this.http = new JiraHttp(withDefaults(options));
  }

  /** Where people open an issue: the site's /browse/KEY. */
  protected browseBase(): string | null {
    const { endpoint } = this.options;
    return (typeof endpoint === 'function' ? endpoint() : endpoint).baseUrl;
  }

  async checkSite(probe: SiteProbe = {}): Promise<void> {
    const baseUrl = this.browseBase();
    if (baseUrl) await checkSiteKind(baseUrl, 'jira-cloud', probe);
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
        'credential-refused',
        `Jira answered as if no one had signed in: it refused the API token for ${credentials.email}. Check the e-mail and API token.`,
        { trackerStatus: 401 },
      );
    }
  }

  listProjects(credentials: TrackerCredentials): Promise<TrackerProject[]> {
    return this.client.listProjects(credentials);
  }

  async listStates(credentials: TrackerCredentials, project: string): Promise<string[]> {
    const { json } = await this.http.request({
      path: `/rest/api/3/project/${encodeURIComponent(project)}/statuses`,
      method: 'GET',
      credentials,
    });
    return statusNames(this.http.parse(projectStatusesSchema, json, 'project statuses'));
  }

  listReleases(credentials: TrackerCredentials, project: string): Promise<TrackerRelease[]> {
    return jiraReleases(this.http, credentials, '/rest/api/3', project);
  }

  async searchStories(credentials: TrackerCredentials, query: StoryQuery): Promise<Story[]> {
    const issueTypes = this.options.issueTypes ?? ['Story'];
    try {
      const issues = await this.client.searchIssues(credentials, {
        jql: storiesJql(query, issueTypes),
        fields: STORY_FIELDS,
        maxResults: 100,
      });
      const browseBase = this.browseBase();
      return issues.map((issue) => cloudStory(issue, browseBase));
    } catch (error) {
      throw explainSearchError(error, query, issueTypes);
    }
  }

  projectOfKey(key: string): string | undefined {
    return jiraProjectOfKey(this.kind, key);
  }

  listMoves(credentials: TrackerCredentials, project: string, sample?: string): Promise<StoryMove[]> {
    return transitionsOfProject(
      {
        anyIssueOfProject: (c, p) => anyIssueOfProject(this.http, c, p),
        listTransitions: (c, key) => this.client.listTransitions(c, key),
      },
      credentials,
      project,
      sample,
    );
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
        findComment: async (marker) => {
          const comments = await this.client.listComments(credentials, key);
          return comments.find((comment) => JSON.stringify(comment.body ?? '').includes(marker))?.id;
        },
        addComment: async () =>
          (await this.client.addComment(credentials, key, verdictAdf(writeBack.verdict))).id,
        move: (move) => this.client.transitionIssue(credentials, key, move.id),
      },
      writeBack,
    );
  }

  withOptions(overrides: TrackerOptions): Tracker {
    return new JiraCloudTracker({ ...this.options, ...overrides });
  }

  /** The issue's history, oldest first. */
  private async changelog(credentials: TrackerCredentials, issueKey: string): Promise<ChangelogEntry[]> {
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
}
