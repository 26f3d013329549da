import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { delay, type FakeJira, sendJson, startFakeJira } from '../testing/fake-jira.ts';
import { JiraClient } from './jira.client.ts';
import { type JiraClientOptions, parseRetryAfter } from './jira-http.ts';
import { TrackerError } from './tracker-errors.ts';

const credentials = { email: 'ada@example.com', apiToken: 'secret-token-123' };
const NOW = Date.parse('2026-11-22T12:00:00Z');

let jira: FakeJira;
beforeAll(async () => {
  jira = await startFakeJira();
});
afterAll(() => jira.close());
afterEach(() => {
  jira.requests.length = 0;
});

/** A client on the fake site with a recorded, instant sleep and a fixed clock and jitter. */
function client(overrides: Partial<JiraClientOptions> = {}) {
  const sleeps: number[] = [];
  const instance = new JiraClient({
    endpoint: { baseUrl: jira.url },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    now: () => NOW,
    random: () => 0.5,
    ...overrides,
  });
  return { client: instance, sleeps };
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

const projects = Array.from({ length: 7 }, (_, i) => ({
  id: String(10_000 + i),
  key: `P${i}`,
  name: `Project ${i}`,
  self: `https://x.atlassian.net/rest/api/3/project/${10_000 + i}`,
}));

describe('listProjects', () => {
  it('follows every page, reading the page size from the answer, not from the request', async () => {
    // Asked for 50, Jira answers 3 at a time.
    jira.handle((request, response) => {
      const startAt = Number(request.query.get('startAt'));
      const values = projects.slice(startAt, startAt + 3);
      const isLast = startAt + values.length >= projects.length;
      sendJson(response, 200, {
        self: 'x',
        maxResults: 3,
        startAt,
        total: projects.length,
        isLast,
        ...(isLast ? {} : { nextPage: `https://x/rest/api/3/project/search?startAt=${startAt + 3}` }),
        values,
      });
    });
    const { client: c } = client();
    const result = await c.listProjects(credentials);
    expect(result).toEqual(projects.map(({ key, name }) => ({ name, key })));
    expect(jira.requests.map((r) => r.query.get('startAt'))).toEqual(['0', '3', '6']);
    const first = jira.requests[0]!;
    expect(first.path).toBe('/rest/api/3/project/search');
    expect(first.query.get('maxResults')).toBe('50');
    expect(first.query.get('orderBy')).toBe('name');
    expect(first.query.get('action')).toBe('browse');
    expect(first.headers.authorization).toBe(
      `Basic ${Buffer.from('ada@example.com:secret-token-123').toString('base64')}`,
    );
    expect(first.headers.accept).toBe('application/json');
  });

  it('without isLast, goes on while nextPage or total say there is more', async () => {
    jira.handle((request, response) => {
      const startAt = Number(request.query.get('startAt'));
      const values = projects.slice(startAt, startAt + 4);
      sendJson(response, 200, { startAt, maxResults: 4, total: projects.length, values });
    });
    const { client: c } = client();
    expect(await c.listProjects(credentials)).toHaveLength(7);
    expect(jira.requests).toHaveLength(2);
  });

  it('stops on an empty page even when Jira says it is not the last', async () => {
    jira.handle((_request, response) => sendJson(response, 200, { isLast: false, values: [] }));
    const { client: c } = client();
    expect(await c.listProjects(credentials)).toEqual([]);
    expect(jira.requests).toHaveLength(1);
  });

  it('treats "no projects found" (404) as an empty list', async () => {
    jira.handle((_request, response) =>
      sendJson(response, 404, { errorMessages: ['No projects'], errors: {} }),
    );
    const { client: c } = client();
    expect(await c.listProjects(credentials)).toEqual([]);
  });

  it('stops after a page cap when Jira pages forever', async () => {
    jira.handle((request, response) => {
      const startAt = Number(request.query.get('startAt'));
      sendJson(response, 200, { isLast: false, startAt, values: [{ key: `K${startAt}`, name: 'n' }] });
    });
    const { client: c } = client({ maxPages: 5 });
    const error = await failure(c.listProjects(credentials));
    expect(error.statusCode).toBe(502);
    expect(jira.requests).toHaveLength(5);
  });
});

describe('searchIssues', () => {
  const issue = (n: number) => ({
    id: String(n),
    key: `DEMO-${n}`,
    self: `x/${n}`,
    fields: { summary: `Story ${n}`, description: null },
  });

  it('posts the JQL with only the fields asked for and follows nextPageToken to the end', async () => {
    jira.handle((request, response) => {
      const body = request.json as { nextPageToken?: string };
      if (!body.nextPageToken)
        return sendJson(response, 200, { issues: [issue(1), issue(2)], nextPageToken: 't2', isLast: false });
      if (body.nextPageToken === 't2')
        return sendJson(response, 200, { issues: [issue(3)], nextPageToken: 't3', isLast: false });
      return sendJson(response, 200, { issues: [issue(4)], isLast: true });
    });
    const { client: c } = client();
    const result = await c.searchIssues(credentials, {
      jql: 'project = "DEMO"',
      fields: ['summary', 'description'],
    });
    expect(result.map((i) => i.key)).toEqual(['DEMO-1', 'DEMO-2', 'DEMO-3', 'DEMO-4']);
    expect(jira.requests.map((r) => r.json)).toEqual([
      { jql: 'project = "DEMO"', fields: ['summary', 'description'], maxResults: 100 },
      { jql: 'project = "DEMO"', fields: ['summary', 'description'], maxResults: 100, nextPageToken: 't2' },
      { jql: 'project = "DEMO"', fields: ['summary', 'description'], maxResults: 100, nextPageToken: 't3' },
    ]);
    expect(jira.requests.every((r) => r.method === 'POST' && r.path === '/rest/api/3/search/jql')).toBe(true);
    expect(jira.requests[0]!.headers['content-type']).toBe('application/json');
  });

  it('can use GET with the fields as a comma list', async () => {
    jira.handle((request, response) => {
      if (!request.query.get('nextPageToken'))
        return sendJson(response, 200, { issues: [issue(1)], nextPageToken: 'n' });
      return sendJson(response, 200, { issues: [issue(2)] }); // last page: no token, no isLast
    });
    const { client: c } = client();
    const result = await c.searchIssues(credentials, {
      jql: 'project = "A&B"',
      fields: ['summary', 'description'],
      method: 'GET',
    });
    expect(result).toHaveLength(2);
    expect(jira.requests[0]!.query.get('jql')).toBe('project = "A&B"');
    expect(jira.requests[0]!.query.get('fields')).toBe('summary,description');
    expect(jira.requests[1]!.query.get('nextPageToken')).toBe('n');
  });

  it('refuses pages that repeat', async () => {
    jira.handle((_request, response) =>
      sendJson(response, 200, { issues: [issue(1)], nextPageToken: 'same', isLast: false }),
    );
    const { client: c } = client();
    const error = await failure(c.searchIssues(credentials, { jql: 'x', fields: [] }));
    expect(error.statusCode).toBe(502);
    expect(jira.requests).toHaveLength(2);
  });

  it('a bad page fails the search, and the next page already requested is abandoned', async () => {
    jira.handle(async (request, response) => {
      const body = request.json as { nextPageToken?: string };
      if (!body.nextPageToken) {
        return sendJson(response, 200, { issues: [{ key: 42 }], nextPageToken: 'p2', isLast: false });
      }
      await delay(200);
      if (!response.destroyed) sendJson(response, 200, { issues: [issue(2)], isLast: true });
    });
    const { client: c } = client();
    const error = await failure(c.searchIssues(credentials, { jql: 'x', fields: [] }));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/^Jira answered with something unexpected/);
    await delay(250); // nothing left over: no unhandled rejection once the abandoned page settles
    expect(jira.requests.length).toBeLessThanOrEqual(2);
  });

  it("passes Jira's 400 on with its words", async () => {
    jira.handle((_request, response) =>
      sendJson(response, 400, {
        errorMessages: ["The value 'NOPE' does not exist for the field 'project'."],
        errors: {},
      }),
    );
    const { client: c } = client();
    const error = await failure(c.searchIssues(credentials, { jql: 'project = "NOPE"', fields: [] }));
    expect(error.statusCode).toBe(400);
    expect(error.trackerStatus).toBe(400);
    expect(error.message).toContain("The value 'NOPE' does not exist for the field 'project'.");
    expect(jira.requests).toHaveLength(1);
  });
});

describe('retries', () => {
  it('waits as long as Retry-After says (seconds), then succeeds', async () => {
    let calls = 0;
    jira.handle((_request, response) => {
      calls++;
      if (calls === 1)
        return sendJson(response, 429, { errorMessages: ['Rate limited'] }, { 'retry-after': '3' });
      return sendJson(response, 200, { accountId: 'a1', emailAddress: credentials.email });
    });
    const { client: c, sleeps } = client();
    expect(await c.myself(credentials)).toMatchObject({ accountId: 'a1' });
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(3_000);
    expect(sleeps[0]).toBeLessThan(3_300);
  });

  it('understands Retry-After as an HTTP date, and waits at least a second for Retry-After: 0', async () => {
    let calls = 0;
    jira.handle((_request, response) => {
      calls++;
      if (calls === 1) {
        return sendJson(response, 503, {}, { 'retry-after': new Date(NOW + 5_000).toUTCString() });
      }
      if (calls === 2) return sendJson(response, 429, {}, { 'retry-after': '0' });
      return sendJson(response, 200, { accountId: 'a1' });
    });
    const { client: c, sleeps } = client();
    await c.myself(credentials);
    expect(sleeps[0]).toBeGreaterThanOrEqual(5_000);
    expect(sleeps[0]).toBeLessThan(5_300);
    expect(sleeps[1]).toBeGreaterThanOrEqual(1_000);
    expect(sleeps[1]).toBeLessThan(1_300);
  });

  it('backs off exponentially with jitter when there is no Retry-After (502, 503, 504)', async () => {
    let calls = 0;
    jira.handle((_request, response) => {
      calls++;
      const status = [502, 503, 504][calls - 1];
      if (status) return sendJson(response, status, {});
      return sendJson(response, 200, { accountId: 'a1' });
    });
    const randoms = [0, 1, 0.5];
    const { client: c, sleeps } = client({ random: () => randoms.shift() ?? 0.5 });
    await c.myself(credentials);
    // base 1 s × 2^(n-1), times 0.7 … 1.3
    expect(sleeps).toEqual([700, 2_600, 4_000]);
  });

  it('gives up after the last attempt with a rate-limit message', async () => {
    jira.handle((_request, response) => sendJson(response, 429, {}, { 'retry-after': '1' }));
    const { client: c, sleeps } = client({ maxAttempts: 3 });
    const error = await failure(c.listProjects(credentials));
    expect(error.statusCode).toBe(429);
    expect(error.message).toBe('Jira is rate-limiting requests; try again in a minute.');
    expect(jira.requests).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('does not wait when Retry-After is longer than the cap', async () => {
    jira.handle((_request, response) => sendJson(response, 429, {}, { 'retry-after': '3600' }));
    const { client: c, sleeps } = client();
    const error = await failure(c.myself(credentials));
    expect(error.statusCode).toBe(429);
    expect(sleeps).toEqual([]);
    expect(jira.requests).toHaveLength(1);
  });

  it('really sleeps by default (a real 429 then 200 on the wire)', async () => {
    let calls = 0;
    jira.handle((_request, response) => {
      calls++;
      if (calls === 1) return sendJson(response, 429, {});
      return sendJson(response, 200, { accountId: 'a1' });
    });
    const c = new JiraClient({ endpoint: { baseUrl: jira.url }, backoffBaseMs: 20 });
    const started = performance.now();
    await c.myself(credentials);
    expect(performance.now() - started).toBeGreaterThanOrEqual(13);
  });

  it.each([400, 401, 403, 404, 409, 410, 500])('never retries %i', async (status) => {
    jira.handle((_request, response) =>
      sendJson(response, status, { errorMessages: ['no'] }, { 'retry-after': '1' }),
    );
    const { client: c, sleeps } = client();
    await failure(c.myself(credentials));
    expect(jira.requests).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe('failures become clear errors', () => {
  it('401 (JSON, XML or plain text): the token was refused, named by e-mail, never 500 and never 401', async () => {
    for (const [type, body] of [
      [
        'application/json',
        '{"errorMessages":["Client must be authenticated to access this resource."],"errors":{}}',
      ],
      [
        'application/xml',
        '<status><status-code>401</status-code><message>Client must be authenticated</message></status>',
      ],
      ['text/plain', 'Basic authentication with passwords is deprecated.'],
    ] as const) {
      jira.handle((_request, response) => {
        response.writeHead(401, { 'content-type': type });
        response.end(body);
      });
      const { client: c } = client();
      const error = await failure(c.myself(credentials));
      expect(error.statusCode).toBe(403);
      expect(error.code).toBe('TRACKER_AUTH_REFUSED');
      expect(error.message).toBe(
        'Jira refused the API token for ada@example.com. Check the e-mail and API token.',
      );
      expect(error.message).not.toContain(credentials.apiToken);
    }
  });

  it('403: refused, with the same advice', async () => {
    jira.handle((_request, response) => sendJson(response, 403, { errorMessages: ['Forbidden'] }));
    const { client: c } = client();
    const error = await failure(c.listProjects(credentials));
    expect(error.statusCode).toBe(403);
    expect(error.message).toContain('Jira refused the API token for ada@example.com');
  });

  it('a 5xx that is not retried: 502 with a message', async () => {
    jira.handle((_request, response) => sendJson(response, 500, {}));
    const { client: c } = client();
    const error = await failure(c.myself(credentials));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/Jira had a problem answering \(HTTP 500\)/);
  });

  it('503 after every attempt: 503', async () => {
    jira.handle((_request, response) => sendJson(response, 503, {}));
    const { client: c } = client();
    const error = await failure(c.myself(credentials));
    expect(error.statusCode).toBe(503);
    expect(jira.requests).toHaveLength(4);
  });

  it('garbage: an HTML page with 200, or JSON of the wrong shape, is a 502', async () => {
    jira.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Log in to Atlassian</body></html>');
    });
    const { client: c } = client();
    let error = await failure(c.listProjects(credentials));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/^Jira answered with something unexpected/);

    jira.handle((_request, response) => sendJson(response, 200, { values: [{ key: 1 }] }));
    error = await failure(c.listProjects(credentials));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/^Jira answered with something unexpected/);

    jira.handle((_request, response) => sendJson(response, 200, { issues: 'none' }));
    error = await failure(c.searchIssues(credentials, { jql: 'x', fields: [] }));
    expect(error.statusCode).toBe(502);
  });

  it('a slow Jira: 504 after the per-request time-out', async () => {
    jira.handle(async (_request, response) => {
      await delay(1_000);
      if (!response.destroyed) sendJson(response, 200, { accountId: 'late' });
    });
    const { client: c } = client({ timeoutMs: 100 });
    const started = performance.now();
    const error = await failure(c.myself(credentials));
    expect(error.statusCode).toBe(504);
    expect(error.code).toBe('TRACKER_TIMEOUT');
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('a body that stops half-way also times out', async () => {
    jira.handle((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"accountId":');
    });
    const { client: c } = client({ timeoutMs: 150 });
    const error = await failure(c.myself(credentials));
    expect(error.statusCode).toBe(504);
  });

  it('an unreachable site: 502 "can\'t be reached"', async () => {
    const gone = await startFakeJira();
    const url = gone.url;
    await gone.close();
    const c = new JiraClient({ endpoint: { baseUrl: url }, sleep: async () => {} });
    const error = await failure(c.myself(credentials));
    expect(error.statusCode).toBe(502);
    expect(error.code).toBe('TRACKER_UNREACHABLE');
    expect(error.message).toMatch(/^The Jira site can't be reached \(ECONNREFUSED\)/);
  });

  it('an unknown host: 502', async () => {
    const c = new JiraClient({ endpoint: { baseUrl: 'http://no-such-host.invalid' }, sleep: async () => {} });
    const error = await failure(c.myself(credentials));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/^The Jira site can't be reached/);
  });

  it('a dropped connection is retried', async () => {
    let calls = 0;
    jira.handle((_request, response) => {
      calls++;
      if (calls === 1) return void response.socket?.destroy();
      sendJson(response, 200, { accountId: 'a1' });
    });
    const { client: c, sleeps } = client();
    expect(await c.myself(credentials)).toMatchObject({ accountId: 'a1' });
    expect(sleeps).toHaveLength(1);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores nonsense', () => {
    expect(parseRetryAfter('7', NOW)).toBe(7_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter(new Date(NOW + 90_000).toUTCString(), NOW)).toBe(90_000);
    expect(parseRetryAfter(new Date(NOW - 90_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });
});
