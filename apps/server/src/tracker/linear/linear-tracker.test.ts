// The Linear adapter against the Linear double (testing/fake-linear.ts), which validates every document
// against Linear's schema and answers by executing it: a document Linear would refuse is a problem, and
// every test ends with none.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sendJson, startFakeJira } from '../../testing/fake-jira.ts';
import { type FakeLinear, linearRateLimited, startFakeLinear } from '../../testing/fake-linear.ts';
import { OutboundError, OutboundGuard, parseAllowedHosts } from '../outbound.ts';
import type { StoryMove, VerdictWriteBack } from '../tracker.ts';
import { TrackerError } from '../tracker-errors.ts';
import { LinearTracker } from './linear-tracker.ts';

const sender = { id: 'u-sam', name: 'Sam Sender', email: 'sam@agency.test', apiKey: 'lin_api_sam' };
const owner = { id: 'u-olga', name: 'Olga Owner', email: 'olga@agency.test', apiKey: 'lin_api_olga' };
const sam = { email: sender.email, apiToken: sender.apiKey };

let linear: FakeLinear;
let waits: number[];
const trackerOf = (baseUrl: string, maxAttempts = 4) =>
  new LinearTracker({
    endpoint: { baseUrl },
    issueTypes: [],
    maxAttempts,
    sleep: async (ms) => {
      waits.push(ms);
    },
  });
let tracker: LinearTracker;

beforeAll(async () => {
  linear = await startFakeLinear({ users: [sender, owner] });
});
afterAll(() => linear.close());
beforeEach(() => {
  waits = [];
  linear.teams.length = 0;
  linear.issues.length = 0;
  linear.comments.length = 0;
  linear.history.length = 0;
  linear.maxPageSize = 250;
  linear.addTeam('ENG', 'Engineering');
  linear.addTeam('OPS', 'Operations');
  tracker = trackerOf(linear.url);
});
afterEach(() => {
  expect(linear.problems).toEqual([]);
});

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as TrackerError,
  );

describe('the Linear adapter: site, key and projects', () => {
  it('recognises Linear by its own refusal, and refuses an address that is not Linear', async () => {
    await expect(tracker.checkSite()).resolves.toBeUndefined();
    expect(linear.requests.at(-1)?.headers).not.toHaveProperty('authorization');
    const other = await startFakeJira();
    try {
      const error = await failure(trackerOf(`${other.url}/graphql`).checkSite());
      expect(error).toBeInstanceOf(TrackerError);
      expect(error?.message).toContain('https://api.linear.app/graphql');
    } finally {
      await other.close();
    }
  });

  it('sends the personal API key alone in Authorization, and says how to get one when refused', async () => {
    await expect(tracker.checkCredential(sam)).resolves.toBeUndefined();
    expect(linear.requests.at(-1)?.headers.authorization).toBe(sender.apiKey);
    const error = await failure(
      tracker.checkCredential({ email: 'x@agency.test', apiToken: 'lin_api_wrong' }),
    );
    expect(error?.failure).toBe('credential-refused');
    expect(error?.message).toContain('Personal API keys');
    expect(error?.message).toContain('x@agency.test');
  });

  it('lists the teams as projects over every page, and a team’s workflow states in Linear’s order', async () => {
    for (let i = 0; i < 5; i++) linear.addTeam(`T${i}`, `Team ${i}`);
    linear.maxPageSize = 2;
    const projects = await tracker.listProjects(sam);
    expect(projects.map((p) => p.key)).toEqual(['ENG', 'OPS', 'T0', 'T1', 'T2', 'T3', 'T4']);
    expect(projects[0]).toEqual({ key: 'ENG', name: 'Engineering' });
    expect(linear.requests.length).toBeGreaterThanOrEqual(4);
    expect(await tracker.listStates(sam, 'ENG')).toEqual([
      'Backlog',
      'Todo',
      'In Progress',
      'In Review',
      'Done',
      'Canceled',
    ]);
    const missing = await failure(tracker.listStates(sam, 'NOPE'));
    expect(missing?.failure).toBe('not-found');
  });

  it('reads a story’s project from its identifier, and only from a Linear identifier', () => {
    expect(tracker.projectOfKey('ENG-123')).toBe('ENG');
    expect(tracker.projectOfKey('A1B-7')).toBe('A1B');
    expect(tracker.projectOfKey('eng-1')).toBeUndefined();
    expect(tracker.projectOfKey('acme/shop#1')).toBeUndefined();
    expect(tracker.projectOfKey('ENG-0')).toBeUndefined();
  });
});

describe('the Linear adapter: stories', () => {
  beforeEach(() => {
    const states = ['Done', 'In Review', 'Todo', 'Done', 'Canceled', 'Done', 'In Review'];
    states.forEach((state, i) => {
      linear.addIssue('ENG', {
        title: `Story ${i + 1}`,
        state,
        inActiveCycle: i < 3,
        ...(i === 0 ? { project: { id: 'project-1', name: 'Checkout', sortOrder: 2.5 } } : {}),
        description:
          i === 0
            ? '## Checkout\nShows the **total**.\n\n#test#\n1. Open [the cart](https://shop.test/cart)\n- [ ] Pay'
            : null,
      });
    });
    linear.addIssue('OPS', { title: 'Elsewhere', state: 'Done' });
  });

  it('finds the completed issues plus the states offered, over several pages, in key order', async () => {
    linear.maxPageSize = 2;
    const stories = await tracker.searchStories(sam, { project: 'ENG', states: ['In Review'] });
    expect(stories.map((s) => `${s.key} ${s.state}`)).toEqual([
      'ENG-1 Done',
      'ENG-2 In Review',
      'ENG-4 Done',
      'ENG-6 Done',
      'ENG-7 In Review',
    ]);
    expect(stories[0]).toEqual({
      key: 'ENG-1',
      title: 'Story 1',
      state: 'Done',
      url: 'https://linear.app/handoff-test/issue/eng-1',
      text: 'Checkout\nShows the total.',
      testSteps: ['Open the cart (https://shop.test/cart)', 'Pay'],
      // Its project is the epic (in Linear's sort order); Linear has no issue types.
      epic: { id: 'project-1', name: 'Checkout', order: 2.5 },
      type: null,
    });
    expect(stories[1]).toMatchObject({ text: '', testSteps: [], epic: null, type: null });
  });

  it('finds the keys asked for (its own team’s only), every state; the active cycle; a cycle as a release', async () => {
    const byKey = await tracker.searchStories(sam, {
      project: 'ENG',
      states: [],
      keys: ['ENG-5', 'ENG-3', 'OPS-1', 'ENG-99'],
    });
    expect(byKey.map((s) => s.key)).toEqual(['ENG-3', 'ENG-5']);
    expect(await tracker.searchStories(sam, { project: 'ENG', states: [], keys: ['OPS-1'] })).toEqual([]);
    const cycle = await tracker.searchStories(sam, { project: 'ENG', states: ['Todo'], sprint: 'current' });
    expect(cycle.map((s) => s.key)).toEqual(['ENG-1', 'ENG-3']);
    // A cycle no issue is in (releases.test.ts reads one with issues).
    expect(
      await tracker.searchStories(sam, {
        project: 'ENG',
        states: [],
        release: { id: 'no-cycle', name: 'v1' },
      }),
    ).toEqual([]);
  });

  it('waits out RATELIMITED (HTTP 400 and 429) until Linear’s reset, then gives up with the wait', async () => {
    linear.failNext(linearRateLimited(3_000), linearRateLimited(2_000, 429));
    const stories = await tracker.searchStories(sam, { project: 'ENG', states: [] });
    expect(stories).toHaveLength(7);
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThan(2_000);
    expect(waits[0]).toBeLessThanOrEqual(3_250);
    linear.failNext(linearRateLimited(1_000), linearRateLimited(1_000));
    const error = await failure(trackerOf(linear.url, 2).searchStories(sam, { project: 'ENG', states: [] }));
    expect(error?.failure).toBe('rate-limited');
    expect(error?.retryAfterMs).toBeLessThanOrEqual(1_000);
    expect(error?.message).toMatch(/^Linear is rate-limiting requests; try again in \d s\.$/);
  });
});

describe('the Linear adapter: verdicts and re-tests', () => {
  let inProgress: StoryMove;
  beforeEach(async () => {
    linear.addIssue('ENG', { title: 'Checkout', state: 'Done' });
    linear.addIssue('ENG', { title: 'Login', state: 'Done' });
    const moves = await tracker.listMoves(sam, 'ENG');
    inProgress = moves.find((move) => move.name === 'In Progress')!;
  });

  const hostile = [
    'Broken, ask @someone',
    '![x](http://evil.test/pixel.png) and [click](http://evil.test)',
    '```',
    '<script>alert(1)</script>',
    '````` **bold** `',
  ].join('\n');
  const writeBack = (overrides: Partial<VerdictWriteBack> = {}): VerdictWriteBack => ({
    verdict: {
      id: 'verdict-1',
      verdict: 'failed',
      comment: hostile,
      sentAt: new Date('2026-11-20T10:00:00Z'),
      subject: 'Request for Testing',
      reviewer: 'Mallory [x](http://evil.test)',
    },
    writtenCommentId: null,
    mayHaveWritten: false,
    move: null,
    commented: async () => {},
    ...overrides,
  });

  it('comments with the sender’s key, the client’s Markdown inert, and Failed moves the issue', async () => {
    const recorded: string[] = [];
    const written = await tracker.writeVerdict(
      sam,
      'ENG-1',
      writeBack({ move: inProgress, commented: async (id) => void recorded.push(id) }),
    );
    expect(written.moveRefused).toBeNull();
    expect(recorded).toEqual([written.commentId]);
    const [comment] = linear.comments;
    expect(comment).toMatchObject({ id: written.commentId, author: 'Sam Sender' });
    // The client's lines sit in one fenced block whose fence is longer than any backtick run in them.
    const fenced = /^(`{6,})text\n([\s\S]*?)\n\1$/m.exec(comment!.body);
    expect(fenced?.[2]).toBe(hostile);
    const outside = comment!.body.replace(fenced![0], '').replace(/(`+) .*? \1/g, '');
    for (const active of ['@someone', '![x]', 'http://evil', '<script>', '**bold**']) {
      expect(outside).not.toContain(active);
    }
    expect(comment!.body).toContain('Handoff verdict verdict-1');
    expect(linear.issues[0]!.stateName).toBe('In Progress');
    expect(linear.history).toMatchObject([{ from: 'Done', to: 'In Progress', actor: 'Sam Sender' }]);
  });

  it('finds a comment an earlier attempt wrote instead of writing it twice', async () => {
    const first = await tracker.writeVerdict(sam, 'ENG-2', writeBack());
    const again = await tracker.writeVerdict(sam, 'ENG-2', writeBack({ mayHaveWritten: true }));
    expect(again.commentId).toBe(first.commentId);
    expect(linear.comments).toHaveLength(1);
  });

  it('names the issue Linear does not have', async () => {
    const error = await failure(tracker.writeVerdict(sam, 'ENG-404', writeBack()));
    expect(error?.failure).toBe('not-found');
    expect(error?.message).toBe('Linear has no issue ENG-404 that this API key can see.');
    expect(linear.problems).toEqual([]);
  });

  it('reads re-tests from the history: a state change after the verdict, over several pages', async () => {
    linear.moveIssue('ENG-1', 'Todo'); // before the verdict
    await new Promise((resolve) => setTimeout(resolve, 5));
    const failedAt = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    linear.maxPageSize = 1;
    linear.moveIssue('ENG-1', 'In Progress', 'Dev');
    linear.moveIssue('ENG-1', 'Done', 'Dev');
    const moved = await tracker.movedSince(sam, [
      { key: 'ENG-1', since: failedAt },
      { key: 'ENG-2', since: failedAt },
      { key: 'ENG-404', since: failedAt },
    ]);
    expect([...moved]).toEqual(['ENG-1']);
    expect(linear.problems).toEqual([]);
  });
});

describe('the Linear adapter: reaching Linear', () => {
  it('goes only through the outbound guard: loopback needs TRACKER_ALLOWED_HOSTS, a redirect is refused', async () => {
    const refusing = new OutboundGuard({ allowed: parseAllowedHosts('').allowed });
    const allowing = new OutboundGuard({ allowed: parseAllowedHosts('127.0.0.1').allowed });
    const through = (guard: OutboundGuard) =>
      new LinearTracker({
        endpoint: { baseUrl: linear.url, fetch: guard.fetch },
        issueTypes: [],
        maxAttempts: 1,
      });
    try {
      const before = linear.requests.length;
      const refused = await failure(through(refusing).checkCredential(sam));
      expect(refused).toMatchObject({ code: 'SITE_NOT_PUBLIC' });
      expect(linear.requests.length).toBe(before);
      await expect(through(allowing).checkCredential(sam)).resolves.toBeUndefined();
      linear.failNext({ status: 307, headers: { location: 'http://169.254.169.254/latest' } });
      expect(await failure(through(allowing).checkCredential(sam))).toBeInstanceOf(OutboundError);
    } finally {
      await refusing.close();
      await allowing.close();
    }
  });

  it('says in Linear’s words what went wrong: no permission, an outage, a refusal, an answer it cannot read', async () => {
    const refusal = (code: string, message: string) => ({
      errors: [{ message, extensions: { code, type: code.toLowerCase(), userPresentableMessage: message } }],
    });
    const cases = [
      {
        status: 400,
        body: refusal('FORBIDDEN', 'No access to team'),
        failure: 'no-permission',
        says: /lacks permission/,
      },
      { status: 503, body: {}, failure: 'unreachable', says: /Linear had a problem answering \(HTTP 503\)/ },
      {
        status: 400,
        body: refusal('INVALID_INPUT', 'Argument Validation Error'),
        failure: 'rejected',
        says: /^Linear refused the request: Argument Validation Error\.$/,
      },
      { status: 200, body: refusal('INTERNAL_ERROR', 'Oops'), failure: 'rejected', says: /Oops/ },
      { status: 200, body: { data: { viewer: { id: 1 } } }, failure: 'unexpected', says: /unexpected/ },
    ] as const;
    const quick = trackerOf(linear.url, 1);
    for (const { status, body, failure: expected, says } of cases) {
      linear.failNext({ status, body });
      const error = await failure(quick.checkCredential(sam));
      expect(error?.failure, JSON.stringify(body)).toBe(expected);
      expect(error?.message).toMatch(says);
    }
    const html = await startFakeJira((_request, response) => sendJson(response, 200, '<html>'));
    try {
      expect((await failure(trackerOf(html.url, 1).checkCredential(sam)))?.failure).toBe('unexpected');
    } finally {
      await html.close();
    }
  });
});

describe('the Linear double', () => {
  it('refuses a document Linear would refuse, and counts it as a problem', async () => {
    const response = await fetch(linear.url, {
      method: 'POST',
      headers: { authorization: sender.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ issues(first: 1) { nodes { identifier assignee { login } } } }' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: Array<{ extensions: { code: string } }> };
    expect(body.errors[0]?.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(linear.problems).toHaveLength(1);
    linear.problems.length = 0;
  });
});
