import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeJiraDc, startFakeJiraDc } from '../../testing/fake-jira-dc.ts';
import { JiraCloudTracker } from '../cloud/cloud-tracker.ts';
import type { JiraClientOptions } from '../jira-http.ts';
import { checkSiteKind } from '../site-check.ts';
import type { VerdictComment, VerdictWriteBack } from '../tracker.ts';
import { TrackerError } from '../tracker-errors.ts';
import { JiraDataCenterTracker } from './dc-tracker.ts';

const PAT = 'NjE0MzQ1Njc4OTAxOkpvZSBQQVQ=';
const credentials = { email: 'joe@bank.example', apiToken: PAT };
const NOW = Date.parse('2026-11-26T09:00:00Z');

let dc: FakeJiraDc;
beforeAll(async () => {
  dc = await startFakeJiraDc({
    users: [{ name: 'joe', displayName: 'Joe Banks', emailAddress: 'joe@bank.example', token: PAT }],
    projects: [
      { key: 'PAY', name: 'Payments' },
      { key: 'ACC', name: 'Accounts' },
    ],
  });
});
afterAll(() => dc.close());
afterEach(() => {
  // Every request the client made, and every answer the double gave, fits Atlassian's DC document.
  expect(dc.problems).toEqual([]);
  dc.requests.length = 0;
  dc.issues.length = 0;
  dc.comments.length = 0;
  dc.maxPageSize = 50;
});

function tracker(overrides: Partial<JiraClientOptions> = {}) {
  const sleeps: number[] = [];
  const instance = new JiraDataCenterTracker({
    endpoint: { baseUrl: dc.url },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => NOW,
    random: () => 0,
    ...overrides,
  });
  return { tracker: instance, sleeps };
}

/** A write-back of a verdict with nothing written yet; the comment ids it records land in `recorded`. */
const recorded: string[] = [];
function writeBack(verdict: VerdictComment, overrides: Partial<VerdictWriteBack> = {}): VerdictWriteBack {
  return {
    verdict,
    writtenCommentId: null,
    mayHaveWritten: false,
    move: null,
    commented: async (id) => {
      recorded.push(id);
    },
    ...overrides,
  };
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

describe('Jira Data Center', () => {
  it('lists projects from /rest/api/2/project under the context path, with a Bearer PAT', async () => {
    const { tracker: t } = tracker();
    expect(await t.listProjects(credentials)).toEqual([
      { name: 'Accounts', key: 'ACC' },
      { name: 'Payments', key: 'PAY' },
    ]);
    const [request] = dc.requests;
    expect(request?.path).toBe('/jira/rest/api/2/project');
    expect(request?.headers.authorization).toBe(`Bearer ${PAT}`);
  });

  it('pages the search by startAt until total, asking for the maxResults the server applied', async () => {
    dc.maxPageSize = 40;
    for (let i = 1; i <= 130; i++) {
      dc.issues.push({
        key: `PAY-${i}`,
        summary: `Story ${i}`,
        status: i % 2 ? 'Done' : 'Testing',
        description: `As a payer.\n\n#test#\n# Open the page *${i}*\n* Check the {{total}}`,
        ...(i === 1 ? { parent: { id: '31000', key: 'PAY-900', summary: 'Payments' } } : {}),
        ...(i === 3 ? { issueType: { id: '10004', name: 'Bug' } } : {}),
      });
    }
    const { tracker: t } = tracker();
    const stories = await t.searchStories(credentials, { project: 'PAY', states: ['Done'] });
    expect(stories).toHaveLength(65);
    // The site's fields first (its Epic Link field's id), then the search pages.
    expect(dc.requests[0]).toMatchObject({ method: 'GET', path: '/jira/rest/api/2/field' });
    const searches = dc.requests.slice(1);
    const bodies = searches.map((r) => r.json as { startAt: number; maxResults: number; fields: string[] });
    expect(bodies.map((b) => [b.startAt, b.maxResults])).toEqual([
      [0, 100],
      [40, 40],
    ]);
    expect(bodies[0]?.fields).toEqual([
      'summary',
      'description',
      'status',
      'parent',
      'issuetype',
      'customfield_10100',
    ]);
    expect(searches.every((r) => r.method === 'POST' && r.path === '/jira/rest/api/2/search')).toBe(true);
    // The wiki description reaches the rest of Handoff as text and steps, markup gone.
    expect(stories[0]).toEqual({
      key: 'PAY-1',
      title: 'Story 1',
      state: 'Done',
      url: `${dc.url}/browse/PAY-1`,
      text: 'As a payer.',
      testSteps: ['Open the page 1', 'Check the total'],
      // Its parent epic and issue type, ordered by their ids (Jira gives no rank with an issue).
      epic: { id: '31000', name: 'Payments', order: 31000 },
      type: { id: '10001', name: 'Story', order: 10001 },
    });
    expect(stories[1]).toMatchObject({ epic: null, type: { id: '10004', name: 'Bug', order: 10004 } });
  });

  it('reads the epic an Epic Link names (the custom field the site lists), by the epic’s summary', async () => {
    dc.issues.push(
      { key: 'PAY-1', summary: 'Pay', description: null, status: 'Done', epicLink: 'PAY-9' },
      { key: 'PAY-2', summary: 'Refund', description: null, status: 'Done' },
      { key: 'PAY-9', summary: 'Payments', description: null, status: 'In Progress' },
    );
    const { tracker: t } = tracker();
    const stories = await t.searchStories(credentials, { project: 'PAY', states: ['Done'] });
    expect(stories.map(({ key, epic }) => [key, epic])).toEqual([
      ['PAY-1', { id: String(30_002), name: 'Payments', order: 30_002 }],
      ['PAY-2', null],
    ]);
    // The field list once per tracker: a second search asks only for the stories and their epics.
    dc.requests.length = 0;
    await t.searchStories(credentials, { project: 'PAY', states: ['Done'] });
    expect(dc.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /jira/rest/api/2/search',
      'POST /jira/rest/api/2/search',
    ]);
    expect(dc.requests[1]?.json).toMatchObject({ jql: 'key in ("PAY-9")', fields: ['summary'] });
  });

  it('writes a verdict as wiki markup in which nothing the client typed becomes markup, and finds it again', async () => {
    dc.issues.push({ key: 'PAY-1', summary: 's', description: null, status: 'Testing' });
    const { tracker: t } = tracker();
    const typed =
      '[~admin] see [here|http://evil.example] !x.png! *bold* {noformat}\nh1. Big {color:red}x{color}';
    const verdict = {
      id: 'v-1',
      verdict: 'failed' as const,
      comment: typed,
      sentAt: new Date(NOW),
      subject: 'Request for Testing',
    };
    const { commentId: id, moveRefused } = await t.writeVerdict(credentials, 'PAY-1', writeBack(verdict));
    expect(moveRefused).toBeNull();
    expect(recorded.at(-1)).toBe(id);
    const [comment] = dc.comments;
    expect(comment?.id).toBe(id);
    const lines = comment!.body.split('\n');
    expect(lines[0]).toBe('*Client review: Failed*');
    // The client's words sit alone inside one {noformat} block, which nothing in them can close.
    const open = lines.indexOf('{noformat}');
    const close = lines.lastIndexOf('{noformat}');
    expect(close - open).toBe(3);
    expect(lines.filter((l) => l === '{noformat}')).toHaveLength(2);
    expect(lines[open + 1]).toContain('[~admin] see [here|http://evil.example] !x.png! *bold*');
    expect(lines[open + 1]).not.toContain('{noformat}');
    expect(lines[open + 2]).toBe('h1. Big {color:red}x{color}');
    expect(lines.at(-1)).toBe('_Handoff verdict v-1_');
    // A retry finds the comment by its marker instead of writing it twice; another verdict's is new.
    const again = await t.writeVerdict(credentials, 'PAY-1', writeBack(verdict, { mayHaveWritten: true }));
    expect(again.commentId).toBe(id);
    expect(dc.comments).toHaveLength(1);
    const other = await t.writeVerdict(
      credentials,
      'PAY-1',
      writeBack({ ...verdict, id: 'v-2' }, { mayHaveWritten: true }),
    );
    expect(other.commentId).not.toBe(id);
    expect(dc.comments).toHaveLength(2);
  });

  it('lists the moves, makes one after the comment, and then tells the story moved; lists statuses', async () => {
    dc.issues.push({ key: 'PAY-2', summary: 's', description: 'x', status: 'Testing' });
    const { tracker: t } = tracker();
    const before = new Date(Date.now() - 60_000);
    const moves = await t.listMoves(credentials, 'PAY', 'PAY-2');
    const reopen = moves.find((tr) => tr.name === 'Move to In Progress');
    expect(reopen).toBeDefined();
    const verdict = {
      id: 'v-9',
      verdict: 'failed' as const,
      comment: null,
      sentAt: new Date(NOW),
      subject: null,
    };
    await t.writeVerdict(credentials, 'PAY-2', writeBack(verdict, { move: reopen! }));
    expect(dc.issues[0]?.status).toBe('In Progress');
    expect([...(await t.movedSince(credentials, [{ key: 'PAY-2', since: before }]))]).toEqual(['PAY-2']);
    expect(await t.listStates(credentials, 'PAY')).toEqual(['To Do', 'In Progress', 'Testing', 'Done']);
    const error = await failure(t.writeVerdict(credentials, 'NOPE-1', writeBack(verdict, { move: reopen! })));
    expect(error.code).toBe('TRACKER_ISSUE_NOT_FOUND');
  });

  it('names the reviewer in a block of its own, where nothing they typed becomes markup', async () => {
    dc.issues.push({ key: 'PAY-3', summary: 's', description: null, status: 'Testing' });
    const { tracker: t } = tracker();
    await t.writeVerdict(
      credentials,
      'PAY-3',
      writeBack({
        id: 'v-3',
        verdict: 'passed',
        comment: null,
        sentAt: new Date(NOW),
        subject: null,
        reviewer: '[~admin] {noformat} http://evil.example',
      }),
    );
    const lines = dc.comments.at(-1)!.body.split('\n');
    expect(lines[0]).toBe('*Client review: Passed*');
    expect(lines.slice(1, 4)).toEqual([
      '{noformat}',
      'Reviewed by [~admin] {\u200bnoformat} http://evil.example',
      '{noformat}',
    ]);
  });

  it('tells which stories moved from their changelogs, and reads the moves from any issue of a project', async () => {
    dc.issues.push({ key: 'PAY-4', summary: 's', description: 'x', status: 'Testing' });
    dc.issues.push({ key: 'PAY-5', summary: 's', description: 'x', status: 'Testing' });
    const { tracker: t } = tracker();
    const before = new Date(Date.now() - 60_000);
    const moves = await t.listMoves(credentials, 'PAY');
    const reopen = moves.find((tr) => tr.name === 'Move to In Progress');
    const verdict = {
      id: 'v-4',
      verdict: 'failed' as const,
      comment: null,
      sentAt: new Date(NOW),
      subject: null,
    };
    await t.writeVerdict(credentials, 'PAY-4', writeBack(verdict, { move: reopen! }));
    const stories = ['PAY-4', 'PAY-5'].map((key) => ({ key, since: before }));
    expect([...(await t.movedSince(credentials, stories))]).toEqual(['PAY-4']);
    // The move came before a later verdict: no re-test for that one.
    expect(
      (await t.movedSince(credentials, [{ key: 'PAY-4', since: new Date(Date.now() + 60_000) }])).size,
    ).toBe(0);
    expect(await t.listMoves(credentials, 'NOPE')).toEqual([]);
  });

  it('checks a credential with /myself; a dead token, or an anonymous answer, is a refusal', async () => {
    const { tracker: t } = tracker();
    await t.checkCredential(credentials);
    const refused = await failure(t.checkCredential({ ...credentials, apiToken: 'wrong' }));
    expect(refused.message).toMatch(/refused the personal access token for joe@bank\.example/);
    dc.failNext({ status: 200, body: {}, headers: { 'x-seraph-loginreason': 'AUTHENTICATED_FAILED' } });
    const anonymous = await failure(t.checkCredential(credentials));
    expect(anonymous.code).toBe('TRACKER_AUTH_REFUSED');
  });

  it('refuses Basic auth: a Cloud client gets 403', async () => {
    const cloud = new JiraCloudTracker({ endpoint: { baseUrl: dc.url } });
    const error = await failure(cloud.checkCredential(credentials));
    expect(error.trackerStatus).toBe(404); // /rest/api/3 does not exist on DC
    const response = await fetch(`${dc.url}/rest/api/2/myself`, {
      headers: { authorization: `Basic ${Buffer.from(`joe:${PAT}`).toString('base64')}` },
    });
    expect(response.status).toBe(403);
  });

  it('says which refusal it met: CAPTCHA, 403, and 429 after honouring Retry-After', async () => {
    const { tracker: t, sleeps } = tracker({ maxRetryAfterMs: 5_000 });
    dc.failNext({
      status: 403,
      headers: { 'x-authentication-denied-reason': 'CAPTCHA_CHALLENGE; login-url=x' },
    });
    expect((await failure(t.listProjects(credentials))).message).toMatch(/CAPTCHA/);
    dc.failNext({ status: 403, body: { errorMessages: ['no'] } });
    expect((await failure(t.listProjects(credentials))).message).toMatch(/lacks permission/);
    dc.failNext({ status: 429, headers: { 'retry-after': '2' } });
    expect(await t.listProjects(credentials)).toHaveLength(2);
    expect(sleeps).toEqual([2_000]);
    dc.failNext({ status: 429, headers: { 'retry-after': '30' } });
    const limited = await failure(t.listProjects(credentials));
    expect(limited.message).toBe('Jira Data Center is rate-limiting requests; try again in 30 s.');
    expect(limited.retryAfterMs).toBe(30_000);
  });

  it('tells a DC site from a Cloud one by serverInfo, and says when a URL is no Jira or unreachable', async () => {
    await expect(checkSiteKind(dc.url, 'jira-datacenter')).resolves.toEqual({ version: '10.3.13' });
    await expect(checkSiteKind(dc.url, 'jira-cloud')).rejects.toThrow(
      /is a Jira Data Center site, not Jira Cloud/,
    );
    await expect(checkSiteKind(`${dc.url}/nothing`, 'jira-datacenter')).rejects.toThrow(/is not a Jira site/);
    await expect(checkSiteKind('http://127.0.0.1:9', 'jira-datacenter')).rejects.toThrow(
      /is not a Jira site/,
    );
  });
});

describe("the double's OpenAPI check", () => {
  it('catches requests and answers the document forbids', async () => {
    const { dcAnswerProblems, dcRequestProblems } = await import('../testdata/dc-openapi.ts');
    const none = new URLSearchParams();
    expect(dcRequestProblems('POST', '/api/2/search', none, { jql: 'x', startAt: 'zero' })).toHaveLength(1);
    expect(
      dcRequestProblems('GET', '/api/2/search', new URLSearchParams({ startAt: 'a' }), undefined),
    ).toHaveLength(1);
    expect(
      dcRequestProblems('GET', '/api/2/project', new URLSearchParams({ bogus: '1' }), undefined),
    ).toHaveLength(1);
    expect(dcRequestProblems('GET', '/api/3/search/jql', none, undefined)).toHaveLength(1);
    expect(dcRequestProblems('POST', '/api/2/search', none, { jql: 'x', startAt: 0, maxResults: 5 })).toEqual(
      [],
    );
    expect(dcAnswerProblems('GET', '/api/2/project', 200, { key: 'ONE' })).toHaveLength(1);
    expect(dcAnswerProblems('GET', '/api/2/myself', 200, { name: 5 })).toHaveLength(1);
    expect(
      dcAnswerProblems('POST', '/api/2/issue/{issueIdOrKey}/comment'.replace('{issueIdOrKey}', 'A-1'), 201, {
        body: { type: 'doc' },
      }),
    ).toHaveLength(1);
  });
});
