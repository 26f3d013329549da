import { draftEmail } from '@handoff/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeJiraDc, startFakeJiraDc } from '../../testing/fake-jira-dc.ts';
import { JiraCloudTracker } from '../cloud/cloud-tracker.ts';
import { TrackerError } from '../jira-errors.ts';
import type { JiraClientOptions } from '../jira-http.ts';
import { storiesJql } from '../jql.ts';
import { checkSiteKind } from '../site-check.ts';
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
      });
    }
    const { tracker: t } = tracker();
    const stories = await t.searchStories(credentials, {
      jql: storiesJql({ projectKey: 'PAY', status: 'Done', issueTypes: ['Story'] }),
      maxResults: 100,
    });
    expect(stories).toHaveLength(65);
    const bodies = dc.requests.map(
      (r) => r.json as { startAt: number; maxResults: number; fields: string[] },
    );
    expect(bodies.map((b) => [b.startAt, b.maxResults])).toEqual([
      [0, 100],
      [40, 40],
    ]);
    expect(bodies[0]?.fields).toEqual(['summary', 'description']);
    expect(dc.requests.every((r) => r.method === 'POST' && r.path === '/jira/rest/api/2/search')).toBe(true);
    const draft = draftEmail(stories.slice(0, 1), []);
    expect(draft.text).toContain('Story 1:\n- Open the page 1\n- Check the total');
  });

  it('writes a verdict as wiki markup in which nothing the client typed becomes markup, and finds it again', async () => {
    dc.issues.push({ key: 'PAY-1', summary: 's', description: null, status: 'Testing' });
    const { tracker: t } = tracker();
    const typed =
      '[~admin] see [here|http://evil.example] !x.png! *bold* {noformat}\nh1. Big {color:red}x{color}';
    const { id } = await t.addVerdictComment(credentials, 'PAY-1', {
      id: 'v-1',
      verdict: 'failed',
      comment: typed,
      sentAt: new Date(NOW),
      subject: 'Request for Testing',
    });
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
    expect(await t.findVerdictComment(credentials, 'PAY-1', 'v-1')).toBe(id);
    expect(await t.findVerdictComment(credentials, 'PAY-1', 'v-2')).toBeUndefined();
  });

  it('lists and runs transitions, and reads the change in the changelog; lists statuses', async () => {
    dc.issues.push({ key: 'PAY-2', summary: 's', description: 'x', status: 'Testing' });
    const { tracker: t } = tracker();
    const transitions = await t.listTransitions(credentials, 'PAY-2');
    const reopen = transitions.find((tr) => tr.name === 'Move to In Progress');
    expect(reopen).toBeDefined();
    await t.transitionIssue(credentials, 'PAY-2', reopen!.id);
    expect(dc.issues[0]?.status).toBe('In Progress');
    const changes = await t.changelog(credentials, 'PAY-2');
    expect(changes).toEqual([
      expect.objectContaining({
        author: 'Joe Banks',
        items: [{ field: 'status', from: 'Testing', to: 'In Progress' }],
      }),
    ]);
    expect(await t.listStatuses(credentials, 'PAY')).toEqual(['To Do', 'In Progress', 'Testing', 'Done']);
    const error = await failure(t.transitionIssue(credentials, 'NOPE-1', '11'));
    expect(error.code).toBe('TRACKER_ISSUE_NOT_FOUND');
  });

  it('names the reviewer in a block of its own, where nothing they typed becomes markup', async () => {
    dc.issues.push({ key: 'PAY-3', summary: 's', description: null, status: 'Testing' });
    const { tracker: t } = tracker();
    await t.addVerdictComment(credentials, 'PAY-3', {
      id: 'v-3',
      verdict: 'passed',
      comment: null,
      sentAt: new Date(NOW),
      subject: null,
      reviewer: '[~admin] {noformat} http://evil.example',
    });
    const lines = dc.comments.at(-1)!.body.split('\n');
    expect(lines[0]).toBe('*Client review: Passed*');
    expect(lines.slice(1, 4)).toEqual([
      '{noformat}',
      'Reviewed by [~admin] {\u200bnoformat} http://evil.example',
      '{noformat}',
    ]);
  });

  it('reads when statuses last changed from the changelog, and finds any issue of a project', async () => {
    dc.issues.push({ key: 'PAY-4', summary: 's', description: 'x', status: 'Testing' });
    dc.issues.push({ key: 'PAY-5', summary: 's', description: 'x', status: 'Testing' });
    const { tracker: t } = tracker();
    const reopen = (await t.listTransitions(credentials, 'PAY-4')).find(
      (tr) => tr.name === 'Move to In Progress',
    );
    await t.transitionIssue(credentials, 'PAY-4', reopen!.id);
    const changed = await t.lastStatusChanges(credentials, ['PAY-4', 'PAY-5']);
    expect([...changed.keys()]).toEqual(['PAY-4']);
    expect(await t.anyIssueOfProject(credentials, 'PAY')).toBe('PAY-4');
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
    expect(error.jiraStatus).toBe(404); // /rest/api/3 does not exist on DC
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
