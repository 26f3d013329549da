import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGitHub, startFakeGitHub } from '../../testing/fake-github.ts';
import { OutboundError, OutboundGuard, parseAllowedHosts } from '../outbound.ts';
import type { TrackerClientOptions } from '../tracker.ts';
import { TrackerError } from '../tracker-errors.ts';
import { GITHUB_API_VERSION, nextLink } from './github-http.ts';
import { GitHubTracker } from './github-tracker.ts';

const TOKEN = 'github_pat_11AAAAAAA0joe';
const READ_ONLY = 'ghp_readonlyreadonlyreadonly';
const credentials = { email: 'joe@agency.example', apiToken: TOKEN };
const NOW = Date.parse('2026-11-26T09:00:00Z');
let clock = NOW;

let github: FakeGitHub;
beforeAll(async () => {
  github = await startFakeGitHub({
    users: [
      { login: 'joe', id: 1, token: TOKEN },
      { login: 'reader', id: 2, token: READ_ONLY, canWrite: false },
    ],
    now: () => clock,
  });
});
afterAll(() => github.close());
afterEach(() => {
  // Every request the adapter made, and every answer the double gave, fits GitHub's REST description.
  expect(github.problems).toEqual([]);
  github.requests.length = 0;
  github.repos.length = 0;
  github.issues.length = 0;
  github.comments.length = 0;
  github.events.length = 0;
  github.labels.clear();
  github.maxPageSize = 100;
  clock = NOW;
});

function tracker(overrides: Partial<TrackerClientOptions> = {}) {
  const sleeps: number[] = [];
  const instance = new GitHubTracker({
    endpoint: { baseUrl: github.url },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => NOW,
    random: () => 0,
    ...overrides,
  });
  return { tracker: instance, sleeps };
}

async function failure(promise: Promise<unknown>): Promise<TrackerError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TrackerError);
  return error as TrackerError;
}

/** A comment's Markdown without its fenced code blocks and code spans (as GFM closes them). */
function outsideCode(markdown: string): string {
  const kept: string[] = [];
  let fence: string | undefined;
  for (const line of markdown.split('\n')) {
    const run = /^(`{3,})\s*$/.exec(line)?.[1];
    if (fence === undefined && /^`{3,}/.test(line)) fence = /^`+/.exec(line)?.[0];
    else if (fence !== undefined && run && run.length >= fence.length) fence = undefined;
    else if (fence === undefined) kept.push(line);
  }
  expect(fence).toBeUndefined();
  // A code span: a run of backticks, then anything up to the same run (https://github.github.com/gfm/#code-spans).
  return kept.join('\n').replace(/(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, '');
}

const closed = (repo: string, number: number, title: string, body: string | null = null) => ({
  repo,
  number,
  title,
  body,
  state: 'closed' as const,
  state_reason: 'completed' as const,
  labels: [] as string[],
});

describe('GitHub Issues', () => {
  it('lists the repositories the token reads, across pages by the Link header, with GitHub’s headers', async () => {
    github.maxPageSize = 2;
    github.repos.push('acme/web', 'acme/api', 'joe/site', 'acme/docs', 'acme/app');
    const { tracker: t } = tracker();
    const projects = await t.listProjects(credentials);
    expect(projects.map((p) => p.key)).toEqual(['acme/web', 'acme/api', 'joe/site', 'acme/docs', 'acme/app']);
    expect(github.requests.map((r) => r.query.get('page') ?? '1')).toEqual(['1', '2', '3']);
    const [first] = github.requests;
    expect(first?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(first?.headers['x-github-api-version']).toBe(GITHUB_API_VERSION);
    expect(first?.headers.accept).toBe('application/vnd.github+json');
  });

  it('reads the finished stories: closed as completed, no pull requests, steps after #test# from Markdown', async () => {
    github.repos.push('acme/web');
    github.maxPageSize = 2;
    github.issues.push(
      {
        ...closed(
          'acme/web',
          1,
          'Sign-in',
          'As a user I sign in.\n\n#test#\n1. Open [the page](https://app.example/in)\n- [ ] Press **Sign in**',
        ),
        milestone: 'Spring release',
        milestoneNumber: 3,
        type: { id: 41, name: 'Feature' },
      },
      { ...closed('acme/web', 2, 'Not planned'), state_reason: 'not_planned' },
      { ...closed('acme/web', 3, 'A pull request'), pullRequest: true },
      { ...closed('acme/web', 4, 'Still open'), state: 'open', state_reason: null },
      closed('acme/web', 5, 'Export', null),
      { ...closed('acme/web', 10, 'Legacy close'), state_reason: null },
    );
    const { tracker: t } = tracker();
    const stories = await t.searchStories(credentials, { project: 'acme/web', states: ['Closed'] });
    expect(stories.map((s) => s.key)).toEqual(['acme/web#1', 'acme/web#5', 'acme/web#10']);
    expect(stories[0]).toEqual({
      key: 'acme/web#1',
      title: 'Sign-in',
      state: 'Closed',
      url: `${github.url}/acme/web/issues/1`,
      text: 'As a user I sign in.',
      testSteps: ['Open the page (https://app.example/in)', 'Press Sign in'],
      // The milestone is the epic (ordered by its number), GitHub's issue type the type.
      epic: { id: '3', name: 'Spring release', order: 3 },
      type: { id: '41', name: 'Feature', order: 41 },
    });
    expect(stories[1]).toMatchObject({ text: '', testSteps: [], epic: null, type: null });
    expect(github.requests[0]?.query.get('state')).toBe('closed');
    expect(github.requests.length).toBe(3);
    expect(t.projectOfKey('acme/web#10')).toBe('acme/web');
    expect(t.projectOfKey('ABC-1')).toBeUndefined();
  });

  it('offers Closed and the repository’s labels, and reads a label state on open and closed issues', async () => {
    github.repos.push('acme/web');
    github.labels.set('acme/web', ['bug', 'ready for testing']);
    github.issues.push(
      {
        ...closed('acme/web', 7, 'Labelled open'),
        state: 'open',
        state_reason: null,
        labels: ['ready for testing'],
      },
      { ...closed('acme/web', 8, 'Labelled closed'), labels: ['ready for testing', 'bug'] },
      closed('acme/web', 9, 'Unlabelled'),
    );
    const { tracker: t } = tracker();
    expect(await t.listStates(credentials, 'acme/web')).toEqual(['Closed', 'bug', 'ready for testing']);
    const labelled = await t.searchStories(credentials, {
      project: 'acme/web',
      states: ['ready for testing'],
    });
    expect(labelled.map((s) => `${s.key} ${s.state}`)).toEqual([
      'acme/web#7 ready for testing',
      'acme/web#8 ready for testing',
    ]);
    const both = await t.searchStories(credentials, {
      project: 'acme/web',
      states: ['Closed', 'ready for testing'],
    });
    expect(both.map((s) => `${s.key} ${s.state}`)).toEqual([
      'acme/web#7 ready for testing',
      'acme/web#8 Closed',
      'acme/web#9 Closed',
    ]);
    const keyed = await t.searchStories(credentials, {
      project: 'acme/web',
      states: ['Closed'],
      keys: ['acme/web#9', 'acme/web#7', 'acme/web#404'],
    });
    expect(keyed.map((s) => s.key)).toEqual(['acme/web#9']);
    expect(
      (await failure(t.searchStories(credentials, { project: 'acme/web', states: [], sprint: 'current' })))
        .code,
    ).toBe('TRACKER_QUERY_UNSUPPORTED');
  });

  it('writes a verdict as a comment in which the client’s Markdown is inert, once', async () => {
    github.repos.push('acme/web');
    github.issues.push(closed('acme/web', 1, 'Sign-in'));
    const hostile = [
      '@someone look ![x](http://evil) [click](http://evil) <script>alert(1)</script>',
      '```',
      'closing ```` fence',
      '# not a heading',
    ].join('\n');
    const { tracker: t } = tracker();
    const recorded: string[] = [];
    const writeBack = {
      verdict: {
        id: 'v-1',
        verdict: 'failed' as const,
        comment: hostile,
        sentAt: new Date(NOW),
        subject: 'Release *1* @team',
        reviewer: '@boss <b>',
      },
      writtenCommentId: null,
      mayHaveWritten: false,
      move: null,
      commented: async (id: string) => {
        recorded.push(id);
      },
    };
    const { commentId } = await t.writeVerdict(credentials, 'acme/web#1', writeBack);
    expect(recorded).toEqual([commentId]);
    const body = github.comments.find((c) => String(c.id) === commentId)?.body ?? '';
    // The client's text sits in a fence of five backticks: longer than its longest run (four).
    const lines = body.split('\n');
    const open = lines.indexOf('`````text');
    expect(lines.slice(open + 1, lines.indexOf('`````', open + 1))).toEqual(hostile.split('\n'));
    // Outside fences and code spans nothing can mention, link, show an image or open HTML.
    expect(outsideCode(body)).not.toMatch(/@|<|\]\(|evil/);
    // A retry that may have written it finds it by its marker instead of writing it again.
    await t.writeVerdict(credentials, 'acme/web#1', { ...writeBack, mayHaveWritten: true });
    expect(github.comments).toHaveLength(1);
    expect(recorded).toEqual([commentId, commentId]);
  });

  it('lists Failed moves from the labels, reopens and labels the issue, and detects the re-test in the timeline', async () => {
    github.repos.push('acme/web');
    github.labels.set('acme/web', ['needs work']);
    github.issues.push(closed('acme/web', 1, 'Sign-in'));
    github.events.push({
      id: 1,
      repo: 'acme/web',
      number: 1,
      event: 'reopened',
      at: '2026-11-19T09:00:00Z',
      actor: 'joe',
    });
    github.events.push({
      id: 2,
      repo: 'acme/web',
      number: 1,
      event: 'closed',
      at: '2026-11-20T09:00:00Z',
      actor: 'joe',
    });
    const { tracker: t } = tracker();
    const moves = await t.listMoves(credentials, 'acme/web');
    expect(moves.map((a) => a.name)).toEqual([
      'Reopen the issue',
      'Add the label “needs work”',
      'Reopen the issue and add the label “needs work”',
    ]);
    const failedAt = new Date('2026-11-26T09:30:00Z');
    // Reopened and closed before the verdict: no re-test.
    const since = [
      { key: 'acme/web#1', since: failedAt },
      { key: 'acme/gone#3', since: failedAt },
    ];
    expect(await t.movedSince(credentials, since)).toEqual(new Set());
    clock = Date.parse('2026-11-26T10:00:00Z');
    const written = await t.writeVerdict(credentials, 'acme/web#1', {
      verdict: { id: 'v-2', verdict: 'failed', comment: null, sentAt: new Date(NOW), subject: null },
      writtenCommentId: null,
      mayHaveWritten: false,
      move: moves[2]!,
      commented: async () => {},
    });
    expect(written.moveRefused).toBeNull();
    expect(github.issues[0]).toMatchObject({ state: 'open', labels: ['needs work'] });
    expect(await t.searchStories(credentials, { project: 'acme/web', states: ['Closed'] })).toEqual([]);
    // Reopened, not closed yet: no re-test.
    expect(await t.movedSince(credentials, since)).toEqual(new Set());
    clock = Date.parse('2026-11-27T08:00:00Z');
    github.closeIssue('acme/web', 1, 'joe');
    expect(await t.movedSince(credentials, since)).toEqual(new Set(['acme/web#1']));
  });

  it('reports a move GitHub refuses for good, with the comment written', async () => {
    github.repos.push('acme/web');
    github.issues.push(closed('acme/web', 1, 'Sign-in'));
    github.failNext(
      { status: 201, body: { id: 1 } },
      {
        status: 422,
        body: { message: 'Validation Failed', documentation_url: 'https://docs.github.com/rest' },
      },
    );
    const { tracker: t } = tracker();
    const written = await t.writeVerdict(credentials, 'acme/web#1', {
      verdict: { id: 'v-3', verdict: 'failed', comment: null, sentAt: new Date(NOW), subject: null },
      writtenCommentId: null,
      mayHaveWritten: false,
      move: { id: 'label:needs work', name: 'Add the label “needs work”' },
      commented: async () => {},
    });
    expect(written.commentId).toBe('1');
    expect(written.moveRefused?.message).toBe('GitHub refused the request: Validation Failed');
  });

  it('waits out GitHub’s rate limits: a secondary limit’s Retry-After, a primary limit until its reset', async () => {
    github.repos.push('acme/web');
    github.failNext(
      {
        status: 403,
        headers: { 'retry-after': '3' },
        body: { message: 'You have exceeded a secondary rate limit.' },
      },
      {
        status: 429,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 5) },
        body: { message: 'API rate limit exceeded' },
      },
    );
    const { tracker: t, sleeps } = tracker();
    expect((await t.listProjects(credentials)).map((p) => p.key)).toEqual(['acme/web']);
    expect(sleeps).toEqual([3_000, 5_000]);
  });

  it('fails with the wait when the limit resets later than we wait', async () => {
    github.failNext({
      status: 403,
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(NOW / 1000 + 1800) },
      body: { message: 'API rate limit exceeded for user ID 1.' },
    });
    const { tracker: t, sleeps } = tracker();
    const error = await failure(t.listProjects(credentials));
    expect(error).toMatchObject({ failure: 'rate-limited', retryAfterMs: 1_800_000 });
    expect(error.message).toBe("GitHub is rate-limiting this token's requests; try again in 1800 s.");
    expect(sleeps).toEqual([]);
  });

  it('says what is wrong: a bad token, a missing permission, an unknown repository', async () => {
    github.repos.push('acme/web');
    github.issues.push(closed('acme/web', 1, 'Sign-in'));
    const { tracker: t } = tracker();
    const bad = await failure(t.checkCredential({ email: 'joe@agency.example', apiToken: 'ghp_wrong' }));
    expect(bad).toMatchObject({
      failure: 'credential-refused',
      code: 'TRACKER_AUTH_REFUSED',
      statusCode: 403,
    });
    expect(bad.message).toMatch(/^GitHub refused the personal access token of joe@agency\.example/);
    await t.checkCredential(credentials);
    const readOnly = { email: 'r@agency.example', apiToken: READ_ONLY };
    const forbidden = await failure(
      t.writeVerdict(readOnly, 'acme/web#1', {
        verdict: { id: 'v', verdict: 'passed', comment: null, sentAt: new Date(NOW), subject: null },
        writtenCommentId: null,
        mayHaveWritten: false,
        move: null,
        commented: async () => {},
      }),
    );
    expect(forbidden.failure).toBe('no-permission');
    expect(forbidden.message).toContain('lacks the permission issues=write');
    const missing = await failure(t.searchStories(credentials, { project: 'acme/gone', states: ['Closed'] }));
    expect(missing).toMatchObject({ failure: 'not-found', code: 'TRACKER_NOT_FOUND', statusCode: 404 });
    expect(missing.message).toMatch(/^GitHub has no such repository or issue that this token can read/);
    const notRepo = await failure(t.searchStories(credentials, { project: 'no repo', states: ['Closed'] }));
    expect(notRepo.failure).toBe('not-found');
  });

  it('checks an Enterprise Server site with GET /meta under /api/v3, then the token with GET /user', async () => {
    const ghes = await startFakeGitHub({ enterprise: true, users: [{ login: 'joe', id: 1, token: TOKEN }] });
    try {
      const t = new GitHubTracker({ endpoint: { baseUrl: ghes.url } });
      await t.checkSite();
      await t.checkCredential(credentials);
      expect(ghes.requests.map((r) => r.path)).toEqual(['/api/v3/meta', '/api/v3/user']);
      expect(ghes.requests[0]?.headers.authorization).toBeUndefined();
      // A base URL that is not GitHub's API (here the web root, which has no /api/v3/meta) is said so.
      const notApi = new GitHubTracker({ endpoint: { baseUrl: ghes.url.replace('/api/v3', '') } });
      const refused = await failure(notApi.checkSite());
      expect(refused).toMatchObject({ code: 'SITE_NOT_GITHUB', statusCode: 400 });
      expect(ghes.problems).toEqual([]);
    } finally {
      await ghes.close();
    }
  });

  it('follows a Link only on the API’s own address', async () => {
    expect(
      nextLink('<https://api.github.com/user/repos?page=2>; rel="next", <https://x/?page=9>; rel="last"'),
    ).toBe('https://api.github.com/user/repos?page=2');
    expect(nextLink('<https://x/?page=9>; rel="last"')).toBeUndefined();
    github.repos.push('acme/web');
    github.failNext({
      status: 200,
      body: [],
      headers: { link: '<https://evil.example/user/repos?page=2>; rel="next"' },
    });
    const { tracker: t } = tracker();
    expect((await failure(t.listProjects(credentials))).failure).toBe('unexpected');
  });

  it('reaches GitHub only through the outbound guard: an internal host needs TRACKER_ALLOWED_HOSTS, a redirect is refused', async () => {
    github.repos.push('acme/web');
    const refusing = new OutboundGuard({ allowed: parseAllowedHosts('').allowed });
    const allowing = new OutboundGuard({ allowed: parseAllowedHosts('127.0.0.1').allowed });
    try {
      const through = (guard: OutboundGuard) =>
        new GitHubTracker({ endpoint: { baseUrl: github.url, fetch: guard.fetch }, maxAttempts: 1 });
      const refused = await through(refusing)
        .listProjects(credentials)
        .catch((e: unknown) => e);
      expect(refused).toMatchObject({ code: 'SITE_NOT_PUBLIC' });
      expect(github.requests).toEqual([]);
      expect((await through(allowing).listProjects(credentials)).map((p) => p.key)).toEqual(['acme/web']);
      github.failNext({ status: 301, headers: { location: 'http://169.254.169.254/latest' } });
      const redirected = await through(allowing)
        .listProjects(credentials)
        .catch((e: unknown) => e);
      expect(redirected).toBeInstanceOf(OutboundError);
    } finally {
      await refusing.close();
      await allowing.close();
    }
  });
});
