import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeJira, sendJson, startFakeJira } from '../testing/fake-jira.ts';
import { type FakeJiraDc, startFakeJiraDc } from '../testing/fake-jira-dc.ts';
import { signUpAndSignIn } from '../testing/sign-up.ts';
import { type Caller, callAs, inviteAndJoin } from '../testing/team.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const PAT = 'dc-pat-of-mia-0123456789';
let t: TestApp;
let dc: FakeJiraDc;
let cloud: FakeJira;
let owner: Caller;
let member: Caller & { email: string };

beforeAll(async () => {
  dc = await startFakeJiraDc({
    users: [{ name: 'mia', displayName: 'Mia', emailAddress: 'mia@agency.example', token: PAT }],
    projects: [{ key: 'DEMO', name: 'Bank demo' }],
  });
  cloud = await startFakeJira((request, response) => {
    if (request.path === '/rest/api/2/serverInfo') {
      return sendJson(response, 200, { deploymentType: 'Cloud', version: '1001.0.0-SNAPSHOT' });
    }
    if (request.path === '/rest/api/3/myself') {
      const ok =
        request.headers.authorization ===
        `Basic ${Buffer.from('mia@client.example:cloud-token').toString('base64')}`;
      return sendJson(
        response,
        ok ? 200 : 401,
        ok ? { accountId: 'x', emailAddress: 'mia@client.example' } : {},
      );
    }
    sendJson(response, 404, {});
  });
  // The fake Jira sites listen on loopback, which an administrator must allow.
  t = await createTestApp({ TRACKER_ALLOWED_HOSTS: '127.0.0.1' });
  owner = await signUpAndSignIn(t.app, {
    email: 'olga@agency.example',
    password: 'password-olga',
    apikey: 'olga-key',
  });
  const mia = { email: 'mia@agency.example', password: 'password-mia', apikey: 'mia-key' };
  member = { ...(await signUpAndSignIn(t.app, mia)), email: mia.email };
  await inviteAndJoin(t.app, owner, member);
});
afterAll(async () => {
  await t.close();
  await dc.close();
  await cloud.close();
});

const add = (caller: Caller, body: object) =>
  callAs(t.app, caller, '/jira/sites/add', { userId: caller.userId, ...body });
let workspaceId: string;

describe('Jira sites', () => {
  it('owners add a DC and a Cloud site, each checked by serverInfo; members may not', async () => {
    const ws = await callAs(t.app, owner, '/jira/getWorkspaces', { userId: owner.userId });
    workspaceId = (ws.json() as { data: { current: string } }).data.current;
    const added = await add(owner, { name: 'Bank', kind: 'jira-datacenter', baseUrl: `${dc.url}/` });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data).toEqual({
      id: expect.any(String),
      name: 'Bank',
      kind: 'jira-datacenter',
      baseUrl: dc.url,
    });
    expect((await add(owner, { name: 'Client', kind: 'jira-cloud', baseUrl: cloud.url })).statusCode).toBe(
      200,
    );
    const asMember = await callAs(
      t.app,
      member,
      '/jira/sites/add',
      { userId: member.userId, name: 'X', kind: 'jira-cloud', baseUrl: cloud.url },
      workspaceId,
    );
    expect(asMember.statusCode).toBe(403);
  });

  it('refuses a kind that does not match, an unreachable URL, and a name taken', async () => {
    const mismatch = await add(owner, { name: 'Wrong', kind: 'jira-cloud', baseUrl: dc.url });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toMatch(/is a Jira Data Center site, not Jira Cloud/);
    const unreachable = await add(owner, {
      name: 'Gone',
      kind: 'jira-datacenter',
      baseUrl: 'http://127.0.0.1:9/jira',
    });
    expect(unreachable.statusCode).toBe(400);
    expect(unreachable.json().message).toMatch(/is not a Jira site/);
    expect((await add(owner, { name: 'Bank', kind: 'jira-datacenter', baseUrl: dc.url })).statusCode).toBe(
      409,
    );
    expect((await add(owner, { name: 'x', kind: 'jira-datacenter', baseUrl: 'ftp://x' })).statusCode).toBe(
      400,
    );
  });

  it('each member sets their own credential per site, checked with /myself, stored sealed', async () => {
    const sites = async (caller: Caller) =>
      (await callAs(t.app, caller, '/jira/sites/list', { userId: caller.userId }, workspaceId)).json()
        .data as Array<{
        id: string;
        name: string;
        hasCredential: boolean;
      }>;
    const listed = await sites(member);
    expect(listed.map((s) => [s.name, s.hasCredential])).toEqual([
      ['default', true],
      ['Bank', false],
      ['Client', false],
    ]);
    const bank = listed[1]!.id;
    const client = listed[2]!.id;
    const set = (body: object) =>
      callAs(t.app, member, '/jira/sites/setCredential', { userId: member.userId, ...body }, workspaceId);
    const wrong = await set({ siteId: bank, token: 'not-the-pat' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toMatch(/personal access token/);
    expect((await set({ siteId: bank, token: PAT })).statusCode).toBe(200);
    expect(dc.requests.at(-1)?.headers.authorization).toBe(`Bearer ${PAT}`);
    expect((await set({ siteId: client, email: 'mia@client.example', token: 'wrong' })).statusCode).toBe(403);
    expect(
      (await set({ siteId: client, email: 'mia@client.example', token: 'cloud-token' })).statusCode,
    ).toBe(200);
    expect((await sites(member)).map((s) => s.hasCredential)).toEqual([true, true, true]);
    expect((await sites(owner)).map((s) => s.hasCredential)).toEqual([true, false, false]);
    const stored = await t.db.selectFrom('tracker_site_credentials').select('token_encrypted').execute();
    expect(
      stored.every((row) => !row.token_encrypted.includes(PAT) && row.token_encrypted.startsWith('v1.')),
    ).toBe(true);
    expect(dc.problems).toEqual([]);
  });

  it('removes an unused site; an unknown one is 404 and default stays', async () => {
    const listed = (
      await callAs(t.app, owner, '/jira/sites/list', { userId: owner.userId }, workspaceId)
    ).json().data;
    const client = listed[2].id as string;
    const remove = (siteId: string) =>
      callAs(t.app, owner, '/jira/sites/remove', { userId: owner.userId, siteId }, workspaceId);
    expect((await remove(client)).statusCode).toBe(200);
    expect((await remove(client)).statusCode).toBe(404);
    expect((await remove('default')).statusCode).toBe(400);
    expect((await remove('not-a-uuid')).statusCode).toBe(404);
  });
});

describe('the site default', () => {
  const listDefault = async (app: TestApp, caller: Caller) => {
    const listed = await callAs(app.app, caller, '/jira/sites/list', { userId: caller.userId });
    return (listed.json().data as Array<{ id: string; kind: string; baseUrl: string }>)[0];
  };
  const rows = (app: TestApp) =>
    app.app.db
      .selectFrom('tracker_sites')
      .select(['name', 'kind', 'base_url'])
      .where('workspace_id', 'is', null)
      .execute();

  it('is a row written at start-up: the demo tracker without JIRA_BASE_URL', async () => {
    expect(await rows(t)).toEqual([{ name: 'default', kind: 'demo', base_url: '' }]);
    expect(await listDefault(t, owner)).toMatchObject({ id: 'default', kind: 'demo', baseUrl: '' });
  });

  it('is the Jira Cloud site of JIRA_BASE_URL when it is set', async () => {
    const jira = await createTestApp({ JIRA_BASE_URL: 'https://team.atlassian.net' });
    try {
      const caller = await signUpAndSignIn(jira.app, {
        email: 'ada@agency.example',
        password: 'password-ada',
        apikey: 'ada-key',
      });
      expect(await rows(jira)).toEqual([
        { name: 'default', kind: 'jira-cloud', base_url: 'https://team.atlassian.net' },
      ]);
      expect(await listDefault(jira, caller)).toMatchObject({
        id: 'default',
        kind: 'jira-cloud',
        baseUrl: 'https://team.atlassian.net',
      });
    } finally {
      await jira.close();
    }
  });
});
