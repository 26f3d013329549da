import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeJira, sendJson, startFakeJira } from '../testing/fake-jira.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const ada = { email: 'ada@example.com', password: 'password-ada', apikey: 'ada-key-1' };

function post(t: TestApp, token: string | null, url: string, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: payload as Record<string, unknown>,
  });
}

describe('with the demo tracker', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ idToken: token } = await signUpAndSignIn(t.app, ada));
    await signUpAndSignIn(t.app, { email: 'bob@example.com', password: 'password-bob', apikey: 'bob-key' });
  });
  afterAll(() => t.close());

  it('getAllProjects lists the tracker projects as {name, key}', async () => {
    const response = await post(t, token, '/jira/getAllProjects', { email: ada.email, api: ada.apikey });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { name: 'Demo Web Shop', key: 'DEMO' },
        { name: 'Mobile App', key: 'MOB' },
        { name: 'Operations Portal', key: 'OPS' },
      ],
    });
  });

  it('getAllProjects uses the API key given; a wrong one is refused with a clear 403', async () => {
    const response = await post(t, token, '/jira/getAllProjects', { email: ada.email, api: 'wrong' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      code: 'TRACKER_AUTH_REFUSED',
      message: 'Jira refused the API token for ada@example.com. Check the e-mail and API token.',
    });
  });

  it('getAllProjects refuses another user’s e-mail (403), a missing e-mail (400) and a missing token (401)', async () => {
    const other = await post(t, token, '/jira/getAllProjects', { email: 'bob@example.com', api: 'bob-key' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You may only use your own e-mail address for Jira.');
    expect((await post(t, token, '/jira/getAllProjects', { api: ada.apikey })).statusCode).toBe(400);
    expect(
      (await post(t, null, '/jira/getAllProjects', { email: ada.email, api: ada.apikey })).statusCode,
    ).toBe(401);
    // The e-mail is compared without regard to case.
    const upper = await post(t, token, '/jira/getAllProjects', { email: 'ADA@example.com', api: ada.apikey });
    expect(upper.statusCode).toBe(200);
  });

  it('works the same when the server listens on a port (the client then calls it over HTTP)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const response = await post(t, token, '/jira/getAllProjects', { email: ada.email, api: ada.apikey });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toHaveLength(3);
  });

  it('updateApiKey saves the new key sealed; the demo tracker then accepts only the new key', async () => {
    const blank = await post(t, token, '/jira/updateApiKey', { apikey: '   ' });
    expect(blank.statusCode).toBe(400);
    const response = await post(t, token, '/jira/updateApiKey', { apikey: 'ada-key-2' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 200, message: 'Your API Key has been updated.' });
    const row = await t.db
      .selectFrom('users')
      .select('apikey_encrypted')
      .where('email', '=', ada.email)
      .executeTakeFirstOrThrow();
    expect(row.apikey_encrypted).not.toContain('ada-key-2');
    expect(
      (await post(t, token, '/jira/getAllProjects', { email: ada.email, api: 'ada-key-2' })).statusCode,
    ).toBe(200);
    expect(
      (await post(t, token, '/jira/getAllProjects', { email: ada.email, api: 'ada-key-1' })).statusCode,
    ).toBe(403);
    // Without `api`, the stored key is used.
    expect((await post(t, token, '/jira/getAllProjects', { email: ada.email })).statusCode).toBe(200);
  });
});

describe('with a real Jira site (JIRA_BASE_URL)', () => {
  let jira: FakeJira;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    jira = await startFakeJira((request, response) => {
      const [email, apiToken] = Buffer.from(String(request.headers.authorization).slice(6), 'base64')
        .toString()
        .split(':');
      if (email !== ada.email || !apiToken?.startsWith('good-')) {
        return sendJson(response, 401, {
          errorMessages: ['Client must be authenticated to access this resource.'],
        });
      }
      if (request.path === '/rest/api/3/myself')
        return sendJson(response, 200, { accountId: 'acc-1', emailAddress: email });
      if (request.path === '/rest/api/3/project/search') {
        return sendJson(response, 200, { isLast: true, values: [{ id: '1', key: 'ACME', name: 'Acme' }] });
      }
      sendJson(response, 404, {});
    });
    t = await createTestApp({ JIRA_BASE_URL: jira.url });
    ({ idToken: token } = await signUpAndSignIn(t.app, { ...ada, apikey: 'good-1' }));
  });
  afterAll(async () => {
    await t.close();
    await jira.close();
  });

  it('getAllProjects calls the site with Basic auth', async () => {
    jira.requests.length = 0;
    const response = await post(t, token, '/jira/getAllProjects', { email: ada.email, api: 'good-1' });
    expect(response.json()).toEqual({ data: [{ name: 'Acme', key: 'ACME' }] });
    expect(jira.requests[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ada.email}:good-1`).toString('base64')}`,
    );
  });

  it('updateApiKey refuses a key Jira refuses, and keeps the old one', async () => {
    const refused = await post(t, token, '/jira/updateApiKey', { apikey: 'bad-2' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Jira refused the API token for ada@example.com. Check the e-mail and API token.',
    );
    jira.requests.length = 0;
    expect((await post(t, token, '/jira/getAllProjects', { email: ada.email })).statusCode).toBe(200);
    expect(jira.requests[0]?.headers.authorization).toContain(
      Buffer.from(`${ada.email}:good-1`).toString('base64'),
    );
  });

  it('updateApiKey checks the key with GET /rest/api/3/myself, then saves it', async () => {
    jira.requests.length = 0;
    const accepted = await post(t, token, '/jira/updateApiKey', { apikey: 'good-2' });
    expect(accepted.statusCode).toBe(200);
    expect(jira.requests.map((r) => r.path)).toEqual(['/rest/api/3/myself']);
    jira.requests.length = 0;
    await post(t, token, '/jira/getAllProjects', { email: ada.email });
    expect(jira.requests[0]?.headers.authorization).toContain(
      Buffer.from(`${ada.email}:good-2`).toString('base64'),
    );
  });

  it('updateApiKey saves nothing when Jira cannot be reached', async () => {
    const down = await createTestApp({ JIRA_BASE_URL: 'http://127.0.0.1:9' });
    try {
      const { idToken } = await signUpAndSignIn(down.app, { ...ada, apikey: 'good-1' });
      const before = await down.db.selectFrom('users').select('apikey_encrypted').executeTakeFirstOrThrow();
      const response = await post(down, idToken, '/jira/updateApiKey', { apikey: 'good-3' });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/^The Jira site can't be reached/);
      expect(await down.db.selectFrom('users').select('apikey_encrypted').executeTakeFirstOrThrow()).toEqual(
        before,
      );
    } finally {
      await down.close();
    }
  });
});
