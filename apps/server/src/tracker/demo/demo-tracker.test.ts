import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { JiraClient } from '../jira.client.ts';
import { storiesJql } from '../jql.ts';
import { adfErrors, openApiErrors } from '../testdata/atlassian-schemas.ts';
import { TrackerError } from '../tracker-errors.ts';
import { DEMO_ISSUES } from './demo-data.ts';
import { DemoTracker } from './demo-tracker.ts';

const account = { email: 'demo.user@example.com', password: 'correct horse 1', apikey: 'demo-api-key-1' };
const credentials = { email: account.email, apiToken: account.apikey };
const basic = (email: string, token: string) =>
  `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}`;

let t: TestApp;
let base: string;
let jira: JiraClient;

beforeAll(async () => {
  t = await createTestApp();
  await signUpAndSignIn(t.app, account);
  // A real socket, as in production: the client calls the server's own listening address.
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  jira = new JiraClient({ endpoint: { baseUrl: base } });
});
afterAll(() => t.close());

async function get(path: string, auth: string | null = basic(account.email, account.apikey)) {
  const response = await fetch(`${base}${path}`, {
    headers: { accept: 'application/json', ...(auth ? { authorization: auth } : {}) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function post(path: string, body: unknown, auth = basic(account.email, account.apikey)) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', authorization: auth },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('the demo tracker answers in the shapes of Atlassian’s OpenAPI document', () => {
  it('is on when JIRA_BASE_URL is unset', () => {
    expect(t.app.trackers.defaultTracker.kind).toBe('demo');
  });

  it('GET /rest/api/3/project/search → PageBeanProject, page by page', async () => {
    const first = await get('/rest/api/3/project/search?startAt=0&maxResults=2&orderBy=name&action=browse');
    expect(first.status).toBe(200);
    expect(openApiErrors('PageBeanProject', first.body)).toEqual([]);
    expect(first.body).toMatchObject({ startAt: 0, maxResults: 2, total: 3, isLast: false });
    expect((first.body.values as { key: string }[]).map((p) => p.key)).toEqual(['DEMO', 'MOB']);
    const next = new URL(first.body.nextPage as string);
    const second = await get(`${next.pathname}${next.search}`);
    expect(openApiErrors('PageBeanProject', second.body)).toEqual([]);
    expect(second.body).toMatchObject({ startAt: 2, isLast: true, total: 3 });
    expect(second.body.nextPage).toBeUndefined();
    expect((second.body.values as { key: string }[]).map((p) => p.key)).toEqual(['OPS']);
  });

  it('GET and POST /rest/api/3/search/jql → SearchAndReconcileResults, with ADF descriptions that pass the ADF schema', async () => {
    const jql = 'project = "DEMO" AND status = "Done" AND issuetype in ("Story") ORDER BY key ASC';
    const viaGet = await get(
      `/rest/api/3/search/jql?${new URLSearchParams({ jql, fields: 'summary,description', maxResults: '2' })}`,
    );
    expect(viaGet.status).toBe(200);
    expect(openApiErrors('SearchAndReconcileResults', viaGet.body)).toEqual([]);
    expect(viaGet.body.isLast).toBe(false);
    expect(typeof viaGet.body.nextPageToken).toBe('string');

    const body = {
      jql,
      fields: ['summary', 'description', 'status', 'issuetype', 'project'],
      maxResults: 50,
    };
    expect(openApiErrors('SearchAndReconcileRequestBean', body)).toEqual([]);
    const viaPost = await post('/rest/api/3/search/jql', body);
    expect(viaPost.status).toBe(200);
    expect(openApiErrors('SearchAndReconcileResults', viaPost.body)).toEqual([]);
    expect(viaPost.body.isLast).toBe(true);
    expect('nextPageToken' in viaPost.body).toBe(false);
    const issues = viaPost.body.issues as Array<{ key: string; fields: Record<string, unknown> }>;
    expect(issues.map((i) => i.key)).toEqual(['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4', 'DEMO-10']);
    for (const issue of issues) {
      expect(Object.keys(issue.fields).sort()).toEqual([
        'description',
        'issuetype',
        'project',
        'status',
        'summary',
      ]);
      if (issue.fields.description !== null) expect(adfErrors(issue.fields.description)).toEqual([]);
    }
  });

  it('every seeded description is valid ADF', () => {
    for (const issue of DEMO_ISSUES) {
      if (issue.description) expect(adfErrors(issue.description), issue.key).toEqual([]);
    }
  });

  it('the default field list is id only, as in Jira', async () => {
    const { body } = await post('/rest/api/3/search/jql', { jql: 'project = MOB' });
    expect(openApiErrors('SearchAndReconcileResults', body)).toEqual([]);
    const [first] = body.issues as Array<Record<string, unknown>>;
    expect(first).not.toHaveProperty('fields');
    expect(first).toHaveProperty('id');
  });

  it('POST and GET /rest/api/3/issue/{key}/comment → Comment and PageOfComments, with the ADF body kept', async () => {
    const body = {
      body: {
        type: 'doc',
        version: 1,
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Client review: Passed' }] }],
      },
    };
    expect(openApiErrors('Comment', body)).toEqual([]);
    const created = await post('/rest/api/3/issue/MOB-1/comment', body);
    expect(created.status).toBe(201);
    expect(openApiErrors('Comment', created.body)).toEqual([]);
    expect(created.body.body).toEqual(body.body);
    const page = await get('/rest/api/3/issue/MOB-1/comment?orderBy=created');
    expect(page.status).toBe(200);
    expect(openApiErrors('PageOfComments', page.body)).toEqual([]);
    const comments = page.body.comments as Array<{ id: string; body: unknown }>;
    expect(comments.at(-1)).toMatchObject({ id: created.body.id, body: body.body });
    for (const comment of comments) expect(adfErrors(comment.body)).toEqual([]);

    const empty = await post('/rest/api/3/issue/MOB-1/comment', { body: 'text' });
    expect(empty.status).toBe(400);
    expect(openApiErrors('ErrorCollection', empty.body)).toEqual([]);
    const unknown = await post('/rest/api/3/issue/NOPE-9/comment', body);
    expect(unknown.status).toBe(404);
    expect((await get('/rest/api/3/issue/MOB-1/comment', null)).status).toBe(401);
  });

  it('GET and POST /rest/api/3/issue/{key}/transitions → Transitions; a transition changes what search sees', async () => {
    const listed = await get('/rest/api/3/issue/OPS-1/transitions');
    expect(listed.status).toBe(200);
    expect(openApiErrors('Transitions', listed.body)).toEqual([]);
    const transitions = listed.body.transitions as Array<{ id: string; name: string }>;
    const target = transitions.find((t) => t.name === 'Testing')!;
    const request = { transition: { id: target.id } };
    expect(openApiErrors('IssueUpdateDetails', request)).toEqual([]);
    const response = await fetch(`${base}/rest/api/3/issue/OPS-1/transitions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basic(account.email, account.apikey) },
      body: JSON.stringify(request),
    });
    expect(response.status).toBe(204);
    const found = await post('/rest/api/3/search/jql', { jql: 'key = "OPS-1"', fields: ['status'] });
    expect(
      (found.body.issues as Array<{ fields: { status: { name: string } } }>)[0]?.fields.status.name,
    ).toBe('Testing');
    const again = await get('/rest/api/3/issue/OPS-1/transitions');
    expect((again.body.transitions as Array<{ name: string }>).map((t) => t.name)).not.toContain('Testing');
    const refused = await post('/rest/api/3/issue/OPS-1/transitions', { transition: { id: '999' } });
    expect(refused.status).toBe(400);
    expect(openApiErrors('ErrorCollection', refused.body)).toEqual([]);
  });

  it('GET /rest/api/3/project/{key}/versions → Version[]; fixVersion JQL and each issue’s fixVersions as Version', async () => {
    const versions = await get('/rest/api/3/project/DEMO/versions');
    expect(versions.status).toBe(200);
    const list = versions.body as unknown as Array<{ name: string }>;
    expect(list.map((v) => v.name)).toEqual(['Autumn release', 'Winter release']);
    for (const version of list) expect(openApiErrors('Version', version)).toEqual([]);
    expect((await get('/rest/api/3/project/NOPE/versions')).status).toBe(404);

    const body = {
      jql: 'project = "DEMO" AND fixVersion = "10201" ORDER BY key ASC',
      fields: ['fixVersions'],
    };
    const found = await post('/rest/api/3/search/jql', body);
    expect(openApiErrors('SearchAndReconcileResults', found.body)).toEqual([]);
    const issues = found.body.issues as Array<{ key: string; fields: { fixVersions: unknown[] } }>;
    expect(issues.map((i) => i.key)).toEqual(['DEMO-6', 'DEMO-7', 'DEMO-8', 'DEMO-9', 'DEMO-10']);
    for (const issue of issues) {
      for (const version of issue.fields.fixVersions) expect(openApiErrors('Version', version)).toEqual([]);
    }
    const unknown = await post('/rest/api/3/search/jql', { jql: 'fixVersion = "Spring"' });
    expect(unknown.status).toBe(400);

    // Behind the seam: its releases, a release's stories in every status, and no sprints.
    const tracker = new DemoTracker({ endpoint: { baseUrl: base } });
    expect(tracker.hasSprints).toBe(false);
    const releases = await tracker.listReleases(credentials, 'DEMO');
    expect(releases.map((r) => [r.name, r.released])).toEqual([
      ['Winter release', false],
      ['Autumn release', true],
    ]);
    const winter = await tracker.searchStories(credentials, {
      project: 'DEMO',
      states: [],
      release: releases[0]!,
    });
    expect(winter.map((s) => [s.key, s.state])).toEqual([
      ['DEMO-6', 'Testing'],
      ['DEMO-7', 'Testing'],
      ['DEMO-8', 'To Do'],
      ['DEMO-9', 'In Progress'],
      ['DEMO-10', 'Done'],
    ]);
  });

  it('GET /rest/api/3/myself → User', async () => {
    const { status, body } = await get('/rest/api/3/myself');
    expect(status).toBe(200);
    expect(openApiErrors('User', body)).toEqual([]);
    expect(body.emailAddress).toBe(account.email);
  });

  it('errors are ErrorCollection bodies with Jira’s statuses and words', async () => {
    const unknownProject = await post('/rest/api/3/search/jql', {
      jql: 'project = "NOPE" AND status = "Done"',
    });
    expect(unknownProject.status).toBe(400);
    expect(openApiErrors('ErrorCollection', unknownProject.body)).toEqual([]);
    expect(unknownProject.body.errorMessages).toEqual([
      "The value 'NOPE' does not exist for the field 'project'.",
    ]);

    const unknownStatus = await post('/rest/api/3/search/jql', {
      jql: 'project = "DEMO" AND status = "Shipped"',
    });
    expect(unknownStatus.status).toBe(400);
    expect(unknownStatus.body.errorMessages).toEqual([
      "The value 'Shipped' does not exist for the field 'status'.",
    ]);

    const unbounded = await post('/rest/api/3/search/jql', { jql: 'order by key desc' });
    expect(unbounded.status).toBe(400);
    expect(unbounded.body.errorMessages).toEqual([
      'Unbounded JQL queries are not allowed here. Please add a search restriction to your query.',
    ]);

    const reserved = await post('/rest/api/3/search/jql', { jql: 'project = DO' });
    expect(reserved.status).toBe(400);
    expect(reserved.body.errorMessages).toEqual([
      expect.stringContaining("'DO' is a reserved JQL word. You must surround it in quotation marks"),
    ]);

    const unknownField = await post('/rest/api/3/search/jql', { jql: 'project = DEMO', nope: 1 });
    expect(unknownField.status).toBe(400);
    expect(openApiErrors('ErrorCollection', unknownField.body)).toEqual([]);

    const removed = await post('/rest/api/3/search', { jql: 'project = DEMO' });
    expect(removed.status).toBe(410);
    expect(openApiErrors('ErrorCollection', removed.body)).toEqual([]);

    const foreignToken = await post('/rest/api/3/search/jql', {
      jql: 'project = OPS',
      nextPageToken: (await post('/rest/api/3/search/jql', { jql: 'project = DEMO', maxResults: 1 })).body
        .nextPageToken,
    });
    expect(foreignToken.status).toBe(400);
  });

  it('Basic auth: the registered e-mail with the registered API key; anything else is 401', async () => {
    for (const auth of [
      basic(account.email, 'wrong-key'),
      basic('nobody@example.com', account.apikey),
      'Basic not-base64!',
      'Bearer abc',
    ]) {
      const { status, body } = await get('/rest/api/3/myself', auth);
      expect(status).toBe(401);
      expect(openApiErrors('ErrorCollection', body)).toEqual([]);
      expect((await get('/rest/api/3/project/search', auth)).status).toBe(401);
    }
    // The e-mail is matched without regard to case, as Atlassian accounts are.
    expect((await get('/rest/api/3/myself', basic(account.email.toUpperCase(), account.apikey))).status).toBe(
      200,
    );
  });

  it('anonymous callers see no projects, as on a Jira site that is not public', async () => {
    const projects = await get('/rest/api/3/project/search', null);
    expect(projects.status).toBe(200);
    expect(projects.body).toMatchObject({ total: 0, isLast: true, values: [] });
    expect((await get('/rest/api/3/myself', null)).status).toBe(401);
  });
});

describe('the Jira client against the demo tracker, over HTTP', () => {
  it('lists every project', async () => {
    expect(await jira.listProjects(credentials)).toEqual([
      { name: 'Demo Web Shop', key: 'DEMO' },
      { name: 'Mobile App', key: 'MOB' },
      { name: 'Operations Portal', key: 'OPS' },
    ]);
  });

  it('gets the same stories whatever the page size, by GET or POST', async () => {
    const jql = storiesJql({ project: 'DEMO', states: ['Done'] }, ['Story', 'Bug']);
    const all = await jira.searchIssues(credentials, { jql, fields: ['summary', 'description'] });
    expect(all.map((i) => i.key)).toEqual(['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4', 'DEMO-5', 'DEMO-10']);
    const paged = await jira.searchIssues(credentials, {
      jql,
      fields: ['summary', 'description'],
      maxResults: 1,
    });
    expect(paged).toEqual(all);
    const viaGet = await jira.searchIssues(credentials, {
      jql,
      fields: ['summary', 'description'],
      maxResults: 4,
      method: 'GET',
    });
    expect(viaGet).toEqual(all);
    expect(all[0]?.fields.summary).toBe('Guest checkout');
    expect(all[3]?.fields.description).toBeNull();
  });

  it('gives its stories epics (Jira’s parent field) and types, which the seam reads as groups', async () => {
    const tracker = new DemoTracker({ endpoint: { baseUrl: base }, issueTypes: ['Story', 'Bug'] });
    const stories = await tracker.searchStories(credentials, { project: 'DEMO', states: ['Done'] });
    const groups = Object.fromEntries(
      stories.map((story) => [story.title, [story.epic?.name ?? null, story.type?.name]]),
    );
    expect(groups).toMatchObject({
      'Guest checkout': ['Checkout', 'Story'],
      'Product search with filters': ['Discovery', 'Story'],
      'Cart total rounds prices wrongly': ['Checkout', 'Bug'],
      'Password reset': [null, 'Story'],
    });
    const page = await post('/rest/api/3/search/jql', { jql: 'key = DEMO-1', fields: ['parent'] });
    expect(openApiErrors('SearchAndReconcileResults', page.body)).toEqual([]);
  });

  it('matches status and issue type names without regard to case, as Jira does', async () => {
    const jql = storiesJql({ project: 'mob', states: ['testing'] }, ['story']);
    const issues = await jira.searchIssues(credentials, { jql, fields: ['summary'] });
    expect(issues.map((i) => i.key)).toEqual(['MOB-3']);
  });

  it('a wrong API key is refused with the product’s message', async () => {
    const error = await jira.myself({ email: account.email, apiToken: 'nope' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TrackerError);
    expect((error as TrackerError).message).toBe(
      'Jira refused the API token for demo.user@example.com. Check the e-mail and API token.',
    );
  });
});

describe('the changelog of status changes', () => {
  it('POST /changelog/bulkfetch → BulkChangelogResponseBean and GET …/changelog → PageBeanChangelog; the seam tells which stories moved', async () => {
    const issue = DEMO_ISSUES.find((candidate) => candidate.key === 'DEMO-5')!;
    const before = Date.now();
    for (let step = 0; step < 2; step++) {
      const transitions = (await get('/rest/api/3/issue/DEMO-5/transitions')).body.transitions as Array<{
        id: string;
      }>;
      const id = transitions[0]?.id;
      const response = await fetch(`${base}/rest/api/3/issue/DEMO-5/transitions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: basic(account.email, account.apikey) },
        body: JSON.stringify({ transition: { id } }),
      });
      expect(response.status).toBe(204);
    }
    const request = { issueIdsOrKeys: [issue.id, 'DEMO-6'], fieldIds: ['status'] };
    expect(openApiErrors('BulkChangelogRequestBean', request)).toEqual([]);
    const bulk = await post('/rest/api/3/changelog/bulkfetch', request);
    expect(bulk.status).toBe(200);
    expect(openApiErrors('BulkChangelogResponseBean', bulk.body)).toEqual([]);
    const logs = bulk.body.issueChangeLogs as Array<{ issueId: string; changeHistories: unknown[] }>;
    expect(logs.map((log) => [log.issueId, log.changeHistories.length])).toEqual([[issue.id, 2]]);
    const page = await get('/rest/api/3/issue/DEMO-5/changelog');
    expect(page.status).toBe(200);
    expect(openApiErrors('PageBeanChangelog', page.body)).toEqual([]);
    expect(page.body.total).toBe(2);

    // Through the tracker seam, as the re-tests and the edit screen's transitions read it.
    const tracker = new DemoTracker({ endpoint: { baseUrl: base } });
    const since = (at: number) => ['DEMO-5', 'DEMO-6'].map((key) => ({ key, since: new Date(at) }));
    expect([...(await tracker.movedSince(credentials, since(before - 1000)))]).toEqual(['DEMO-5']);
    expect((await tracker.movedSince(credentials, since(Date.now() + 1000))).size).toBe(0);
    // Before a first notice, the moves are read from the project's first story.
    const moves = await tracker.listMoves(credentials, 'DEMO');
    const firstStory = await get('/rest/api/3/issue/DEMO-1/transitions');
    expect(moves).toEqual(
      (firstStory.body.transitions as Array<{ id: string; name: string }>).map(({ id, name }) => ({
        id,
        name,
      })),
    );
  });
});

describe('with JIRA_BASE_URL set', () => {
  it('serves no demo tracker and says so', async () => {
    const real = await createTestApp({ JIRA_BASE_URL: 'https://team.atlassian.net' });
    try {
      expect(real.app.trackers.defaultTracker.kind).toBe('jira-cloud');
      const response = await real.app.inject({ method: 'GET', url: '/rest/api/3/myself' });
      expect(response.statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});
