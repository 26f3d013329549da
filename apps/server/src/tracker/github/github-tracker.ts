// GitHub Issues (github.com and GitHub Enterprise Server) behind the tracker seam (tracker.ts): REST under
// https://api.github.com or https://{host}/api/v3, a personal access token (fine-grained or classic) as
// Bearer. Projects are the repositories the token can read, stories their issues (github-stories.ts),
// verdicts issue comments in Markdown (markdown-comment.ts); a Failed verdict may reopen the issue and/or
// add a label (its "moves"); re-tests are read from the issue's timeline. Every call goes through
// github-http.ts.
import { verdictMarkdown } from '../markdown-comment.ts';
import { OutboundError } from '../outbound.ts';
import {
  type SiteProbe,
  type Story,
  type StoryMove,
  type StoryQuery,
  type Tracker,
  type TrackerClientOptions,
  type TrackerCredentials,
  type TrackerOptions,
  type TrackerProject,
  type TrackerRelease,
  type VerdictWriteBack,
  type VerdictWritten,
  writeVerdictWith,
} from '../tracker.ts';
import { TrackerError } from '../tracker-errors.ts';
import { GitHubHttp } from './github-http.ts';
import { type GitHubIssueRef, issuePath, issueRefOf, repoOf, repoOfKey, repoPath } from './github-keys.ts';
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
import { CLOSED_STATE, gitHubReleases, gitHubStories } from './github-stories.ts';

/** A verdict's moves: reopen the issue, add a label, or both (ids as listMoves gives them). */
const REOPEN = 'reopen';
const LABEL = 'label:';

export class GitHubTracker implements Tracker {
  readonly kind = 'github' as const;
  /** GitHub issues have no sprints (a project board's iterations are not read). */
  readonly hasSprints = false;
  private readonly http: GitHubHttp;

  constructor(private readonly options: TrackerClientOptions) {
    this.http = new GitHubHttp(options);
  }

  /**
   * GitHub answers GET /meta to anyone, at api.github.com and at an Enterprise Server's /api/v3: one attempt,
   * through the probe's fetch (the outbound guard). Whatever else answers gets one message, so the check
   * can't be used to map a network.
   */
  async checkSite(probe: SiteProbe = {}): Promise<void> {
    const { baseUrl, fetch } = endpointOf(this.options);
    const http = new GitHubHttp({
      ...this.options,
      endpoint: { baseUrl, ...((probe.fetch ?? fetch) ? { fetch: probe.fetch ?? fetch } : {}) },
      maxAttempts: 1,
      timeoutMs: probe.timeoutMs ?? 10_000,
    });
    try {
      await http.call({ email: '', apiToken: '' }, { path: '/meta', anonymous: true }, metaSchema, 'meta');
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      throw new TrackerError(
        'unexpected',
        `${baseUrl} is not GitHub's API: it doesn't answer GET /meta as GitHub does. Use https://api.github.com, or https://{host}/api/v3 for GitHub Enterprise Server.`,
        { statusCode: 400, code: 'SITE_NOT_GITHUB' },
      );
    }
  }

  /** Resolves when GitHub accepts the token (GET /user). */
  async checkCredential(credentials: TrackerCredentials): Promise<void> {
    await this.http.call(credentials, { path: '/user' }, userSchema, 'account check');
  }

  /** The repositories the token can read, with issues turned on, by owner/repo. */
  async listProjects(credentials: TrackerCredentials): Promise<TrackerProject[]> {
    const projects: TrackerProject[] = [];
    const request = { path: '/user/repos', query: { sort: 'full_name' } };
    for await (const page of this.http.pages(credentials, request, repositorySchema, 'repositories')) {
      for (const repo of page) {
        if (repo.has_issues !== false) projects.push({ key: repo.full_name, name: repo.full_name });
      }
    }
    return projects;
  }

  /** The states a project may offer: Closed (as completed), then the repository's labels. */
  async listStates(credentials: TrackerCredentials, project: string): Promise<string[]> {
    return [CLOSED_STATE, ...(await this.labels(credentials, repoOf(project)))];
  }

  listReleases(credentials: TrackerCredentials, project: string): Promise<TrackerRelease[]> {
    return gitHubReleases(this.http, credentials, project);
  }

  searchStories(credentials: TrackerCredentials, query: StoryQuery): Promise<Story[]> {
    return gitHubStories(this.http, credentials, query);
  }

  projectOfKey(key: string): string | undefined {
    return repoOfKey(key);
  }

  /** What a Failed verdict may do to an issue: reopen it, add one of the repository's labels, or both. */
  async listMoves(credentials: TrackerCredentials, project: string): Promise<StoryMove[]> {
    const labels = await this.labels(credentials, repoOf(project));
    return [
      { id: REOPEN, name: 'Reopen the issue' },
      ...labels.map((label) => ({ id: `${LABEL}${label}`, name: `Add the label “${label}”` })),
      ...labels.map((label) => ({
        id: `${REOPEN}+${LABEL}${label}`,
        name: `Reopen the issue and add the label “${label}”`,
      })),
    ];
  }

  /**
   * The stories a developer reopened after `since` (the Failed verdict) and closed again after that, read
   * from each issue's timeline, a few at a time. Issues the token cannot see are left out.
   */
  async movedSince(
    credentials: TrackerCredentials,
    stories: ReadonlyArray<{ key: string; since: Date }>,
  ): Promise<Set<string>> {
    const moved = new Set<string>();
    const queue = [...stories];
    const worker = async () => {
      for (let story = queue.shift(); story !== undefined; story = queue.shift()) {
        const ref = repoOfKey(story.key) === undefined ? undefined : issueRefOf(story.key);
        const events = ref && (await this.timeline(credentials, ref).catch(absentWhenNotFound));
        if (events && reopenedAndClosedSince(events, story.since)) moved.add(story.key);
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, queue.length) }, worker));
    return moved;
  }

  writeVerdict(
    credentials: TrackerCredentials,
    key: string,
    writeBack: VerdictWriteBack,
  ): Promise<VerdictWritten> {
    const ref = issueRefOf(key);
    return writeVerdictWith(
      {
        findComment: (marker) => this.findComment(credentials, ref, marker),
        addComment: async () => {
          const request = {
            method: 'POST' as const,
            path: issuePath(ref, 'comments'),
            body: { body: verdictMarkdown(writeBack.verdict) },
          };
          return String((await this.http.call(credentials, request, commentSchema, 'comment')).id);
        },
        move: (move) => this.move(credentials, ref, move.id),
      },
      writeBack,
    );
  }

  withOptions(overrides: TrackerOptions): Tracker {
    return new GitHubTracker({ ...this.options, ...overrides });
  }

  private async findComment(credentials: TrackerCredentials, ref: GitHubIssueRef, marker: string) {
    const request = { path: issuePath(ref, 'comments') };
    for await (const page of this.http.pages(credentials, request, commentSchema, 'comments')) {
      const found = page.find((comment) => comment.body?.includes(marker));
      if (found) return String(found.id);
    }
    return undefined;
  }

  private async move(credentials: TrackerCredentials, ref: GitHubIssueRef, moveId: string): Promise<void> {
    const [first, second] = moveId.split(/\+(?=label:)/);
    const reopen = first === REOPEN;
    const label = [first, second].find((part) => part?.startsWith(LABEL))?.slice(LABEL.length);
    if (!reopen && label === undefined) {
      throw new TrackerError('rejected', `GitHub has no move ${JSON.stringify(moveId)} for an issue.`);
    }
    if (label !== undefined) {
      const request = { method: 'POST' as const, path: issuePath(ref, 'labels'), body: { labels: [label] } };
      await this.http.call(credentials, request, labelsSchema, 'labels');
    }
    if (reopen) {
      const request = { method: 'PATCH' as const, path: issuePath(ref), body: { state: 'open' } };
      await this.http.call(credentials, request, issueSchema, 'reopen');
    }
  }

  private async labels(credentials: TrackerCredentials, repo: string): Promise<string[]> {
    const names: string[] = [];
    const request = { path: repoPath(repo, 'labels') };
    for await (const page of this.http.pages(credentials, request, labelSchema, 'labels')) {
      names.push(...page.map((label) => label.name));
    }
    return names;
  }

  private async timeline(credentials: TrackerCredentials, ref: GitHubIssueRef) {
    const events: GitHubTimelineEvent[] = [];
    const request = { path: issuePath(ref, 'timeline') };
    for await (const page of this.http.pages(credentials, request, timelineEventSchema, 'timeline')) {
      events.push(...page);
    }
    return events;
  }
}

function absentWhenNotFound(error: unknown): undefined {
  if (error instanceof TrackerError && error.failure === 'not-found') return undefined;
  throw error;
}

/** Whether the timeline has a `reopened` after `since` followed by a `closed` (a fix to test again). */
function reopenedAndClosedSince(events: readonly GitHubTimelineEvent[], since: Date): boolean {
  let reopened = false;
  for (const event of events) {
    const at = Date.parse(event.created_at ?? '');
    if (Number.isNaN(at) || at <= since.getTime()) continue;
    if (event.event === 'reopened') reopened = true;
    else if (event.event === 'closed' && reopened) return true;
  }
  return false;
}

function endpointOf(options: TrackerClientOptions) {
  return typeof options.endpoint === 'function' ? options.endpoint() : options.endpoint;
}
