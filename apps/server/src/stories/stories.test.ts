import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeJira, sendJson, startFakeJira } from '../testing/fake-jira.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const ada = { email: 'ada@example.com', password: 'password-ada', apikey: 'ada-key-1' };

function issues(
  t: TestApp,
  token: string,
  query: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return t.app.inject({
    method: 'GET',
    url: `/jira/getProjectIssues?${new URLSearchParams(query)}`,
    headers: { authorization: `Bearer ${token}`, email: ada.email, api: ada.apikey, ...headers },
  });
}

describe('getProjectIssues with the demo tracker', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ idToken: token } = await signUpAndSignIn(t.app, ada));
  });
  afterAll(() => t.close());

  it('returns the Done stories as {key, issueHeader, description}, "N/A" when there is none', async () => {
    const response = await issues(t, token, { projectKey: 'DEMO', status: 'Done' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as {
      data: Array<{ key: string; issueHeader: string; description: unknown }>;
    };
    expect(data.map((i) => i.key)).toEqual(['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4', 'DEMO-10']);
    expect(data[0]).toMatchObject({
      issueHeader: 'Guest checkout',
      description: { type: 'doc', version: 1 },
    });
    // With its epic and type, for the project's Group stories by.
    expect(data[3]).toEqual({
      key: 'DEMO-4',
      issueHeader: 'Order confirmation e-mail',
      description: 'N/A',
      epic: { id: '10090', name: 'Checkout', order: 10090 },
      type: { id: '10001', name: 'Story', order: 10001 },
    });
    expect(data[4]).toMatchObject({ key: 'DEMO-10', epic: null });
  });

  it('lists the demo’s releases, and a release’s stories in every status, the unfinished ones marked', async () => {
    const listed = await t.app.inject({
      method: 'GET',
      url: '/jira/getProjectReleases?projectKey=DEMO',
      headers: { authorization: `Bearer ${token}`, email: ada.email, api: ada.apikey },
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      data: {
        releases: [
          { id: '10201', name: 'Winter release', released: false, releaseDate: '2026-12-15' },
          { id: '10200', name: 'Autumn release', released: true, releaseDate: '2026-11-02' },
        ],
        currentSprint: false,
      },
    });
    const response = await issues(t, token, { projectKey: 'DEMO', release: '10201' });
    expect(response.statusCode).toBe(200);
    const answer = response.json() as {
      data: Array<{ key: string; status: string; finished: boolean }>;
      release: { id: string; name: string };
    };
    expect(answer.release).toEqual({ id: '10201', name: 'Winter release' });
    expect(answer.data.map((i) => [i.key, i.status, i.finished])).toEqual([
      ['DEMO-6', 'Testing', true],
      ['DEMO-7', 'Testing', true],
      ['DEMO-8', 'To Do', false],
      ['DEMO-9', 'In Progress', false],
      ['DEMO-10', 'Done', true],
    ]);
    const unknown = await issues(t, token, { projectKey: 'DEMO', release: '999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(
      'release must be the id of one of the project’s releases: 10201 (Winter release), 10200 (Autumn release).',
    );
    const sprint = await issues(t, token, { projectKey: 'DEMO', sprint: 'current' });
    expect(sprint.statusCode).toBe(400);
    expect(sprint.json().message).toBe(
      'This project’s tracker has no sprints: choose a release or a status.',
    );
    const both = await issues(t, token, { projectKey: 'DEMO', status: 'Done', release: '10201' });
    expect(both.json().message).toBe(
      'Ask for the stories of one status, one release or the current sprint, not several.',
    );
  });

  it('Testing, and an empty document counts as no description', async () => {
    const { data } = (await issues(t, token, { projectKey: 'DEMO', status: 'Testing' })).json();
    expect(data.map((i: { key: string }) => i.key)).toEqual(['DEMO-6', 'DEMO-7']);
    expect(data[1].description).toBe('N/A');
  });

  it('only Done and Testing; anything else is 400 with a message', async () => {
    for (const status of ['To Do', 'done', '', 'Done" OR status = "To Do']) {
      const response = await issues(t, token, { projectKey: 'DEMO', status });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/status must be "Done" or "Testing"/);
    }
    expect((await issues(t, token, { projectKey: 'DEMO' })).statusCode).toBe(400);
    expect((await issues(t, token, { status: 'Done' })).statusCode).toBe(400);
  });

  it('an unknown project, or one smuggling JQL, is a clear 404', async () => {
    for (const projectKey of ['NOPE', 'DEMO" OR project = "MOB', 'DEMO\\']) {
      const response = await issues(t, token, { projectKey, status: 'Done' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(
        `Jira has no project ${JSON.stringify(projectKey)} that this account can see.`,
      );
    }
  });

  it('refuses another e-mail (403) and a wrong API key (403 with the tracker message)', async () => {
    const other = await issues(
      t,
      token,
      { projectKey: 'DEMO', status: 'Done' },
      { email: 'bob@example.com' },
    );
    expect(other.statusCode).toBe(403);
    const wrongKey = await issues(t, token, { projectKey: 'DEMO', status: 'Done' }, { api: 'nope' });
    expect(wrongKey.statusCode).toBe(403);
    expect(wrongKey.json().message).toBe(
      'Jira refused the API token for ada@example.com. Check the e-mail and API token.',
    );
    const noToken = await t.app.inject({
      method: 'GET',
      url: '/jira/getProjectIssues?projectKey=DEMO&status=Done',
      headers: { email: ada.email, api: ada.apikey },
    });
    expect(noToken.statusCode).toBe(401);
  });

  it('issue types come from JIRA_ISSUE_TYPES', async () => {
    const withBugs = await createTestApp({ JIRA_ISSUE_TYPES: 'Story, Bug' });
    try {
      const { idToken } = await signUpAndSignIn(withBugs.app, ada);
      const { data } = (await issues(withBugs, idToken, { projectKey: 'DEMO', status: 'Done' })).json();
      expect(data.map((i: { key: string }) => i.key)).toContain('DEMO-5');
    } finally {
      await withBugs.close();
    }
  });
});

describe('getProjectIssues with a real Jira site', () => {
  let jira: FakeJira;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    jira = await startFakeJira();
    t = await createTestApp({ JIRA_BASE_URL: jira.url, JIRA_ISSUE_TYPES: 'Story,User "Story"' });
    ({ idToken: token } = await signUpAndSignIn(t.app, ada));
  });
  afterAll(async () => {
    await t.close();
    await jira.close();
  });

  it('sends safely quoted JQL asking only for summary, description, status, parent and issue type, and follows every page', async () => {
    jira.requests.length = 0;
    jira.handle((request, response) => {
      const body = request.json as { nextPageToken?: string };
      if (!body.nextPageToken) {
        return sendJson(response, 200, {
          issues: [
            { id: '1', key: 'A\\B-1', fields: { summary: 'One', description: 'Plain text\n\n#test#\nStep' } },
          ],
          nextPageToken: 'p2',
          isLast: false,
        });
      }
      return sendJson(response, 200, {
        issues: [{ id: '2', key: 'A\\B-2', fields: { summary: 'Two', description: null } }],
        isLast: true,
      });
    });
    const response = await issues(t, token, { projectKey: 'A\\B', status: 'Testing' });
    expect(response.statusCode).toBe(200);
    expect(jira.requests.map((r) => r.json)).toEqual([
      {
        jql: 'project = "A\\\\B" AND status = "Testing" AND issuetype in ("Story", "User \\"Story\\"") ORDER BY key ASC',
        fields: ['summary', 'description', 'status', 'parent', 'issuetype'],
        maxResults: 100,
      },
      expect.objectContaining({ nextPageToken: 'p2' }),
    ]);
    expect(response.json().data).toEqual([
      {
        key: 'A\\B-1',
        issueHeader: 'One',
        description: {
          type: 'doc',
          version: 1,
          content: ['Plain text', '#test#', 'Step'].map((text) => ({
            type: 'paragraph',
            content: [{ type: 'text', text }],
          })),
        },
        epic: null,
        type: null,
      },
      { key: 'A\\B-2', issueHeader: 'Two', description: 'N/A', epic: null, type: null },
    ]);
  });

  it("Jira's 400 for an unknown status becomes a clear 400", async () => {
    jira.handle((_request, response) =>
      sendJson(response, 400, {
        errorMessages: ["The value 'Testing' does not exist for the field 'status'."],
        errors: {},
      }),
    );
    const response = await issues(t, token, { projectKey: 'ACME', status: 'Testing' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'Jira has no status "Testing". Pick another status, or ask your Jira administrator.',
    );
  });

  it('Jira being down is a 502/503/504 with a message, never a 500', async () => {
    jira.handle((request, response) => {
      request.headers['x-ignored'] = '1';
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html>maintenance</html>');
    });
    const response = await issues(t, token, { projectKey: 'ACME', status: 'Done' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toMatch(/^Jira answered with something unexpected/);
  });
});
